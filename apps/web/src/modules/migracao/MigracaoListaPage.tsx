import { TIPOS_MIGRACAO, type TipoMigracao } from '@sig/contracts';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { AcoesLinha } from '../../platform/crud/AcoesLinha';
import { celulaDataHora } from '../../platform/crud/celulas';
import type { FiltroLista } from '../../platform/crud/filtros';
import { PaginaDaLista } from '../../platform/crud/PartesDaLista';
import { useListaRecurso } from '../../platform/useListaRecurso';
import { useTitulo } from '../../platform/useTitulo';
import { ACESSO_MIGRACAO, ROTA_MIGRACAO, StatusMigracaoTag } from './comum';

const FILTROS: readonly FiltroLista[] = [
  { tipo: 'opcao', nome: 'tipo', opcoes: TIPOS_MIGRACAO, rotulos: 'migracao:tipo' },
];

/** `/migracao` (spec §2, issue 23): the scope's import runs, newest first, with their counts. */
export default function MigracaoListaPage() {
  const { t } = useTranslation(['campos', 'comum', 'migracao', 'menu']);
  const navegar = useNavigate();
  useTitulo(`menu:acessos.${ACESSO_MIGRACAO}`);
  const lista = useListaRecurso({
    recurso: 'migracao',
    acesso: ACESSO_MIGRACAO,
    filtros: FILTROS,
    exportavel: false,
    ordenacao: { campo: 'criadoEm', ordem: 'desc' },
    rotaForm: `${ROTA_MIGRACAO}/form`,
    colunas: [
      { key: 'id', dataIndex: 'id', title: '#' },
      { key: 'nomeArquivo', dataIndex: 'nomeArquivo', title: t('migracao:arquivo') },
      {
        key: 'tipo',
        dataIndex: 'tipo',
        title: t('migracao:tipoMigracao'),
        render: (v: TipoMigracao) => t(`migracao:tipo.${v}`),
      },
      { key: 'criadoPorNome', dataIndex: 'criadoPorNome', title: t('migracao:criadoPor') },
      { key: 'criadoEm', dataIndex: 'criadoEm', title: t('migracao:criadoEm'), render: celulaDataHora },
      {
        key: 'status',
        dataIndex: 'status',
        title: t('campos:status'),
        render: (v) => <StatusMigracaoTag status={v} />,
      },
      { key: 'criados', dataIndex: 'criados', title: t('migracao:criados') },
      { key: 'atualizados', dataIndex: 'atualizados', title: t('migracao:atualizados') },
      { key: 'ignorados', dataIndex: 'ignorados', title: t('migracao:ignorados') },
      { key: 'falhas', dataIndex: 'falhas', title: t('migracao:falhas') },
      {
        key: 'acoes',
        title: t('comum:acoes'),
        render: (_, l) => <AcoesLinha aoVisualizar={() => navegar(`${ROTA_MIGRACAO}/form/${l.id}`)} />,
      },
    ],
  });
  return <PaginaDaLista titulo={t(`menu:acessos.${ACESSO_MIGRACAO}`)} lista={lista} />;
}
