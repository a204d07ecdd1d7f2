import {
  type DoisFatoresInicio,
  doisFatoresAtivarBody,
  doisFatoresDesativarBody,
  trocarSenhaBody,
} from '@sig/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Form, Input, Skeleton, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errosNoForm } from '../../platform/aviso';
import { chaves, cliente, dados } from '../../platform/cliente';
import { mensagemDeErro, regrasZod } from '../../platform/formulario';
import { useTitulo } from '../../platform/useTitulo';
import { CamposNovaSenha } from './CamposNovaSenha';

type Formulario = ReturnType<typeof Form.useForm>[0];
const CHAVE_2FA = [...chaves('conta').todas, '2fa'];

/** Recovery codes, shown once (only their hashes are kept), until the user says they are saved. */
function CodigosRecuperacao({ codigos, aoConcluir }: { codigos: string[]; aoConcluir: () => void }) {
  const { t } = useTranslation(['conta']);
  const { message } = App.useApp();
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Alert type="warning" showIcon title={t('conta:codigosTitulo')} description={t('conta:codigosAjuda')} />
      <ul data-testid="codigos-recuperacao" style={{ columns: 2, fontFamily: 'monospace', fontSize: 16 }}>
        {codigos.map((c) => (
          <li key={c}>{c}</li>
        ))}
      </ul>
      <Space wrap>
        <Button
          onClick={() =>
            navigator.clipboard
              .writeText(codigos.join('\n'))
              .then(() => message.success(t('conta:copiados')))
              .catch(() => undefined)
          }
        >
          {t('conta:copiar')}
        </Button>
        <Button type="primary" onClick={aoConcluir}>
          {t('conta:guardei')}
        </Button>
      </Space>
    </Space>
  );
}

const novosCodigos = (body: { senha: string }) => dados(cliente.POST('/api/conta/2fa/codigos-recuperacao', { body }));
const desativar = (body: { senha: string }) => dados(cliente.POST('/api/conta/2fa/desativar', { body }));

/** Two-step verification: set-up with a QR code, recovery codes, new codes or off with the password. */
function DoisFatores({ executar }: { executar: (form: Formulario, acao: () => Promise<void>) => Promise<void> }) {
  const { t } = useTranslation(['campos', 'comum', 'conta']);
  const { message } = App.useApp();
  const qc = useQueryClient();
  const [form] = Form.useForm();
  const [inicio, setInicio] = useState<DoisFatoresInicio | null>(null);
  const [codigos, setCodigos] = useState<string[] | null>(null);
  const estado = useQuery({
    queryKey: CHAVE_2FA,
    queryFn: ({ signal }) => dados(cliente.GET('/api/conta/2fa', { signal })),
  });
  const atualizar = () => qc.invalidateQueries({ queryKey: CHAVE_2FA });

  if (codigos) return <CodigosRecuperacao codigos={codigos} aoConcluir={() => setCodigos(null)} />;
  if (estado.isError) return <Alert type="error" showIcon title={mensagemDeErro(estado.error)} />;
  if (!estado.data) return <Skeleton active />;

  if (inicio)
    return (
      <Form
        form={form}
        layout="vertical"
        onFinish={(v: { codigo: string }) =>
          executar(form, async () => {
            const r = await dados(cliente.POST('/api/conta/2fa/ativar', { body: v }));
            setInicio(null);
            form.resetFields();
            setCodigos(r.codigosRecuperacao);
            void message.success(t('conta:ativado'));
            await atualizar();
          })
        }
      >
        <Typography.Paragraph>{t('conta:escaneie')}</Typography.Paragraph>
        <img src={inicio.qrCode} alt={t('conta:qrCode')} width={200} height={200} data-testid="qr-code-2fa" />
        <Typography.Paragraph copyable={{ text: inicio.segredo }} style={{ marginTop: 8 }}>
          {t('conta:segredo', { segredo: inicio.segredo })}
        </Typography.Paragraph>
        <Form.Item name="codigo" label={t('conta:confirmarCodigo')} rules={regrasZod(doisFatoresAtivarBody)('codigo')}>
          <Input inputMode="numeric" maxLength={6} autoComplete="one-time-code" />
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit">
            {t('conta:ativar')}
          </Button>
          <Button onClick={() => setInicio(null)}>{t('comum:cancelar')}</Button>
        </Space>
      </Form>
    );

  if (!estado.data.ativo)
    return (
      <Space orientation="vertical">
        <Typography.Text>{t('conta:doisFatoresInativo')}</Typography.Text>
        <Button
          onClick={() =>
            executar(form, async () => {
              setInicio(await dados(cliente.POST('/api/conta/2fa/iniciar')));
            })
          }
        >
          {t('conta:ativar')}
        </Button>
      </Space>
    );

  const comSenha = async <T,>(chamada: (corpo: { senha: string }) => Promise<T>, depois: (r: T) => void) => {
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    await executar(form, async () => {
      depois(await chamada(v));
      form.resetFields();
      await atualizar();
    });
  };
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Typography.Text>{t('conta:doisFatoresAtivo')}</Typography.Text>
      <Typography.Text type="secondary" data-testid="codigos-restantes">
        {t('conta:codigosRestantes', { n: estado.data.codigosRestantes })}
      </Typography.Text>
      <Form form={form} layout="vertical">
        <Form.Item name="senha" label={t('conta:senha')} rules={regrasZod(doisFatoresDesativarBody)('senha')}>
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <Space wrap>
          <Button
            onClick={() =>
              comSenha(novosCodigos, (r) => {
                setCodigos(r.codigosRecuperacao);
                void message.success(t('conta:codigosGerados'));
              })
            }
          >
            {t('conta:gerarCodigos')}
          </Button>
          <Button danger onClick={() => comSenha(desativar, () => void message.success(t('conta:desativado')))}>
            {t('conta:desativar')}
          </Button>
        </Space>
      </Form>
    </Space>
  );
}

/** The user's own account: change password, two-step verification. */
export default function ContaPage() {
  const { t } = useTranslation(['campos', 'comum', 'conta', 'publico', 'validacao']);
  useTitulo('publico:titulos.conta');
  const { message } = App.useApp();
  const [formSenha] = Form.useForm();

  // Every write of the page: a refusal goes on the form's fields, or is the app's message.
  const escrita = useMutation({
    mutationFn: ({ acao }: { form: Formulario; acao: () => Promise<void> }) => acao(),
    onError: (e, { form }) => errosNoForm(form)(e),
  });
  const executar = (form: Formulario, acao: () => Promise<void>) =>
    escrita.mutateAsync({ form, acao }).catch(() => undefined);
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
              await dados(cliente.PUT('/api/conta/senha', { body: v }));
              formSenha.resetFields();
              void message.success(t('conta:senhaAlterada'));
            })
          }
        >
          <CamposNovaSenha
            regras={regrasSenha}
            senhaAtual={t('publico:login.senhaAtual')}
            senha={t('publico:login.novaSenha')}
            confirmacao={t('publico:login.confirmacao')}
          />
          <Button type="primary" htmlType="submit">
            {t('publico:login.salvarSenha')}
          </Button>
        </Form>
      </Card>
      <Card title={t('comum:shell.doisFatores')} data-testid="dois-fatores">
        <DoisFatores executar={executar} />
      </Card>
    </Space>
  );
}
