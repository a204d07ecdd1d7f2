import { MOVIMENTOS_CADASTRO, STATUS_PESSOA } from '@sig/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { celulaData } from '../../platform/crud/celulas';
import type { FiltroLista } from '../../platform/crud/filtros';
import { PaginaDaLista } from '../../platform/crud/PartesDaLista';
import { useListaRecurso } from '../../platform/useListaRecurso';
import { useTitulo } from '../../platform/useTitulo';

const ACESSO = 'PessoaIntegracaoDesligamento';
const ROTA_FORM = '/pessoa-integracao-desligamento/form';

/** The registry indicator's filters, so a bucket or a card opens this list with its own. */
const FILTROS: readonly FiltroLista[] = [
  { tipo: 'multipla', nome: 'movimento', opcoes: MOVIMENTOS_CADASTRO },
  { tipo: 'periodo', de: 'periodoDe', ate: 'periodoAte', padrao: 'mes' },
  { tipo: 'referencia', nome: 'organizacaoId', referencia: 'organizacao' },
  { tipo: 'booleano', nome: 'somenteMinhaOrganizacao' },
  { tipo: 'referencias', nome: 'tiposPessoaIds', referencia: 'tipo-pessoa' },
  { tipo: 'multipla', nome: 'status', opcoes: STATUS_PESSOA },
  { tipo: 'booleano', nome: 'titular' },
  { tipo: 'booleano', nome: 'cadastroCompleto' },
];

/**
 * `/pessoa-integracao-desligamento` (spec §2): the integrations and withdrawals recorded in the
 * organization's subtree — the list behind the registry indicator's movements; a record opens its
 * form, and a new one is recorded from here.
 */
export default function MovimentoListaPage() {
  const { t } = useTranslation(['campos', 'comum', 'menu']);
  useTitulo(`menu:acessos.${ACESSO}`);
  const lista = useListaRecurso({
    recurso: 'pessoa-integracao-desligamento',
    acesso: ACESSO,
    filtros: FILTROS,
    ordenacao: { campo: 'data', ordem: 'desc' },
    rotaForm: ROTA_FORM,
    colunas: [
      { key: 'data', dataIndex: 'data', title: t('campos:data'), sorter: true, render: celulaData },
      {
        key: 'pessoaNome',
        dataIndex: 'pessoaNome',
        title: t('campos:pessoaNome'),
        sorter: true,
        render: (nome: string, r) => <Link to={`${ROTA_FORM}/${r.id}`}>{nome}</Link>,
      },
      {
        key: 'movimento',
        dataIndex: 'movimento',
        title: t('campos:movimento'),
        render: (v: string) => t(`campos:opcao.movimento.${v}`, { defaultValue: v }),
      },
      {
        key: 'forma',
        dataIndex: 'forma',
        title: t('campos:forma'),
        render: (v: string) => t(`campos:opcao.forma.${v}`, { defaultValue: v }),
      },
      { key: 'organizacaoNome', dataIndex: 'organizacaoNome', title: t('campos:organizacaoNome') },
      { key: 'outraOrganizacao', dataIndex: 'outraOrganizacao', title: t('campos:outraOrganizacao') },
    ],
  });
  return <PaginaDaLista titulo={t(`menu:acessos.${ACESSO}`)} lista={lista} />;
}
