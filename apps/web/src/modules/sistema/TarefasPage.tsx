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
import { useQuery } from '@tanstack/react-query';
import { Descriptions, Modal, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAutorizacao } from '../../platform/autorizacao';
import { chaves, cliente, dados } from '../../platform/cliente';
import { colunaDeAcoes } from '../../platform/crud/AcoesLinha';
import { celulaDataHora, celulaErro, celulaTag } from '../../platform/crud/celulas';
import type { FiltroLista } from '../../platform/crud/filtros';
import { ErroDaLista, PaginaDaLista } from '../../platform/crud/PartesDaLista';
import { type Linha, useListaRecurso } from '../../platform/useListaRecurso';
import { useAcao } from '../../platform/useMutacaoForm';
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
  const { pode } = useAutorizacao();
  const rotuloFila = useRotuloFila();
  const [vendo, setVendo] = useState<string | null>(null);
  useTitulo(`menu:acessos.${ACESSO}`);
  const repetir = useAcao({
    mutationFn: (id: string) => dados(cliente.POST('/api/tarefas/{id}/repetir', { params: { path: { id } } })),
    invalidar: [chaves('tarefas').todas],
    sucesso: t('sistema:tarefas.repetida'),
  });
  const lista = useListaRecurso({
    recurso: 'tarefas',
    acesso: ACESSO,
    filtros: FILTROS,
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
      { key: 'erro', dataIndex: 'erro', title: t('sistema:tarefas.erro'), render: celulaErro },
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
      colunaDeAcoes<Linha<'tarefas'>>(
        t('comum:acoes'),
        (x) => [
          { icone: <EyeOutlined />, rotulo: t('sistema:tarefas.ver'), aoClicar: () => setVendo(x.id) },
          x.situacao === 'failed' &&
            pode(ACESSO, 'U') && {
              icone: <RedoOutlined />,
              rotulo: t('sistema:tarefas.repetir'),
              confirmacao: t('sistema:tarefas.confirmarRepetir'),
              aoClicar: () => repetir.mutate(x.id),
            },
        ],
        { pequeno: true },
      ),
    ],
  });

  return (
    <PaginaDaLista titulo={t(`menu:acessos.${ACESSO}`)} lista={lista}>
      {vendo && <DetalheTarefa id={vendo} fechar={() => setVendo(null)} />}
    </PaginaDaLista>
  );
}
