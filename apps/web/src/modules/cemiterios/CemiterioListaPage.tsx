import { ACESSO_CEMITERIO } from '@sig/contracts';
import { useTranslation } from 'react-i18next';
import { celulaNumero } from '../../platform/crud/celulas';
import type { FiltroLista } from '../../platform/crud/filtros';
import { PaginaDaLista } from '../../platform/crud/PartesDaLista';
import { useListaRecurso } from '../../platform/useListaRecurso';
import { useTitulo } from '../../platform/useTitulo';
import { ROTA_FORM_CEMITERIO } from './comum';

const FILTROS: readonly FiltroLista[] = [
  { tipo: 'texto', nome: 'nome' },
  { tipo: 'referencia', nome: 'organizacaoId', referencia: 'organizacao' },
];

/** `/cemiterio` (spec §2): the cemeteries of the scope, with how many plots they have and how many are free. */
export default function CemiterioListaPage() {
  const { t } = useTranslation(['campos', 'comum', 'cemiterios', 'menu']);
  useTitulo(`menu:acessos.${ACESSO_CEMITERIO}`);
  const lista = useListaRecurso({
    recurso: 'cemiterio',
    acesso: ACESSO_CEMITERIO,
    filtros: FILTROS,
    rotaForm: ROTA_FORM_CEMITERIO,
    colunas: [
      { key: 'nome', dataIndex: 'nome', title: t('campos:nome') },
      { key: 'organizacaoNome', dataIndex: 'organizacaoNome', title: t('campos:organizacaoNome') },
      { key: 'endereco', dataIndex: 'endereco', title: t('campos:endereco') },
      { key: 'jazigos', dataIndex: 'jazigos', title: t('campos:jazigos'), align: 'right', render: celulaNumero },
      { key: 'livres', dataIndex: 'livres', title: t('campos:livres'), align: 'right', render: celulaNumero },
    ],
    acoesDaLinha: {},
  });
  return (
    <PaginaDaLista
      titulo={t(`menu:acessos.${ACESSO_CEMITERIO}`)}
      lista={lista}
      textoNovo={t('cemiterios:novoCemiterio')}
    />
  );
}
