import {
  CheckCircleOutlined,
  ClockCircleOutlined,
  CloseCircleOutlined,
  EyeOutlined,
  HistoryOutlined,
  RedoOutlined,
  StopOutlined,
  SyncOutlined,
} from '@ant-design/icons';
import { FILAS_TAREFA, type FilaTarefa, SITUACOES_TAREFA, type SituacaoTarefa } from '@sig/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Descriptions, Modal, Popconfirm, Space, Table, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAutorizacao } from '../../platform/autorizacao';
import { chaves, cliente, dados } from '../../platform/cliente';
import { celulaDataHora, celulaTag } from '../../platform/crud/celulas';
import type { FiltroLista } from '../../platform/crud/filtros';
import { CabecalhoDaLista, ErroDaLista, FiltrosDaLista } from '../../platform/crud/PartesDaLista';
import { useListaRecurso } from '../../platform/useListaRecurso';
import { useTitulo } from '../../platform/useTitulo';

const ACESSO = 'Tarefas';
const FILTROS: readonly FiltroLista[] = [
  { tipo: 'multipla', nome: 'fila', opcoes: FILAS_TAREFA, rotulos: 'sistema:tarefas.filas' },
  { tipo: 'multipla', nome: 'situacao', opcoes: SITUACOES_TAREFA, rotulos: 'sistema:tarefas.situacoes' },
];
/** An icon tells the states apart: coloured tags fail the contrast check. */
const ICONES: Record<SituacaoTarefa, ReactNode> = {
  created: <ClockCircleOutlined />,
  retry: <HistoryOutlined />,
  active: <SyncOutlined spin />,
  completed: <CheckCircleOutlined />,
  cancelled: <StopOutlined />,
  failed: <CloseCircleOutlined />,
};

const celulaSituacao = celulaTag('sistema:tarefas.situacoes', ICONES);

function useRotuloFila() {
  const { t } = useTranslation(['sistema']);
  return (f: string) =>
    (FILAS_TAREFA as readonly string[]).includes(f) ? t(`sistema:tarefas.filas.${f as FilaTarefa}`) : f;
}

/** One job: its data and what its last run gave (the error of a failed one). */
function DetalheTarefa({ id, fechar }: { id: string; fechar: () => void }) {
  const { t } = useTranslation(['comum', 'sistema']);
  const rotuloFila = useRotuloFila();
  const q = useQuery({
    queryKey: chaves('tarefas').item(id),
    queryFn: () => dados(cliente.GET('/api/tarefas/{id}', { params: { path: { id } } })),
  });
  const d = q.data;
  return (
    <Modal open title={t('sistema:tarefas.ver')} onCancel={fechar} footer={null} width={760} loading={q.isFetching}>
      <ErroDaLista erro={q.error} />
      {d && (
        <Descriptions column={1} size="small" bordered data-testid="detalhe-tarefa">
          <Descriptions.Item label={t('sistema:tarefas.fila')}>{rotuloFila(d.fila)}</Descriptions.Item>
          <Descriptions.Item label={t('sistema:tarefas.situacao')}>{celulaSituacao(d.situacao)}</Descriptions.Item>
          <Descriptions.Item label={t('sistema:tarefas.tentativas')}>
            {d.tentativas} / {d.tentativasMaximas}
          </Descriptions.Item>
          <Descriptions.Item label={t('sistema:tarefas.criadaEm')}>{celulaDataHora(d.criadoEm)}</Descriptions.Item>
          <Descriptions.Item label={t('sistema:tarefas.dados')}>
            <Typography.Text code>{JSON.stringify(d.dados)}</Typography.Text>
          </Descriptions.Item>
          <Descriptions.Item label={t('sistema:tarefas.saida')}>
            <pre style={{ margin: 0, whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
              {d.saida === null ? '' : JSON.stringify(d.saida, null, 2)}
            </pre>
          </Descriptions.Item>
        </Descriptions>
      )}
    </Modal>
  );
}

/**
 * `/tarefas`: what the system does in the background (webhooks applied, mail sent, the overdue
 * marking, the provider reconciliation), with each job's attempts and last error; a failed one is
 * run again after a confirmation.
 */
export default function TarefasPage() {
  const { t } = useTranslation(['comum', 'menu', 'sistema']);
  const { message } = App.useApp();
  const { pode } = useAutorizacao();
  const qc = useQueryClient();
  const rotuloFila = useRotuloFila();
  const [vendo, setVendo] = useState<string | null>(null);
  useTitulo(`menu:acessos.${ACESSO}`);
  const repetir = useMutation({
    mutationFn: (id: string) => dados(cliente.POST('/api/tarefas/{id}/repetir', { params: { path: { id } } })),
    onSuccess: async () => {
      await qc.invalidateQueries({ queryKey: chaves('tarefas').todas });
      void message.success(t('sistema:tarefas.repetida'));
    },
  });
  const lista = useListaRecurso({
    recurso: 'tarefas',
    acesso: ACESSO,
    filtros: FILTROS,
    // The job layer keeps no export of its own: its rows are pg-boss's.
    exportavel: false,
    colunas: [
      { key: 'fila', dataIndex: 'fila', title: t('sistema:tarefas.fila'), sorter: true, render: rotuloFila },
      {
        key: 'situacao',
        dataIndex: 'situacao',
        title: t('sistema:tarefas.situacao'),
        sorter: true,
        render: celulaSituacao,
      },
      {
        key: 'referencia',
        dataIndex: 'referencia',
        title: t('sistema:tarefas.referencia'),
        render: (v: string) => v && <Typography.Text code>{v}</Typography.Text>,
      },
      {
        key: 'tentativas',
        title: t('sistema:tarefas.tentativas'),
        render: (_, x) => `${x.tentativas} / ${x.tentativasMaximas}`,
      },
      {
        key: 'erro',
        dataIndex: 'erro',
        title: t('sistema:tarefas.erro'),
        render: (v: string | null) =>
          v && (
            <Typography.Text type="danger" ellipsis={{ tooltip: v }} style={{ maxWidth: 320 }}>
              {v}
            </Typography.Text>
          ),
      },
      {
        key: 'criadoEm',
        dataIndex: 'criadoEm',
        title: t('sistema:tarefas.criadaEm'),
        sorter: true,
        render: celulaDataHora,
      },
      {
        key: 'concluidoEm',
        title: `${t('sistema:tarefas.concluidaEm')} / ${t('sistema:tarefas.executarApos')}`,
        render: (_, x) => celulaDataHora(x.concluidoEm ?? x.executarApos),
      },
      {
        key: 'acoes',
        title: t('comum:acoes'),
        render: (_, x) => (
          <Space size={0}>
            <Button
              size="small"
              type="text"
              icon={<EyeOutlined />}
              aria-label={t('sistema:tarefas.ver')}
              title={t('sistema:tarefas.ver')}
              onClick={() => setVendo(x.id)}
            />
            {x.situacao === 'failed' && pode(ACESSO, 'U') && (
              <Popconfirm
                title={t('sistema:tarefas.confirmarRepetir')}
                okText={t('comum:sim')}
                cancelText={t('comum:nao')}
                onConfirm={() => repetir.mutate(x.id)}
              >
                <Button
                  size="small"
                  type="text"
                  icon={<RedoOutlined />}
                  aria-label={t('sistema:tarefas.repetir')}
                  title={t('sistema:tarefas.repetir')}
                />
              </Popconfirm>
            )}
          </Space>
        ),
      },
    ],
  });

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <CabecalhoDaLista titulo={t(`menu:acessos.${ACESSO}`)} lista={lista} />
      <FiltrosDaLista lista={lista} />
      <ErroDaLista erro={lista.consulta.error} form={lista.searchFormProps.form} />
      <Table {...lista.tableProps} size="small" />
      {vendo && <DetalheTarefa id={vendo} fechar={() => setVendo(null)} />}
    </Space>
  );
}
