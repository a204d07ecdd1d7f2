import type { StatusAtendimento } from '@sig/contracts';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { chaves } from '../../platform/cliente';
import { dadosDeContagem } from '../../platform/graficos';
import { enderecoDaLista, graficoNoTempo, TelaIndicador, useIndicador } from '../../platform/indicadores';
import { NS } from './comum';

/** The queue that shows every ticket of the scope. */
const LISTA = '/atendimento-solicitacoes-geral';

/**
 * The service-ticket indicator (spec §2 /indicadores/atendimentos): the tickets sent to the
 * organization the user acts for over the period against the previous one, by status, category
 * and organization, and bucket by bucket; a card, a slice or a bucket opens the general queue
 * with those filters.
 */
export function IndicadorAtendimentos() {
  const { t } = useTranslation(NS);
  const navegar = useNavigate();
  const { filtros, q } = useIndicador('/api/indicadores/atendimentos/', [
    ...chaves('indicadores').todas,
    'atendimentos',
  ]);
  return (
    <TelaIndicador
      filtros={filtros}
      q={q}
      pecas={(d) => {
        const periodo = { periodoDe: d.periodoDe, periodoAte: d.periodoAte };
        return [
          {
            largura: { xs: 24, md: 24 },
            kpi: {
              titulo: t('atendimentos:indicador.total'),
              valor: d.total,
              anterior: d.anterior.total,
              para: enderecoDaLista(LISTA, periodo),
              testId: 'total-atendimentos',
            },
          },
          {
            grafico: {
              titulo: t('atendimentos:indicador.porStatus'),
              tipo: 'rosca',
              rotuloCategoria: t('atendimentos:coluna.status'),
              testId: 'grafico-porStatus',
              dados: dadosDeContagem(
                d.porStatus,
                (c) => t(`atendimentos:status.${c.chave as StatusAtendimento}`),
                t('atendimentos:indicador.total'),
              ),
              aoClicar: (c) => navegar(enderecoDaLista(LISTA, { ...periodo, status: c.chave })),
            },
          },
          {
            grafico: {
              titulo: t('atendimentos:indicador.serie'),
              tipo: 'colunas',
              testId: 'grafico-serie',
              ...graficoNoTempo(d, {
                valor: (b) => b.total,
                nome: t('atendimentos:indicador.total'),
                abrir: (dias) => navegar(enderecoDaLista(LISTA, dias)),
              }),
            },
          },
          {
            grafico: {
              titulo: t('atendimentos:indicador.porCategoria'),
              tipo: 'barras',
              rotuloCategoria: t('atendimentos:coluna.categoria'),
              testId: 'grafico-porCategoria',
              dados: dadosDeContagem(d.porCategoria, (c) => c.chave, t('atendimentos:indicador.total')),
              aoClicar: (c) => {
                const categoria = d.porCategoria.find((l) => l.chave === c.chave);
                navegar(enderecoDaLista(LISTA, { ...periodo, categoriaAtendimentoId: categoria?.id }));
              },
            },
          },
          {
            grafico: {
              titulo: t('atendimentos:indicador.porOrganizacao'),
              tipo: 'barras',
              rotuloCategoria: t('atendimentos:indicador.porOrganizacao'),
              testId: 'grafico-porOrganizacao',
              dados: dadosDeContagem(d.porOrganizacao, (c) => c.chave, t('atendimentos:indicador.total')),
            },
          },
        ];
      }}
    />
  );
}
