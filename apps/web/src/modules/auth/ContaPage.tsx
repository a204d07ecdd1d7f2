import { doisFatoresAtivarBody, trocarSenhaBody } from '@sig/contracts';
import { Alert, App, Button, Card, Form, Input, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../platform/api';
import { aplicarErrosServidor, mensagemDeErro, regrasZod } from '../../platform/formulario';
import { useTitulo } from '../../platform/useTitulo';

/** The user's own account: change password, turn two-step verification on or off. */
export default function ContaPage() {
  const { t } = useTranslation(['campos', 'comum', 'conta', 'publico', 'validacao']);
  useTitulo('publico:titulos.conta');
  const { message } = App.useApp();
  const [formSenha] = Form.useForm();
  const [form2FA] = Form.useForm();
  const [segredo, setSegredo] = useState<string | null>(null);

  const executar = async (form: ReturnType<typeof Form.useForm>[0], acao: () => Promise<void>) => {
    try {
      await acao();
    } catch (e) {
      if (!aplicarErrosServidor(form, e)) void message.error(mensagemDeErro(e));
    }
  };
  const regrasSenha = regrasZod(trocarSenhaBody);

  return (
    <Space orientation="vertical" size="large" style={{ width: '100%', maxWidth: 560 }}>
      <Typography.Title level={1} style={{ fontSize: 24 }}>
        {t('publico:titulos.conta')}
      </Typography.Title>
      <Card title={t('comum:shell.trocarSenha')}>
        <Form
          form={formSenha}
          layout="vertical"
          onFinish={(v) =>
            executar(formSenha, async () => {
              await api.put('conta/senha', v);
              formSenha.resetFields();
              void message.success(t('conta:senhaAlterada'));
            })
          }
        >
          <Form.Item name="senhaAtual" label={t('publico:login.senhaAtual')} rules={regrasSenha('senhaAtual')}>
            <Input.Password autoComplete="current-password" />
          </Form.Item>
          <Form.Item name="senha" label={t('publico:login.novaSenha')} rules={regrasSenha('senha')}>
            <Input.Password autoComplete="new-password" />
          </Form.Item>
          <Form.Item
            name="confirmacaoSenha"
            label={t('publico:login.confirmacao')}
            rules={regrasSenha('confirmacaoSenha')}
            dependencies={['senha']}
          >
            <Input.Password autoComplete="new-password" />
          </Form.Item>
          <Button type="primary" htmlType="submit">
            {t('publico:login.salvarSenha')}
          </Button>
        </Form>
      </Card>
      <Card title={t('comum:shell.doisFatores')}>
        {segredo ? (
          <Form
            form={form2FA}
            layout="vertical"
            onFinish={(v) =>
              executar(form2FA, async () => {
                await api.post('conta/2fa/ativar', v);
                setSegredo(null);
                void message.success(t('conta:ativado'));
              })
            }
          >
            <Alert type="info" title={t('conta:segredo', { segredo })} style={{ marginBottom: 16 }} />
            <Form.Item
              name="codigo"
              label={t('conta:confirmarCodigo')}
              rules={regrasZod(doisFatoresAtivarBody)('codigo')}
            >
              <Input inputMode="numeric" maxLength={6} autoComplete="one-time-code" />
            </Form.Item>
            <Button type="primary" htmlType="submit">
              {t('conta:ativar')}
            </Button>
          </Form>
        ) : (
          <Space wrap>
            <Button
              onClick={() =>
                executar(form2FA, async () => {
                  const r = await api.post<{ segredo: string }>('conta/2fa/iniciar');
                  setSegredo(r.segredo);
                })
              }
            >
              {t('conta:ativar')}
            </Button>
            <Form
              form={form2FA}
              layout="inline"
              onFinish={(v) =>
                executar(form2FA, async () => {
                  await api.post('conta/2fa/desativar', v);
                  form2FA.resetFields();
                  void message.success(t('conta:desativado'));
                })
              }
            >
              <Form.Item
                name="senha"
                rules={[{ required: true, message: t('validacao:obrigatorio', { campo: t('campos:senha') }) }]}
              >
                <Input.Password
                  placeholder={t('conta:senhaParaDesativar')}
                  aria-label={t('conta:senhaParaDesativar')}
                />
              </Form.Item>
              <Button danger htmlType="submit">
                {t('conta:desativar')}
              </Button>
            </Form>
          </Space>
        )}
      </Card>
    </Space>
  );
}
