import { type ClientesAsaasLoteInput, clientesAsaasLoteInput, type ProcessamentoLote } from '@sig/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Form, Space, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { api } from '../../platform/api';
import { useAutorizacao } from '../../platform/autorizacao';
import { SelectReferencia } from '../../platform/crud/controles';
import { aplicarErrosServidor, mensagemDeErro, regrasZod } from '../../platform/formulario';
import { SeletorPessoas } from '../../platform/SeletorPessoas';
import { useTitulo } from '../../platform/useTitulo';
import { ROTA_LOTE, TabelaLotes } from '../processamento-lote/comum';

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

  const enviar = async (v: ClientesAsaasLoteInput) => {
    try {
      const criado = await api.post<ProcessamentoLote>('clientes-asaas-lote', {
        organizacaoId: v.organizacaoId ?? undefined,
        incluirSubarvore: v.incluirSubarvore,
        pessoaIds: v.pessoaIds?.length ? v.pessoaIds : undefined,
      });
      await qc.invalidateQueries({ queryKey: ['clientes-asaas-lote'] });
      void message.success(t('lotes:criado', { total: criado.total }));
      if (pode('ProcessamentosEmLote', 'R')) navegar(`${ROTA_LOTE}/${criado.id}/visualizacao`);
    } catch (e) {
      if (!aplicarErrosServidor(form, e)) void message.error(mensagemDeErro(e));
    }
  };

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
            onFinish={enviar}
            style={{ maxWidth: 640 }}
          >
            <Form.Item name="organizacaoId" label={t('campos:organizacaoId')} rules={regra('organizacaoId')}>
              <SelectReferencia referencia="organizacao" allowClear />
            </Form.Item>
            <Form.Item name="incluirSubarvore" label={t('lotes:incluirSubarvore')} valuePropName="checked">
              <Switch />
            </Form.Item>
            <Form.Item name="pessoaIds" label={t('lotes:pessoas')} rules={regra('pessoaIds')}>
              <SeletorPessoas aria-label={t('lotes:pessoas')} />
            </Form.Item>
            <Button type="primary" htmlType="submit" data-testid="criar-lote">
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
