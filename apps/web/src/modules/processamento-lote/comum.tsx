import {
  CheckCircleOutlined,
  ClockCircleOutlined,
  DownloadOutlined,
  FileZipOutlined,
  StopOutlined,
  SyncOutlined,
  WarningOutlined,
} from '@ant-design/icons';
import type { ProcessamentoLote, StatusLote } from '@sig/contracts';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { Button, Progress, Space, Table, type TableProps, Tag, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { baixarArquivo } from '../../platform/api';
import type { paths } from '../../platform/api-esquema';
import { cliente, clienteDiscreto, dados } from '../../platform/cliente';
import { AcoesLinha } from '../../platform/crud/AcoesLinha';
import { celulaDataHora } from '../../platform/crud/celulas';
import { ErroDaLista } from '../../platform/crud/PartesDaLista';
import { useHub } from '../../platform/useHub';

export const ACESSO_LOTE = 'ProcessamentosEmLote';

/** The APIs that list batches of a kind (each under its screen's access), or of every kind. */
type RecursoLotes = keyof paths extends infer K
  ? K extends `/api/${infer R}/paginado`
    ? R extends `${string}lote${string}`
      ? R
      : never
    : never
  : never;
export const ROTA_LOTE = '/processamentos-em-lote/form';

/** An icon tells the statuses apart: coloured tags fail the contrast check. */
const ICONES: Record<StatusLote, ReactNode> = {
  PENDENTE: <ClockCircleOutlined />,
  EM_ANDAMENTO: <SyncOutlined spin />,
  CONCLUIDO: <CheckCircleOutlined />,
  CONCLUIDO_COM_ERROS: <WarningOutlined />,
  CANCELADO: <StopOutlined />,
};

export function StatusLoteTag({ status }: { status: StatusLote }) {
  const { t } = useTranslation(['campos', 'comum', 'erros', 'lotes']);
  return <Tag icon={ICONES[status]}>{t(`lotes:status.${status}`)}</Tag>;
}

/** Worked items over the total; the red part is the errors. */
export function ProgressoLote({ lote, largura }: { lote: ProcessamentoLote; largura?: number }) {
  const { t } = useTranslation(['campos', 'comum', 'erros', 'lotes']);
  const feitos = lote.total - lote.pendentes;
  const pct = (n: number) => (lote.total ? Math.round((n * 100) / lote.total) : 0);
  return (
    <Progress
      percent={pct(feitos)}
      success={{ percent: pct(lote.sucessos + lote.desfeitos) }}
      status={lote.erros ? 'exception' : undefined}
      // Plain text colour: the finished bar's green label fails the contrast check.
      format={() => <Typography.Text>{t('lotes:progresso', { feitos, total: lote.total })}</Typography.Text>}
      style={largura ? { width: largura } : undefined}
      aria-label={t('lotes:progresso', { feitos, total: lote.total })}
    />
  );
}

/** A file a finished batch made (`GET /api/<recurso>/{id}/<formato>`), downloaded from its row. */
type ArquivoDoLote = {
  formato: 'pdf' | 'zip';
  rotulo: string;
  /** The file's name when the server names none. */
  nome: (id: number) => string;
};

/** A batch that went to its end (with or without errors; not cancelled). */
export const terminou = (l: ProcessamentoLote) => l.status === 'CONCLUIDO' || l.status === 'CONCLUIDO_COM_ERROS';

/** One file's button: it spins while that batch's file comes; a refusal is told by the app's handler. */
function BaixarArquivoDoLote({
  recurso,
  lote,
  arquivo,
}: {
  recurso: RecursoLotes;
  lote: ProcessamentoLote;
  arquivo: ArquivoDoLote;
}) {
  const baixar = useMutation({
    mutationFn: async () => {
      const { data, response } = await cliente.GET(
        `/api/${recurso}/{id}/${arquivo.formato}` as '/api/oficio/lote/{id}/pdf',
        { params: { path: { id: lote.id } }, parseAs: 'blob' },
      );
      baixarArquivo(data as Blob, response, arquivo.nome(lote.id));
    },
  });
  return (
    <Button
      size="small"
      icon={arquivo.formato === 'zip' ? <FileZipOutlined /> : <DownloadOutlined />}
      loading={baixar.isPending}
      onClick={() => baixar.mutate()}
    >
      {arquivo.rotulo}
    </Button>
  );
}

/**
 * The batches of one kind, as the screens that create them list them, newest first, ten a page and
 * updated live: when, status, progress, and the row's actions (`arquivos`: what a finished batch
 * downloads; `verEm`: where the batch opens). `recurso` is the kind's API (its `/paginado` lists
 * them); `chave` the query key the screen refreshes after creating one.
 */
export function TabelaLotes({
  recurso,
  chave = recurso,
  verEm,
  arquivos,
  comOrganizacao = true,
  ...resto
}: {
  recurso: RecursoLotes;
  chave?: string;
  /** Null when the user may not open a batch. */
  verEm: ((lote: ProcessamentoLote) => string) | null;
  arquivos?: readonly ArquivoDoLote[];
  comOrganizacao?: boolean;
} & Pick<TableProps<ProcessamentoLote>, 'title'> & { 'data-testid'?: string }) {
  const { t } = useTranslation(['campos', 'comum', 'erros', 'lotes']);
  const navegar = useNavigate();
  const [pagina, setPagina] = useState(1);
  useHub('processamento_lote', [chave, 'lotes']);
  const consulta = { pagina, quantidade: 10, ordenarPor: 'criadoEm', ordem: 'desc' };
  const q = useQuery({
    queryKey: [chave, 'lotes', consulta],
    // Without the page's loading flag: the hub refreshes it while the user looks.
    queryFn: ({ signal }) =>
      dados(
        clienteDiscreto.GET(`/api/${recurso}/paginado` as '/api/processamento-lote/paginado', {
          params: { query: consulta as never },
          signal,
        }),
      ),
    placeholderData: keepPreviousData,
    retry: false,
  });
  const lotes = q.data;
  return (
    <>
      <ErroDaLista erro={q.error} />
      <Table<ProcessamentoLote>
        rowKey="id"
        size="small"
        {...resto}
        dataSource={lotes?.itens ?? []}
        loading={q.isFetching && !lotes}
        locale={{ emptyText: t('erros:NENHUM_RESULTADO') }}
        scroll={{ x: 'max-content' }}
        pagination={{ current: pagina, pageSize: 10, total: lotes?.total ?? 0, onChange: setPagina }}
        columns={[
          { key: 'id', dataIndex: 'id', title: '#' },
          ...(comOrganizacao
            ? [{ key: 'organizacaoNome', dataIndex: 'organizacaoNome', title: t('campos:organizacaoId') }]
            : []),
          {
            key: 'criadoEm',
            dataIndex: 'criadoEm',
            title: t('lotes:criadoEm'),
            render: celulaDataHora,
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
              <Space>
                {terminou(l) &&
                  arquivos?.map((a) => <BaixarArquivoDoLote key={a.formato} recurso={recurso} lote={l} arquivo={a} />)}
                {verEm && <AcoesLinha aoVisualizar={() => navegar(verEm(l))} />}
              </Space>
            ),
          },
        ]}
      />
    </>
  );
}
