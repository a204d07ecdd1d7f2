import { TIPOS_PENDENCIA_FINANCEIRA } from '@sig/contracts';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAutorizacao } from '../../platform/autorizacao';
import { chaves, cliente, dados } from '../../platform/cliente';
import { AcaoLinha } from '../../platform/crud/AcoesLinha';
import { celulaData, celulaDinheiro } from '../../platform/crud/celulas';
import type { FiltroLista } from '../../platform/crud/filtros';
import { PaginaDaLista } from '../../platform/crud/PartesDaLista';
import { useListaRecurso } from '../../platform/useListaRecurso';
import { useAcao } from '../../platform/useMutacaoForm';
import { useTitulo } from '../../platform/useTitulo';
import { ACESSO_PENDENCIAS, CHAVE_CONTAGEM, RECURSO_PENDENCIAS } from './comum';

const FILTROS: readonly FiltroLista[] = [
  { tipo: 'opcao', nome: 'tipo', opcoes: TIPOS_PENDENCIA_FINANCEIRA, rotulos: 'pendencias:tipos' },
];

type Acao = 'REAPLICAR_EVENTO' | 'LANCAR_PENDENTE' | 'MARCAR_RESOLVIDA' | 'CONFERIR_WEBHOOK' | 'REACOMODAR_INSCRICAO';

/** The POST that resolves an exception, by its action (`VER_RECIBO` is a link, not a write). */
function resolver(acao: Acao, id: string): Promise<unknown> {
  switch (acao) {
    case 'REAPLICAR_EVENTO':
      return dados(cliente.POST('/api/pendencias-financeiras/eventos/{id}/reaplicar', { params: { path: { id } } }));
    case 'MARCAR_RESOLVIDA':
      return dados(cliente.POST('/api/pendencias-financeiras/eventos/{id}/resolver', { params: { path: { id } } }));
    case 'REACOMODAR_INSCRICAO':
      return dados(cliente.POST('/api/pendencias-financeiras/eventos/{id}/reacomodar', { params: { path: { id } } }));
    case 'LANCAR_PENDENTE':
      return dados(
        cliente.POST('/api/pendencias-financeiras/lancamentos/{id}/lancar', { params: { path: { id: Number(id) } } }),
      );
    case 'CONFERIR_WEBHOOK':
      return dados(
        cliente.POST('/api/pendencias-financeiras/subcontas/{id}/conferir-webhook', {
          params: { path: { id: Number(id) } },
        }),
      );
  }
}

/**
 * `/pendencias-financeiras` (issue 17): what about money did not go through by itself — webhook
 * events not applied, postings waiting for a period, payments of no charge, sub-accounts not heard,
 * statuses SIG could not take, refunds after a receipt, event registrations paid after their seat
 * was released — each with the action that resolves it.
 */
export default function PendenciasPage() {
  const { t } = useTranslation(['campos', 'comum', 'menu', 'pendencias']);
  useTitulo(`menu:acessos.${ACESSO_PENDENCIAS}`);
  const { pode } = useAutorizacao();
  const podeResolver = pode(ACESSO_PENDENCIAS, 'U');

  const resolucao = useAcao({
    mutationFn: (p: { acao: Acao; id: string }) => resolver(p.acao, p.id),
    invalidar: [chaves(RECURSO_PENDENCIAS).todas, CHAVE_CONTAGEM],
    sucesso: t('pendencias:resolvida'),
  });

  const lista = useListaRecurso({
    recurso: RECURSO_PENDENCIAS,
    acesso: ACESSO_PENDENCIAS,
    filtros: FILTROS,
    exportavel: false,
    colunas: [
      {
        key: 'tipo',
        dataIndex: 'tipo',
        title: t('campos:tipo'),
        render: (_, p) => <Tag>{t(`pendencias:tipos.${p.tipo}`)}</Tag>,
      },
      { key: 'referencia', dataIndex: 'referencia', title: t('pendencias:referencia') },
      { key: 'valor', dataIndex: 'valor', title: t('campos:valor'), align: 'right', render: celulaDinheiro },
      { key: 'data', dataIndex: 'data', title: t('campos:data'), render: celulaData },
      { key: 'detalhe', dataIndex: 'detalhe', title: t('campos:descricao') },
      {
        key: 'acoes',
        title: t('comum:acoes'),
        render: (_, p) =>
          p.acao === 'VER_RECIBO' ? (
            <Link to={`/lista-de-recibos?numero=${encodeURIComponent(p.referencia)}`}>
              {t('pendencias:acoes.VER_RECIBO')}
            </Link>
          ) : (
            podeResolver && (
              <AcaoLinha
                comTexto
                pequeno
                testId={`acao-${p.chave}`}
                rotulo={t(`pendencias:acoes.${p.acao}`)}
                confirmacao={t(`pendencias:confirmar.${p.acao}`, { referencia: p.referencia })}
                textoOk={t(`pendencias:acoes.${p.acao}`)}
                aoClicar={() => resolucao.mutateAsync({ acao: p.acao as Acao, id: p.referenciaId })}
              />
            )
          ),
      },
    ],
  });

  return <PaginaDaLista titulo={t(`menu:acessos.${ACESSO_PENDENCIAS}`)} lista={lista} tabela={{ rowKey: 'chave' }} />;
}
