import { ACESSO_FALECIDO } from '@sig/contracts';
import { useTranslation } from 'react-i18next';
import { celulaData } from '../../platform/crud/celulas';
import type { FiltroLista } from '../../platform/crud/filtros';
import { PaginaDaLista } from '../../platform/crud/PartesDaLista';
import { useListaRecurso } from '../../platform/useListaRecurso';
import { useTitulo } from '../../platform/useTitulo';
import { ROTA_FORM_FALECIDO } from './comum';

const FILTROS: readonly FiltroLista[] = [
  { tipo: 'texto', nome: 'nome' },
  { tipo: 'referencia', nome: 'cemiterioId', referencia: 'cemiterio' },
];

/** `/falecido` (spec §2): the deceased buried in the scope's cemeteries, by burial date. */
export default function FalecidoListaPage() {
  const { t } = useTranslation(['campos', 'comum', 'cemiterios', 'menu']);
  useTitulo(`menu:acessos.${ACESSO_FALECIDO}`);
  const lista = useListaRecurso({
    recurso: 'falecido',
    acesso: ACESSO_FALECIDO,
    filtros: FILTROS,
    ordenacao: { ordem: 'desc' },
    rotaForm: ROTA_FORM_FALECIDO,
    colunas: [
      { key: 'nome', dataIndex: 'nome', title: t('campos:nome') },
      { key: 'dataFalecimento', dataIndex: 'dataFalecimento', title: t('campos:dataFalecimento'), render: celulaData },
      {
        key: 'dataSepultamento',
        dataIndex: 'dataSepultamento',
        title: t('campos:dataSepultamento'),
        render: celulaData,
      },
      { key: 'cemiterioNome', dataIndex: 'cemiterioNome', title: t('campos:cemiterioNome') },
      { key: 'jazigoRotulo', dataIndex: 'jazigoRotulo', title: t('campos:jazigoId') },
      { key: 'gaveta', dataIndex: 'gaveta', title: t('campos:gaveta') },
    ],
    acoesDaLinha: {},
  });
  return (
    <PaginaDaLista
      titulo={t(`menu:acessos.${ACESSO_FALECIDO}`)}
      lista={lista}
      textoNovo={t('cemiterios:novoFalecido')}
    />
  );
}
