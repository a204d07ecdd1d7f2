import { Alert, Button, Form, Input, message } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { cliente } from '../../platform/cliente';
import { aplicarErrosServidor, mensagemDeErro } from '../../platform/formulario';
import { useTitulo } from '../../platform/useTitulo';
import { CamposNovaSenha } from './CamposNovaSenha';
import { idDoDispositivo } from './dispositivo';
import { PublicoCard, VoltarAoLogin } from './PublicoCard';
import { regrasPublicas } from './validacao';

/** Password reset: ask for the e-mailed link, or, opened from that link, set the new password. */
export default function ResetSenhaPage() {
  // Its e-mail label is a field name (`campos`), fetched before it shows.
  const { t } = useTranslation(['publico', 'campos']);
  useTitulo('publico:titulos.resetSenha');
  const navegar = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token');
  const [form] = Form.useForm();
  const [aviso, setAviso] = useState<{ tipo: 'success' | 'error'; texto: string } | null>(null);
  const [enviando, setEnviando] = useState(false);

  const executar = async (acao: () => Promise<void>) => {
    setAviso(null);
    setEnviando(true);
    try {
      await acao();
    } catch (e) {
      if (!aplicarErrosServidor(form, e)) setAviso({ tipo: 'error', texto: mensagemDeErro(e) });
    } finally {
      setEnviando(false);
    }
  };

  if (token) {
    const regras = regrasPublicas('redefinirSenhaBody');
    return (
      <PublicoCard titulo={t('publico:reset.definirTitulo')}>
        {aviso && <Alert type={aviso.tipo} title={aviso.texto} showIcon style={{ marginBottom: 16 }} role="alert" />}
        <Form
          form={form}
          layout="vertical"
          initialValues={{ token }}
          onFinish={(v: { senha: string; confirmacaoSenha: string }) =>
            executar(async () => {
              await cliente.POST('/api/Autenticacao/redefinir-senha', {
                body: { ...v, token, dispositivo: idDoDispositivo() },
              });
              void message.success(t('publico:reset.sucesso'));
              navegar('/login', { replace: true });
            })
          }
        >
          <CamposNovaSenha
            regras={regras}
            senha={t('publico:login.novaSenha')}
            confirmacao={t('publico:login.confirmacao')}
          />
          <Button type="primary" htmlType="submit" block loading={enviando}>
            {t('publico:reset.definir')}
          </Button>
        </Form>
      </PublicoCard>
    );
  }

  const regras = regrasPublicas('solicitarRedefinicaoBody');
  return (
    <PublicoCard titulo={t('publico:reset.pedirTitulo')}>
      <p>{t('publico:reset.pedirAjuda')}</p>
      {aviso && <Alert type={aviso.tipo} title={aviso.texto} showIcon style={{ marginBottom: 16 }} role="status" />}
      <Form
        form={form}
        layout="vertical"
        onFinish={(v: { email: string }) =>
          executar(async () => {
            await cliente.POST('/api/Autenticacao/solicitar-redefinicao-senha', { body: v });
            setAviso({ tipo: 'success', texto: t('publico:reset.enviado') });
          })
        }
      >
        <Form.Item name="email" label={t('campos:email')} rules={regras('email')}>
          <Input type="email" autoComplete="email" />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={enviando}>
          {t('publico:reset.enviar')}
        </Button>
      </Form>
      <VoltarAoLogin />
    </PublicoCard>
  );
}
