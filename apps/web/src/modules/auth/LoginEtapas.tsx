import type { AutenticacaoResposta } from '@sig/contracts';
import { Alert, Button, Form } from 'antd';
import Input from 'antd/es/input/Input';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cliente, comToken, dados } from '../../platform/cliente';
import { aplicarErrosServidor, mensagemDeErro } from '../../platform/formulario';
import { CamposNovaSenha } from './CamposNovaSenha';
import { PublicoCard } from './PublicoCard';
import { regrasPublicas } from './validacao';

type Metodo2FA = 'totp' | 'email' | 'recuperacao';
export type EtapaSeguinte =
  | { tipo: '2fa'; resposta: AutenticacaoResposta; metodo: Metodo2FA }
  | { tipo: 'trocarSenha'; resposta: AutenticacaoResposta };

/**
 * The sign-in's steps after the credentials: the second factor, then a forced password change.
 * Their own chunk (LoginPage.tsx): few users ever see them, and their antd Form would weigh on
 * every /login.
 */
export default function LoginEtapas({
  etapa,
  mudarEtapa,
  concluir,
}: {
  etapa: EtapaSeguinte;
  mudarEtapa: (etapa: EtapaSeguinte) => void;
  concluir: (r: AutenticacaoResposta) => void;
}) {
  const { t } = useTranslation(['publico']);
  const [erro, setErro] = useState<string | null>(null);
  const [enviando, setEnviando] = useState(false);
  const [form] = Form.useForm();

  const executar = async (acao: () => Promise<void>) => {
    setErro(null);
    setEnviando(true);
    try {
      await acao();
    } catch (e) {
      if (!aplicarErrosServidor(form, e)) setErro(mensagemDeErro(e));
    } finally {
      setEnviando(false);
    }
  };

  if (etapa.tipo === '2fa') {
    const regras = regrasPublicas('autenticar2FABody');
    const recuperacao = etapa.metodo === 'recuperacao';
    const usar = (metodo: Metodo2FA) => {
      form.resetFields(['codigo']);
      // The code's check depends on the method (regrasPublicas reads every value of the form).
      form.setFieldValue('metodo', metodo);
      setErro(null);
      mudarEtapa({ ...etapa, metodo });
    };
    const ajuda = {
      totp: t('publico:login.codigoAjuda'),
      email: t('publico:login.codigoEnviado'),
      recuperacao: t('publico:login.recuperacaoAjuda'),
    }[etapa.metodo];
    return (
      <PublicoCard titulo={t('publico:login.codigoTitulo')}>
        <p>{ajuda}</p>
        {erro && <Alert type="error" title={erro} showIcon style={{ marginBottom: 16 }} role="alert" />}
        <Form
          form={form}
          layout="vertical"
          onFinish={(v: { codigo: string }) =>
            executar(async () => {
              const r = await dados(
                cliente.POST('/api/Autenticacao/autenticar-2FA', {
                  body: { codigo: v.codigo, metodo: etapa.metodo },
                  ...comToken(etapa.resposta.accessToken),
                }),
              );
              concluir(r);
            })
          }
        >
          <Form.Item
            name="codigo"
            label={t(recuperacao ? 'publico:login.codigoRecuperacao' : 'publico:login.codigo')}
            rules={regras('codigo')}
          >
            {recuperacao ? (
              <Input key="recuperacao" autoComplete="off" spellCheck={false} maxLength={20} autoFocus />
            ) : (
              <Input key="codigo" inputMode="numeric" autoComplete="one-time-code" maxLength={6} autoFocus />
            )}
          </Form.Item>
          <div style={{ display: 'flex', flexDirection: 'column', gap: 8 }}>
            <Button type="primary" htmlType="submit" block loading={enviando}>
              {t('publico:login.confirmar')}
            </Button>
            {etapa.metodo === 'totp' && (
              <Button
                type="link"
                block
                onClick={() =>
                  executar(async () => {
                    await cliente.POST('/api/Autenticacao/enviar-codigo-2FA', comToken(etapa.resposta.accessToken));
                    mudarEtapa({ ...etapa, metodo: 'email' });
                  })
                }
              >
                {t('publico:login.enviarEmail')}
              </Button>
            )}
            <Button type="link" block onClick={() => usar(recuperacao ? 'totp' : 'recuperacao')}>
              {t(recuperacao ? 'publico:login.usarAplicativo' : 'publico:login.usarRecuperacao')}
            </Button>
          </div>
        </Form>
      </PublicoCard>
    );
  }

  const regras = regrasPublicas('trocarSenhaBody');
  return (
    <PublicoCard titulo={t('publico:login.trocarTitulo')}>
      <p>{t('publico:login.trocarAjuda')}</p>
      {erro && <Alert type="error" title={erro} showIcon style={{ marginBottom: 16 }} role="alert" />}
      <Form
        form={form}
        layout="vertical"
        onFinish={(v: { senhaAtual: string; senha: string; confirmacaoSenha: string }) =>
          executar(async () => {
            await cliente.PUT('/api/conta/senha', { body: v, ...comToken(etapa.resposta.accessToken) });
            concluir({ ...etapa.resposta, trocarSenha: false });
          })
        }
      >
        <CamposNovaSenha
          regras={regras}
          senhaAtual={t('publico:login.senhaAtual')}
          senha={t('publico:login.novaSenha')}
          confirmacao={t('publico:login.confirmacao')}
        />
        <Button type="primary" htmlType="submit" block loading={enviando}>
          {t('publico:login.salvarSenha')}
        </Button>
      </Form>
    </PublicoCard>
  );
}
