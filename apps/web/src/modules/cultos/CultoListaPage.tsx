import { useTranslation } from 'react-i18next';
import { chaves } from '../../platform/cliente';
import { AcoesLinha } from '../../platform/crud/AcoesLinha';
import { celulaData, celulaDinheiro, celulaNumero, celulaSimNao } from '../../platform/crud/celulas';
import type { FiltroLista } from '../../platform/crud/filtros';
import { PaginaDaLista } from '../../platform/crud/PartesDaLista';
import { useListaRecurso } from '../../platform/useListaRecurso';
import { useTitulo } from '../../platform/useTitulo';
import { ACESSO_CULTO, ROTA_FORM_CULTO } from './comum';

const FILTROS: readonly FiltroLista[] = [
  { tipo: 'referencia', nome: 'organizacaoId', referencia: 'organizacao' },
  // Spec §9: the month so far, until the user asks for another period.
  { tipo: 'periodo', de: 'periodoDe', ate: 'periodoAte', padrao: 'mes' },
  { tipo: 'booleano', nome: 'santaCeia' },
];

/**
 * `/culto` (spec §2): the worship services of the scope, newest first, filtered by organization
 * (with those below it), period (this month unless another is asked) and Lord's Supper, with the
 * attendance and offerings of the whole set; exported as CSV or XLSX with the same filters.
 */
export default function CultoListaPage() {
  const { t } = useTranslation(['campos', 'comum', 'crud', 'cultos', 'menu']);
  useTitulo(`menu:acessos.${ACESSO_CULTO}`);
  const lista = useListaRecurso({
    recurso: 'culto',
    acesso: ACESSO_CULTO,
    filtros: FILTROS,
    ordenacao: { ordem: 'desc' },
    rotaForm: ROTA_FORM_CULTO,
    // Deleting a service reverses its offering's entry in the ledger.
    invalidar: [chaves('lancamento-caixa').todas],
    colunas: [
      { key: 'data', dataIndex: 'data', title: t('campos:data'), render: celulaData },
      { key: 'hora', dataIndex: 'hora', title: t('campos:hora') },
      { key: 'organizacaoNome', dataIndex: 'organizacaoNome', title: t('campos:organizacaoNome') },
      { key: 'santaCeia', dataIndex: 'santaCeia', title: t('campos:santaCeia'), render: celulaSimNao },
      {
        key: 'presentes',
        dataIndex: 'presentes',
        title: t('campos:presentes'),
        align: 'right',
        render: celulaNumero,
        total: celulaNumero,
      },
      {
        key: 'ofertas',
        dataIndex: 'ofertas',
        title: t('campos:ofertas'),
        align: 'right',
        render: celulaDinheiro,
        total: celulaDinheiro,
      },
      { key: 'destino', dataIndex: 'destino', title: t('campos:destino') },
      {
        key: 'acoes',
        title: t('comum:acoes'),
        render: (_, c) => (
          <AcoesLinha
            {...lista.acoes(c)}
            confirmacaoExclusao={c.lancamentoCaixaId ? t('cultos:confirmarExclusao') : undefined}
          />
        ),
      },
    ],
  });

  return <PaginaDaLista titulo={t(`menu:acessos.${ACESSO_CULTO}`)} lista={lista} textoNovo={t('cultos:novo')} />;
}
