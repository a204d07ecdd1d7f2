import { ACESSOS, EVENTOS_AUDITORIA } from '@sig/contracts';
import { useTranslation } from 'react-i18next';
import { celulaDataHora } from '../../platform/crud/celulas';
import type { FiltroLista } from '../../platform/crud/filtros';
import { PaginaDaLista } from '../../platform/crud/PartesDaLista';
import { useListaRecurso } from '../../platform/useListaRecurso';
import { useTitulo } from '../../platform/useTitulo';

const ACESSO = 'AuditoriaAcesso';

const FILTROS: readonly FiltroLista[] = [
  { tipo: 'opcao', nome: 'evento', opcoes: EVENTOS_AUDITORIA, rotulos: 'configuracoes:auditoria.eventos' },
  { tipo: 'opcao', nome: 'acesso', opcoes: ACESSOS.map((a) => a.id), rotulos: 'menu:acessos' },
  { tipo: 'opcao', nome: 'metodo', opcoes: ['GET', 'POST', 'PUT', 'DELETE', 'PATCH'] },
  { tipo: 'numero', nome: 'status' },
  // Spec §9: the month so far, until the user asks for another period.
  { tipo: 'periodo', de: 'periodoDe', ate: 'periodoAte', padrao: 'mes' },
];

/**
 * `/auditoria-acesso`: the access audit, server-paged, filtered (this month unless another period
 * is asked) and exportable as CSV (the only format the audit's export writes); newest first unless
 * a column is chosen.
 */
export default function AuditoriaPage() {
  const { t } = useTranslation(['campos', 'comum', 'configuracoes', 'menu']);
  useTitulo(`menu:acessos.${ACESSO}`);
  const lista = useListaRecurso({
    recurso: 'auditoria-acesso',
    acesso: ACESSO,
    filtros: FILTROS,
    ordenacao: { campo: 'criadoEm', ordem: 'desc' },
    formatos: ['csv'],
    colunas: [
      {
        key: 'criadoEm',
        dataIndex: 'criadoEm',
        title: t('configuracoes:auditoria.dataHora'),
        sorter: true,
        render: celulaDataHora,
      },
      {
        key: 'evento',
        dataIndex: 'evento',
        title: t('campos:evento'),
        sorter: true,
        render: (v: string) => t(`configuracoes:auditoria.eventos.${v}`, { defaultValue: v }),
      },
      { key: 'usuarioNome', dataIndex: 'usuarioNome', title: t('configuracoes:auditoria.usuario') },
      { key: 'login', dataIndex: 'login', title: t('configuracoes:auditoria.login'), sorter: true },
      {
        key: 'acesso',
        dataIndex: 'acesso',
        title: t('campos:acesso'),
        sorter: true,
        render: (v: string | null) => (v ? t(`menu:acessos.${v}`, { defaultValue: v }) : ''),
      },
      { key: 'metodo', dataIndex: 'metodo', title: t('campos:metodo'), sorter: true },
      { key: 'rota', dataIndex: 'rota', title: t('campos:rota'), sorter: true },
      { key: 'status', dataIndex: 'status', title: t('campos:status'), sorter: true },
      { key: 'ip', dataIndex: 'ip', title: t('campos:ip'), sorter: true },
    ],
  });

  return <PaginaDaLista titulo={t(`menu:acessos.${ACESSO}`)} lista={lista} />;
}
