import { type ClientesAsaasLoteInput, clientesAsaasLoteInput } from '@sig/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Form, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useAutorizacao } from '../../platform/autorizacao';
import { avisarErro } from '../../platform/aviso';
import { chaves, cliente, dados } from '../../platform/cliente';
import { aplicarErrosServidor, regrasZod } from '../../platform/formulario';
import { SeletorPessoas } from '../../platform/SeletorPessoas';
import { useTitulo } from '../../platform/useTitulo';
import { ROTA_LOTE, TabelaLotes } from '../processamento-lote/comum';
import { OrganizacaoDoLote } from './OrganizacaoDoLote';

const ACESSO = 'ClientesAsaasLote';

/**
 * `/clientes-asaas-lote` (spec §2): the people of an organization (and below it) and/or chosen
 * ones are sent to the payment provider as customers, in a bulk processing followed live.
 */
export default function ClientesAsaasLotePage() {
  const { t } = useTranslation(['campos', 'lotes', 'menu']);
  const { message } = App.useApp();
  const { pode } = useAutorizacao();
  const navegar = useNavigate();
  const qc = useQueryClient();
  const [form] = Form.useForm<ClientesAsaasLoteInput>();
  useTitulo(`menu:acessos.${ACESSO}`);
  const regra = regrasZod(clientesAsaasLoteInput);

  const criar = useMutation({
    mutationFn: (v: ClientesAsaasLoteInput) =>
      dados(
        cliente.POST('/api/clientes-asaas-lote/', {
          body: {
            organizacaoId: v.organizacaoId ?? undefined,
            incluirSubarvore: v.incluirSubarvore,
            pessoaIds: v.pessoaIds?.length ? v.pessoaIds : undefined,
          },
        }),
      ),
    onSuccess: async (criado) => {
      await qc.invalidateQueries({ queryKey: chaves('clientes-asaas-lote').todas });
      void message.success(t('lotes:criado', { total: criado.total }));
      if (pode('ProcessamentosEmLote', 'R')) navegar(`${ROTA_LOTE}/${criado.id}/visualizacao`);
    },
    onError: (e) => {
      if (!aplicarErrosServidor(form, e)) avisarErro(e);
    },
  });

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Typography.Title level={1} style={{ fontSize: 24, margin: 0 }}>
        {t(`menu:acessos.${ACESSO}`)}
      </Typography.Title>
      <Alert type="info" showIcon title={t('lotes:clientesExplicacao')} />
      {pode(ACESSO, 'C') && (
        <Card size="small" title={t('lotes:novoLote')}>
          <Form
            form={form}
            name="clientes-asaas-lote"
            layout="vertical"
            initialValues={{ incluirSubarvore: true }}
            onFinish={(v) => criar.mutate(v)}
            style={{ maxWidth: 640 }}
          >
            <OrganizacaoDoLote regra={regra} />
            <Form.Item name="pessoaIds" label={t('lotes:pessoas')} rules={regra('pessoaIds')}>
              <SeletorPessoas aria-label={t('lotes:pessoas')} />
            </Form.Item>
            <Button type="primary" htmlType="submit" loading={criar.isPending} data-testid="criar-lote">
              {t('lotes:enviarAoProvedor')}
            </Button>
          </Form>
        </Card>
      )}
      <TabelaLotes
        recurso="clientes-asaas-lote"
        verEm={pode('ProcessamentosEmLote', 'R') ? (l) => `${ROTA_LOTE}/${l.id}/visualizacao` : null}
      />
    </Space>
  );
}
