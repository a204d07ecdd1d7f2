import { ACESSO_ARRENDATARIO } from '@sig/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { celulaData, celulaDinheiro, celulaNumero } from '../../platform/crud/celulas';
import type { FiltroLista } from '../../platform/crud/filtros';
import { PaginaDaLista } from '../../platform/crud/PartesDaLista';
import { useListaRecurso } from '../../platform/useListaRecurso';
import { useTitulo } from '../../platform/useTitulo';
import { ROTA_FORM_ARRENDATARIO } from './comum';

const FILTROS: readonly FiltroLista[] = [
  { tipo: 'texto', nome: 'nome' },
  { tipo: 'referencia', nome: 'cemiterioId', referencia: 'cemiterio' },
  { tipo: 'data', nome: 'vencidasAte' },
];

/**
 * `/arrendatario/conservacao-em-atraso` (issue 20): the concessions whose upkeep fees are past due
 * and unpaid, with the count and amount of each and the totals of the filtered set, exported as
 * the list is.
 */
export default function ConservacaoAtrasoPage() {
  const { t } = useTranslation(['campos', 'cemiterios']);
  useTitulo('cemiterios:conservacaoEmAtraso');
  const lista = useListaRecurso({
    recurso: 'conservacao-em-atraso',
    acesso: ACESSO_ARRENDATARIO,
    filtros: FILTROS,
    chave: (l) => `${l.arrendatarioId}-${l.pessoaId}`,
    colunas: [
      {
        key: 'pessoaNome',
        dataIndex: 'pessoaNome',
        title: t('campos:pessoaNome'),
        render: (v: string, l) => <Link to={`${ROTA_FORM_ARRENDATARIO}/${l.arrendatarioId}`}>{v}</Link>,
      },
      { key: 'cemiterioNome', dataIndex: 'cemiterioNome', title: t('campos:cemiterioNome') },
      { key: 'jazigoRotulo', dataIndex: 'jazigoRotulo', title: t('campos:jazigoId') },
      {
        key: 'parcelasEmAtraso',
        dataIndex: 'parcelasEmAtraso',
        title: t('campos:parcelasEmAtraso'),
        align: 'right',
        render: celulaNumero,
        total: celulaNumero,
      },
      {
        key: 'valorEmAtraso',
        dataIndex: 'valorEmAtraso',
        title: t('campos:valorEmAtraso'),
        align: 'right',
        render: celulaDinheiro,
        total: celulaDinheiro,
      },
      {
        key: 'vencimentoMaisAntigo',
        dataIndex: 'vencimentoMaisAntigo',
        title: t('campos:vencimentoMaisAntigo'),
        render: celulaData,
      },
    ],
  });
  return <PaginaDaLista titulo={t('cemiterios:conservacaoEmAtraso')} lista={lista} />;
}
