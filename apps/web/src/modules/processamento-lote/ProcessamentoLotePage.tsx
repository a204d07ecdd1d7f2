import { STATUS_LOTE, TIPOS_LOTE, type TipoLote } from '@sig/contracts';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { AcoesLinha } from '../../platform/crud/AcoesLinha';
import { celulaDataHora } from '../../platform/crud/celulas';
import type { FiltroLista } from '../../platform/crud/filtros';
import { PaginaDaLista } from '../../platform/crud/PartesDaLista';
import { useHub } from '../../platform/useHub';
import { useListaRecurso } from '../../platform/useListaRecurso';
import { useTitulo } from '../../platform/useTitulo';
import { ACESSO_LOTE, ProgressoLote, ROTA_LOTE, StatusLoteTag } from './comum';

const FILTROS: readonly FiltroLista[] = [
  { tipo: 'opcao', nome: 'tipo', opcoes: TIPOS_LOTE, rotulos: 'lotes:tipo' },
  { tipo: 'multipla', nome: 'status', opcoes: STATUS_LOTE, rotulos: 'lotes:status' },
];

/**
 * `/processamentos-em-lote` (spec §2): the scope's batches of every kind, newest first, progress
 * updated live (the hub refreshes the list without the page's loading flag). Batches are created
 * on their kind's screen, so this list has no New.
 */
export default function ProcessamentoLotePage() {
  const { t } = useTranslation(['campos', 'comum', 'lotes', 'menu']);
  const navegar = useNavigate();
  useTitulo(`menu:acessos.${ACESSO_LOTE}`);
  useHub('processamento_lote', ['processamento-lote']);
  const lista = useListaRecurso({
    recurso: 'processamento-lote',
    acesso: ACESSO_LOTE,
    filtros: FILTROS,
    ordenacao: { campo: 'criadoEm', ordem: 'desc' },
    discreto: true,
    colunas: [
      { key: 'id', dataIndex: 'id', title: '#' },
      { key: 'tipo', dataIndex: 'tipo', title: t('lotes:tipoLote'), render: (v: TipoLote) => t(`lotes:tipo.${v}`) },
      { key: 'organizacaoNome', dataIndex: 'organizacaoNome', title: t('campos:organizacaoId') },
      { key: 'criadoPorNome', dataIndex: 'criadoPorNome', title: t('lotes:criadoPor') },
      { key: 'criadoEm', dataIndex: 'criadoEm', title: t('lotes:criadoEm'), render: celulaDataHora },
      {
        key: 'status',
        dataIndex: 'status',
        title: t('campos:status'),
        render: (_, l) => <StatusLoteTag status={l.status} />,
      },
      {
        key: 'progresso',
        title: t('lotes:andamento'),
        render: (_, l) => <ProgressoLote lote={l} largura={180} />,
      },
      {
        key: 'acoes',
        title: t('comum:acoes'),
        render: (_, l) => <AcoesLinha aoVisualizar={() => navegar(`${ROTA_LOTE}/${l.id}/visualizacao`)} />,
      },
    ],
  });

  // Live refreshes keep the rows in place: the spinner only while nothing is shown yet.
  return (
    <PaginaDaLista
      titulo={t(`menu:acessos.${ACESSO_LOTE}`)}
      lista={lista}
      tabela={{ loading: lista.consulta.isFetching && !lista.consulta.data }}
    />
  );
}
