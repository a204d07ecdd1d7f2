import type { AutenticacaoResposta } from '@sig/contracts';
import { Alert, Button, Form } from 'antd';
// The two inputs on their own: `Input` from 'antd' also carries Group (with Space), Search, TextArea and OTP.
import Input from 'antd/es/input/Input';
import Password from 'antd/es/input/Password';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { cliente, comToken, dados } from '../../platform/cliente';
import { aplicarErrosServidor, mensagemDeErro } from '../../platform/formulario';
import { gravarSessao } from '../../platform/sessao';
import { useTitulo } from '../../platform/useTitulo';
import { CamposNovaSenha } from './CamposNovaSenha';
import { idDoDispositivo } from './dispositivo';
import { PublicoCard } from './PublicoCard';
import { regrasPublicas } from './validacao';

type Metodo2FA = 'totp' | 'email' | 'recuperacao';
type Etapa =
  | { tipo: 'credenciais' }
  | { tipo: '2fa'; resposta: AutenticacaoResposta; metodo: Metodo2FA }
  | { tipo: 'trocarSenha'; resposta: AutenticacaoResposta };

/**
 * Sign-in: credentials, then the second factor when the user has it, then a forced password
 * change when the account requires it. The token is stored only once all steps are done;
 * until then it travels only with the step that needs it.
 */
export default function LoginPage() {
  const { t } = useTranslation(['publico']);
  useTitulo('publico:titulos.login');
  const navegar = useNavigate();
  const [etapa, setEtapa] = useState<Etapa>({ tipo: 'credenciais' });
  const [erro, setErro] = useState<string | null>(null);
  const [enviando, setEnviando] = useState(false);
  const [form] = Form.useForm();

  const concluir = (r: AutenticacaoResposta) => {
    if (r.trocarSenha) {
      setEtapa({ tipo: 'trocarSenha', resposta: r });
      return;
    }
    gravarSessao(r);
    navegar('/dashboard', { replace: true });
  };

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
      setEtapa({ ...etapa, metodo });
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
                    setEtapa({ ...etapa, metodo: 'email' });
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

  if (etapa.tipo === 'trocarSenha') {
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

  const regras = regrasPublicas('autenticarBody');
  return (
    <PublicoCard titulo={t('publico:login.titulo')}>
      {erro && (
        <Alert type="error" title={erro} showIcon style={{ marginBottom: 16 }} role="alert" data-testid="erro-login" />
      )}
      <Form
        form={form}
        layout="vertical"
        onFinish={(v: { login: string; senha: string }) =>
          executar(async () => {
            const r = await dados(
              cliente.POST('/api/Autenticacao/autenticar', { body: { ...v, dispositivo: idDoDispositivo() } }),
            );
            if (r.requer2FA) setEtapa({ tipo: '2fa', resposta: r, metodo: 'totp' });
            else concluir(r);
          })
        }
      >
        <Form.Item name="login" label={t('publico:login.login')} rules={regras('login')}>
          <Input autoComplete="username" autoFocus />
        </Form.Item>
        <Form.Item name="senha" label={t('publico:login.senha')} rules={regras('senha')}>
          <Password autoComplete="current-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={enviando}>
          {t('publico:login.entrar')}
        </Button>
      </Form>
      <div style={{ marginTop: 16, display: 'flex', justifyContent: 'space-between', gap: 8 }}>
        <Link to="/reset-senha">{t('publico:login.esqueci')}</Link>
        <Link to="/cadastro">{t('publico:login.cadastrar')}</Link>
      </div>
    </PublicoCard>
  );
}
