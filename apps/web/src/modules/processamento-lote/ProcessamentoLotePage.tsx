import { type Paged, type ProcessamentoLote, STATUS_LOTE, TIPOS_LOTE, type TipoLote } from '@sig/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Card, Form, Select, Space, Typography } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { api } from '../../platform/api';
import { AcoesLinha } from '../../platform/crud/AcoesLinha';
import { BotoesDeBusca, ErroDaLista, TabelaDaLista } from '../../platform/crud/TabelaDaLista';
import { useListaNaUrl, usePaginaValida } from '../../platform/crud/useListaNaUrl';
import { useHub } from '../../platform/useHub';
import { useTitulo } from '../../platform/useTitulo';
import { ACESSO_LOTE, ProgressoLote, ROTA_LOTE, StatusLoteTag } from './comum';

type Filtros = { tipo?: string | null; status?: string[] };

/** `/processamentos-em-lote` (spec §2): the scope's batches of every kind, progress updated live. */
export default function ProcessamentoLotePage() {
  const { t, i18n } = useTranslation(['campos', 'comum', 'lotes', 'menu']);
  const navegar = useNavigate();
  const [form] = Form.useForm<Filtros>();
  useTitulo(`menu:acessos.${ACESSO_LOTE}`);
  useHub('processamento_lote', ['processamento-lote']);
  const lista = useListaNaUrl();
  const { params, pagina, quantidade, mudar } = lista;
  const tipo = params.get('tipo') ?? undefined;
  const status = params.get('status') ?? undefined;
  useEffect(() => {
    form.setFieldsValue({ tipo: tipo ?? null, status: status ? status.split(',') : [] });
  }, [tipo, status, form]);

  const consulta = { pagina, quantidade, ordenarPor: 'criadoEm', ordem: 'desc', tipo, status };
  const q = useQuery({
    queryKey: ['processamento-lote', 'paginado', consulta],
    queryFn: ({ signal }) =>
      api.get<Paged<ProcessamentoLote>>('processamento-lote/paginado', consulta, { sinal: signal, semCarga: true }),
    placeholderData: keepPreviousData,
    retry: false,
  });
  usePaginaValida(lista, q.data?.total);
  const buscar = (v: Filtros) =>
    mudar({ pagina: undefined, tipo: v.tipo ?? undefined, status: v.status?.length ? v.status.join(',') : undefined });

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Typography.Title level={1} style={{ fontSize: 24, margin: 0 }}>
        {t(`menu:acessos.${ACESSO_LOTE}`)}
      </Typography.Title>
      <Card size="small" title={t('comum:filtros')} data-testid="filtros">
        <Form form={form} name="filtros-lotes" layout="inline" style={{ rowGap: 12 }} onFinish={buscar}>
          <Form.Item name="tipo" label={t('lotes:tipoLote')} style={{ minWidth: 240 }}>
            <Select allowClear options={TIPOS_LOTE.map((x) => ({ value: x, label: t(`lotes:tipo.${x}`) }))} />
          </Form.Item>
          <Form.Item name="status" label={t('campos:status')} style={{ minWidth: 260 }}>
            <Select
              mode="multiple"
              allowClear
              options={STATUS_LOTE.map((s) => ({ value: s, label: t(`lotes:status.${s}`) }))}
            />
          </Form.Item>
          <BotoesDeBusca limpar={() => buscar({})} />
        </Form>
      </Card>
      <ErroDaLista erro={q.error} />
      <TabelaDaLista<ProcessamentoLote>
        consulta={q}
        lista={lista}
        size="small"
        loading={q.isFetching && !q.data}
        columns={[
          { key: 'id', dataIndex: 'id', title: '#' },
          { key: 'tipo', dataIndex: 'tipo', title: t('lotes:tipoLote'), render: (v: TipoLote) => t(`lotes:tipo.${v}`) },
          { key: 'organizacaoNome', dataIndex: 'organizacaoNome', title: t('campos:organizacaoId') },
          { key: 'criadoPorNome', dataIndex: 'criadoPorNome', title: t('lotes:criadoPor') },
          {
            key: 'criadoEm',
            dataIndex: 'criadoEm',
            title: t('lotes:criadoEm'),
            render: (v: string) => new Date(v).toLocaleString(i18n.language),
          },
          {
            key: 'status',
            dataIndex: 'status',
            title: t('campos:status'),
            render: (_: unknown, l: ProcessamentoLote) => <StatusLoteTag status={l.status} />,
          },
          {
            key: 'progresso',
            title: t('lotes:andamento'),
            render: (_: unknown, l: ProcessamentoLote) => <ProgressoLote lote={l} largura={180} />,
          },
          {
            key: 'acoes',
            title: t('comum:acoes'),
            render: (_: unknown, l: ProcessamentoLote) => (
              <AcoesLinha aoVisualizar={() => navegar(`${ROTA_LOTE}/${l.id}/visualizacao`)} />
            ),
          },
        ]}
      />
    </Space>
  );
}
