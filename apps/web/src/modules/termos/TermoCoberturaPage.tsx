import { ACESSO_TERMOS, type LinhaCobertura, type SituacaoSolicitacao } from '@sig/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { cliente, dados } from '../../platform/cliente';
import type { FiltroLista } from '../../platform/crud/filtros';
import { PaginaDaLista } from '../../platform/crud/PartesDaLista';
import { type ColunaLista, useListaRecurso } from '../../platform/useListaRecurso';
import { useTitulo } from '../../platform/useTitulo';
import { rotaHistorico, rotaSolicitacoes } from './comum';

const FILTROS: readonly FiltroLista[] = [
  { tipo: 'referencia', nome: 'organizacaoId', referencia: 'organizacao' },
  { tipo: 'texto', nome: 'nome', max: 150 },
];

type Contagem = 'aceitos' | 'pendentes' | 'desconsiderados' | 'revogados' | 'substituidos' | 'total';
/** Each count opens the requests it counts (of the published version, in that community). */
const FILTRO_DA_CONTAGEM: Record<Contagem, Record<string, string>> = {
  aceitos: { situacaoSolicitacao: 'ACEITO' satisfies SituacaoSolicitacao },
  pendentes: { situacaoSolicitacao: 'PENDENTE', reaceite: 'false' },
  desconsiderados: { situacaoSolicitacao: 'DESCONSIDERADO' },
  revogados: { situacaoSolicitacao: 'REVOGADO' },
  substituidos: { situacaoSolicitacao: 'PENDENTE', reaceite: 'true' },
  total: {},
};

/**
 * `/termos/cobertura/:idCompartilhado` (issue 22 item 4): a term's consent coverage per community —
 * accepted, pending, declined, revoked, superseded (asked again after a new version) — with the
 * filtered set's totals, filters and export; each count opens the people it counts.
 */
export default function TermoCoberturaPage() {
  const { t } = useTranslation(['campos', 'comum', 'configuracoes', 'menu']);
  useTitulo(`menu:acessos.${ACESSO_TERMOS}`);
  const idCompartilhado = useParams().idCompartilhado as string;
  const historico = useQuery({
    queryKey: ['termos', 'historico', idCompartilhado],
    queryFn: () =>
      dados(cliente.GET('/api/termos/historico/{idCompartilhado}', { params: { path: { idCompartilhado } } })),
  });
  const publicada = historico.data?.find((v) => v.situacaoTermo === 'PUBLICADO');
  const contagem = (campo: Contagem): ColunaLista<LinhaCobertura> => ({
    key: campo,
    dataIndex: campo,
    title: t(`campos:${campo}`),
    align: 'right',
    total: (v: number) => v,
    render: (v: number, l: LinhaCobertura) => {
      const q = new URLSearchParams({
        organizacaoId: String(l.organizacaoId),
        publicada: 'true',
        ...FILTRO_DA_CONTAGEM[campo],
      });
      return v ? <Link to={`${rotaSolicitacoes(idCompartilhado)}?${q}`}>{v}</Link> : (v as ReactNode);
    },
  });
  const lista = useListaRecurso({
    recurso: 'termo-cobertura',
    acesso: ACESSO_TERMOS,
    filtros: FILTROS,
    fixos: { idCompartilhado },
    colunas: [
      { key: 'organizacaoNome', dataIndex: 'organizacaoNome', title: t('campos:organizacaoNome') },
      contagem('aceitos'),
      contagem('pendentes'),
      contagem('desconsiderados'),
      contagem('revogados'),
      contagem('substituidos'),
      contagem('total'),
    ],
  });
  return (
    <PaginaDaLista
      titulo={t('configuracoes:termos.tituloCobertura', {
        nome: publicada?.nome ?? historico.data?.at(-1)?.nome ?? '',
        versao: publicada?.versao ?? '',
      })}
      lista={lista}
      extra={
        <Link to={rotaHistorico(idCompartilhado)}>
          <Button>{t('configuracoes:termos.historico')}</Button>
        </Link>
      }
    />
  );
}
