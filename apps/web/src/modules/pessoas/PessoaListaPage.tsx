import type { TablePaginationConfig } from 'antd';
import { useTranslation } from 'react-i18next';
import { celulaData, celulaMascara, celulaNumero } from '../../platform/crud/celulas';
import { PaginaDaLista } from '../../platform/crud/PartesDaLista';
import { useListaRecurso } from '../../platform/useListaRecurso';
import { useTitulo } from '../../platform/useTitulo';
import { ACESSO, ROTA_FORM, useRegrasCampos } from './comum';
import { useFiltrosPessoa } from './FiltrosPessoa';

/**
 * The people list (spec §2 /pessoa): the people filters (FiltrosPessoa), server paging and
 * sorting kept in the address, saved filters and views, export of the filtered set.
 */
export default function PessoaListaPage() {
  const { t } = useTranslation(['campos', 'comum', 'menu', 'pessoas']);
  useTitulo(`menu:acessos.${ACESSO}`);
  const campos = useRegrasCampos();
  const lista = useListaRecurso({
    recurso: 'pessoa',
    acesso: ACESSO,
    filtros: useFiltrosPessoa(),
    rotaForm: ROTA_FORM,
    colunas: [
      {
        key: 'nome',
        dataIndex: 'nome',
        title: t('campos:nome'),
        sorter: true,
        render: (_, r) => `${r.nome} ${r.sobrenome}`.trim(),
      },
      ...(campos.oculto('cpf')
        ? []
        : [{ key: 'cpf', dataIndex: 'cpf', title: t('campos:cpf'), render: celulaMascara('cpf') }]),
      {
        key: 'dataNascimento',
        dataIndex: 'dataNascimento',
        title: t('campos:dataNascimento'),
        sorter: true,
        render: celulaData,
      },
      { key: 'tipo', dataIndex: 'tipoPessoaNome', title: t('campos:tipoPessoaId') },
      {
        key: 'status',
        dataIndex: 'status',
        title: t('campos:status'),
        render: (v: string) => t(`campos:opcao.status.${v}`, { defaultValue: v }),
      },
      { key: 'organizacao', dataIndex: 'organizacaoNome', title: t('campos:organizacaoId') },
    ],
    acoesDaLinha: { largura: 150 },
  });
  // Past its cap (1,000 matches of a name, 10,000 with other filters) the server stops counting:
  // "1.000+". A list by organization alone has its exact total.
  const paginacao: TablePaginationConfig = {
    ...(lista.tableProps.pagination as TablePaginationConfig),
    showTotal: (n) =>
      t('comum:total', { n: `${String(celulaNumero(n))}${lista.consulta.data?.totalExato === false ? '+' : ''}` }),
  };
  return <PaginaDaLista titulo={t(`menu:acessos.${ACESSO}`)} lista={lista} tabela={{ pagination: paginacao }} />;
}
