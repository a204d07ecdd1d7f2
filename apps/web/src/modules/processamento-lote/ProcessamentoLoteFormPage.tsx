import {
  CheckCircleOutlined,
  ClockCircleOutlined,
  CloseCircleOutlined,
  RollbackOutlined,
  SyncOutlined,
} from '@ant-design/icons';
import { type ItemLote, STATUS_ITEM_LOTE, STATUS_LOTE_ATIVOS, type StatusItemLote } from '@sig/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Descriptions, Popconfirm, Select, Space, Table, Tag, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { useAutorizacao } from '../../platform/autorizacao';
import { chaves, cliente, clienteDiscreto, dados } from '../../platform/cliente';
import { mensagemDeErro } from '../../platform/formulario';
import { useHub } from '../../platform/useHub';
import { useTitulo } from '../../platform/useTitulo';
import { ACESSO_LOTE, ProgressoLote, StatusLoteTag, terminou } from './comum';

/** An icon tells the statuses apart: coloured tags fail the contrast check. */
const ICONES_ITEM: Record<StatusItemLote, ReactNode> = {
  PENDENTE: <ClockCircleOutlined />,
  EM_ANDAMENTO: <SyncOutlined spin />,
  OK: <CheckCircleOutlined />,
  ERRO: <CloseCircleOutlined />,
  DESFEITO: <RollbackOutlined />,
};
/** The screens that start a batch (the form without an id points to them). */
const CRIACAO = [
  { acesso: 'ClientesAsaasLote', rota: '/clientes-asaas-lote' },
  { acesso: 'ContasAReceberLote', rota: '/contas-a-receber-lote/form' },
  { acesso: 'CobrancasEmLote', rota: '/cobrancas-em-lote/form' },
] as const;

/** The APIs that read one batch and its items: the batch screen's, and a kind's under its own access. */
type Sucesso = 'lotes:cancelado' | 'lotes:reprocessando' | 'lotes:desfazendo';
type RecursoLote = 'processamento-lote' | 'contas-a-receber-lote' | 'inscricoes-de-eventos/email';

/**
 * `/processamentos-em-lote/form/:id` (spec §2, §4): one batch, its progress live through the hub,
 * its items with their errors, and cancel / reprocess errors / undo (confirmed first).
 */
export default function ProcessamentoLoteFormPage() {
  const { t, i18n } = useTranslation(['campos', 'comum', 'erros', 'lotes', 'menu']);
  const { id } = useParams();
  const { pode } = useAutorizacao();
  useTitulo(`menu:acessos.${ACESSO_LOTE}`);
  if (!id)
    return (
      <Card title={t(`menu:acessos.${ACESSO_LOTE}`)}>
        <Space orientation="vertical">
          <Typography.Text>{t('lotes:escolhaTipo')}</Typography.Text>
          {CRIACAO.filter((c) => pode(c.acesso, 'C')).map((c) => (
            <Link key={c.acesso} to={c.rota}>
              {t(`menu:acessos.${c.acesso}`)}
            </Link>
          ))}
        </Space>
      </Card>
    );
  return <DetalheLote id={Number(id)} idioma={i18n.language} />;
}

/**
 * One batch, followed live. `recurso`: the API that reads it (a kind's own screen reads its batches
 * under its own access); `voltar`: where the back button leads.
 */
export function DetalheLote({
  id,
  idioma,
  recurso = 'processamento-lote',
  voltar = '/processamentos-em-lote',
}: {
  id: number;
  idioma: string;
  recurso?: RecursoLote;
  voltar?: string;
}) {
  const { t } = useTranslation(['campos', 'comum', 'erros', 'lotes', 'menu']);
  const { message } = App.useApp();
  const { pode } = useAutorizacao();
  const navegar = useNavigate();
  const qc = useQueryClient();
  const [pagina, setPagina] = useState(1);
  const [quantidade, setQuantidade] = useState(10);
  const [status, setStatus] = useState<StatusItemLote[]>([]);
  const chave = chaves('processamento-lote').item(id);
  useHub('processamento_lote', chave);
  // Read without the page's loading flag: the hub refreshes them while the user looks.
  const noLote = { params: { path: { id } } };
  const lote = useQuery({
    queryKey: chave,
    queryFn: ({ signal }) =>
      dados(clienteDiscreto.GET(`/api/${recurso}/{id}` as '/api/processamento-lote/{id}', { ...noLote, signal })),
    retry: false,
  });
  const consulta = { pagina, quantidade, status: status.length ? status.join(',') : undefined };
  const itens = useQuery({
    queryKey: [...chave, 'itens', consulta],
    queryFn: ({ signal }) =>
      dados(
        clienteDiscreto.GET(`/api/${recurso}/{id}/itens` as '/api/processamento-lote/{id}/itens', {
          params: { path: { id }, query: consulta as never },
          signal,
        }),
      ),
    placeholderData: keepPreviousData,
    retry: false,
  });

  // A refusal (the batch moved on meanwhile) is the app handler's message.
  const acao = useMutation({
    mutationFn: ({ caminho }: { caminho: 'cancelar' | 'reprocessar-erros' | 'desfazer'; sucesso: Sucesso }) =>
      dados(
        // The undo takes the items to undo; an empty body undoes all the batch's done ones.
        caminho === 'desfazer'
          ? cliente.POST('/api/processamento-lote/{id}/desfazer', { ...noLote, body: {} })
          : cliente.POST(`/api/processamento-lote/{id}/${caminho}`, noLote),
      ),
    onSuccess: async (_r, { sucesso }) => {
      await qc.invalidateQueries({ queryKey: chaves('processamento-lote').todas });
      void message.success(t(sucesso));
    },
  });
  const agir = (caminho: 'cancelar' | 'reprocessar-erros' | 'desfazer', sucesso: Sucesso) =>
    acao.mutate({ caminho, sucesso });

  if (lote.isError) return <Alert type="error" showIcon title={mensagemDeErro(lote.error)} />;
  const l = lote.data;
  if (!l) return null;
  const ativo = STATUS_LOTE_ATIVOS.includes(l.status);
  const data = (v: string | null) => (v ? new Date(v).toLocaleString(idioma) : '—');

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Space style={{ width: '100%', justifyContent: 'space-between' }} wrap>
        <Typography.Title level={1} style={{ fontSize: 24, margin: 0 }}>
          {t('lotes:titulo', { id: l.id, tipo: t(`lotes:tipo.${l.tipo}`) })}
        </Typography.Title>
        <Space wrap>
          {pode(ACESSO_LOTE, 'U') && ativo && (
            <Popconfirm
              title={t('lotes:confirmarCancelamento')}
              okText={t('comum:sim')}
              cancelText={t('comum:nao')}
              onConfirm={() => agir('cancelar', 'lotes:cancelado')}
            >
              <Button danger data-testid="cancelar-lote">
                {t('lotes:cancelar')}
              </Button>
            </Popconfirm>
          )}
          {pode(ACESSO_LOTE, 'U') && l.status === 'CONCLUIDO_COM_ERROS' && (
            <Button data-testid="reprocessar" onClick={() => agir('reprocessar-erros', 'lotes:reprocessando')}>
              {t('lotes:reprocessarErros')}
            </Button>
          )}
          {pode(ACESSO_LOTE, 'D') && terminou(l) && l.desfazivel && l.sucessos > 0 && (
            <Popconfirm
              title={t('lotes:confirmarDesfazer', { n: l.sucessos })}
              okText={t('comum:sim')}
              cancelText={t('comum:nao')}
              okButtonProps={{ danger: true }}
              onConfirm={() => agir('desfazer', 'lotes:desfazendo')}
            >
              <Button danger data-testid="desfazer">
                {t('lotes:desfazer')}
              </Button>
            </Popconfirm>
          )}
          <Button onClick={() => navegar(voltar)}>{t('comum:voltar')}</Button>
        </Space>
      </Space>
      <Card size="small">
        <Descriptions size="small" column={{ xs: 1, md: 3 }}>
          <Descriptions.Item label={t('campos:status')}>
            <StatusLoteTag status={l.status} />
          </Descriptions.Item>
          <Descriptions.Item label={t('campos:organizacaoId')}>{l.organizacaoNome}</Descriptions.Item>
          <Descriptions.Item label={t('lotes:criadoPor')}>{l.criadoPorNome}</Descriptions.Item>
          <Descriptions.Item label={t('lotes:criadoEm')}>{data(l.criadoEm)}</Descriptions.Item>
          <Descriptions.Item label={t('lotes:iniciadoEm')}>{data(l.iniciadoEm)}</Descriptions.Item>
          <Descriptions.Item label={t('lotes:concluidoEm')}>{data(l.concluidoEm ?? l.canceladoEm)}</Descriptions.Item>
          <Descriptions.Item label={t('lotes:contagens')}>
            {t('lotes:resumo', {
              sucessos: l.sucessos,
              erros: l.erros,
              desfeitos: l.desfeitos,
              pendentes: l.pendentes,
            })}
          </Descriptions.Item>
        </Descriptions>
        <ProgressoLote lote={l} />
        {!l.desfazivel && (
          <Typography.Text type="secondary">{t(`lotes:semDesfazer.${l.tipo}`, { defaultValue: '' })}</Typography.Text>
        )}
      </Card>
      <Card
        size="small"
        title={t('lotes:itens')}
        extra={
          <Select<StatusItemLote[]>
            mode="multiple"
            allowClear
            placeholder={t('campos:status')}
            aria-label={t('campos:status')}
            style={{ minWidth: 220 }}
            value={status}
            onChange={(v) => {
              setStatus(v);
              setPagina(1);
            }}
            options={STATUS_ITEM_LOTE.map((s) => ({ value: s, label: t(`lotes:statusItem.${s}`) }))}
          />
        }
      >
        <Table<ItemLote>
          rowKey="id"
          size="small"
          dataSource={itens.data?.itens ?? []}
          loading={itens.isFetching && !itens.data}
          locale={{ emptyText: t('erros:NENHUM_RESULTADO') }}
          scroll={{ x: 'max-content' }}
          pagination={{
            current: pagina,
            pageSize: quantidade,
            total: itens.data?.total ?? 0,
            showSizeChanger: true,
            onChange: (p, q) => {
              setPagina(p);
              setQuantidade(q);
            },
          }}
          columns={[
            { key: 'descricao', dataIndex: 'descricao', title: t('lotes:item') },
            {
              key: 'status',
              dataIndex: 'status',
              title: t('campos:status'),
              render: (s: StatusItemLote, i: ItemLote) => (
                <Tag icon={ICONES_ITEM[s]}>
                  {t(`lotes:statusItem.${s}`)}
                  {i.acao === 'DESFAZER' && s !== 'DESFEITO' ? ` (${t('lotes:desfazer')})` : ''}
                </Tag>
              ),
            },
            { key: 'erro', dataIndex: 'erro', title: t('lotes:erro') },
            { key: 'resultado', dataIndex: 'resultado', title: t('lotes:resultado') },
            { key: 'tentativas', dataIndex: 'tentativas', title: t('lotes:tentativas'), align: 'right' },
          ]}
        />
      </Card>
    </Space>
  );
}
