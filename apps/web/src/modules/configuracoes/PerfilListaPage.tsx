import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { celulaSimNao } from '../../platform/crud/celulas';
import type { FiltroLista } from '../../platform/crud/filtros';
import { PaginaDaLista } from '../../platform/crud/PartesDaLista';
import { useListaRecurso } from '../../platform/useListaRecurso';
import { useTitulo } from '../../platform/useTitulo';
import { ROTA_PERFIL_FORM } from './perfilModelo';

const ACESSO = 'Perfil';
const FILTROS: readonly FiltroLista[] = [
  { tipo: 'texto', nome: 'nome', max: 100 },
  { tipo: 'booleano', nome: 'ativo' },
];

/**
 * `/perfil`: the profiles, server-paged, filtered by name and active, with row actions by
 * permission; the administrator profile is neither edited nor deleted.
 */
export default function PerfilListaPage() {
  const { t } = useTranslation(['campos', 'comum', 'configuracoes', 'menu']);
  useTitulo(`menu:acessos.${ACESSO}`);
  const lista = useListaRecurso({
    recurso: 'perfil',
    acesso: ACESSO,
    filtros: FILTROS,
    rotaForm: ROTA_PERFIL_FORM,
    colunas: [
      { key: 'nome', dataIndex: 'nome', title: t('campos:nome'), sorter: true },
      { key: 'descricao', dataIndex: 'descricao', title: t('campos:descricao') },
      { key: 'ativo', dataIndex: 'ativo', title: t('campos:ativo'), render: celulaSimNao },
      {
        key: 'administrador',
        dataIndex: 'administrador',
        title: t('configuracoes:perfil.administrador'),
        render: (v: boolean) => (v ? <Tag color="gold">{t('comum:sim')}</Tag> : t('comum:nao')),
      },
      {
        key: 'quantidadeUsuarios',
        dataIndex: 'quantidadeUsuarios',
        title: t('configuracoes:perfil.quantidadeUsuarios'),
      },
    ],
    acoesDaLinha: { alteravel: (r) => !r.administrador, largura: 150 },
  });

  return <PaginaDaLista titulo={t(`menu:acessos.${ACESSO}`)} lista={lista} />;
}
