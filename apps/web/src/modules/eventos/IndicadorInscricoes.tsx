import { useTranslation } from 'react-i18next';
import { chaves } from '../../platform/cliente';
import type { FiltroLista } from '../../platform/crud/filtros';
import { type DadosGrafico, dadosDeContagem } from '../../platform/graficos';
import { enderecoDaLista, TelaIndicador, useIndicador } from '../../platform/indicadores';
import { ROTA_INSCRICOES } from './comum';

const EXTRAS: readonly FiltroLista[] = [{ tipo: 'referencia', nome: 'eventoId', referencia: 'evento-com-inscricao' }];

/**
 * The registrations indicator (spec §2 /indicadores/inscricoes, issue 19): the period's
 * registrations by state and amount against the previous period, the registrations made and the
 * seats taken over time against the events' seats, and each lot's confirmed and pending seats
 * against its quantity; for the events of the chosen organizations or for one event.
 */
export function IndicadorInscricoes() {
  const { t } = useTranslation(['campos', 'comum', 'eventos']);
  const { filtros, q, consulta } = useIndicador('/api/indicadores/inscricoes/', chaves('inscricoes-de-eventos').todas, {
    extras: EXTRAS,
  });
  const d = q.data;
  const lista = (status?: string) =>
    enderecoDaLista(ROTA_INSCRICOES, { eventoId: (consulta as Record<string, string | undefined>).eventoId, status });
  const tempo: DadosGrafico = {
    categorias: (d?.serie ?? []).map((s) => ({ chave: s.chave, rotulo: s.chave })),
    series: [
      { chave: 'novas', nome: t('eventos:indicador.novas'), valores: (d?.serie ?? []).map((s) => s.novas) },
      { chave: 'ocupadas', nome: t('eventos:indicador.ocupadas'), valores: (d?.serie ?? []).map((s) => s.ocupadas) },
      {
        chave: 'capacidade',
        nome: t('eventos:indicador.capacidade'),
        valores: (d?.serie ?? []).map(() => d?.capacidade ?? 0),
      },
    ],
  };
  const lotes: DadosGrafico = {
    categorias: (d?.porLote ?? []).map((l) => ({ chave: l.chave, rotulo: t('eventos:lote', { numero: l.chave }) })),
    series: (['confirmadas', 'pendentes', 'quantidade'] as const).map((c) => ({
      chave: c,
      nome: t(`eventos:indicador.${c}`),
      valores: (d?.porLote ?? []).map((l) => l[c]),
    })),
  };
  return (
    <TelaIndicador
      filtros={filtros}
      q={q}
      pecas={(d) => [
        {
          kpi: {
            titulo: t('eventos:indicador.inscricoes'),
            valor: d.inscricoes,
            anterior: d.anterior.inscricoes,
            para: lista(),
            testId: 'total-inscricoes',
          },
        },
        {
          kpi: {
            titulo: t('eventos:indicador.confirmadas'),
            valor: d.confirmadas,
            anterior: d.anterior.confirmadas,
            para: lista('CONFIRMADA'),
            testId: 'total-confirmadas',
          },
        },
        {
          kpi: {
            titulo: t('eventos:indicador.valorPago'),
            valor: d.valorPago,
            formato: 'dinheiro',
            testId: 'total-valorPago',
          },
        },
        {
          kpi: {
            titulo: t('eventos:indicador.valorPendente'),
            valor: d.valorPendente,
            formato: 'dinheiro',
            para: lista('PENDENTE'),
            testId: 'total-valorPendente',
          },
        },
        {
          grafico: {
            titulo: t('eventos:indicador.aoLongoDoTempo'),
            tipo: 'linha',
            total: false,
            rotuloCategoria: t('comum:graficos.categoria'),
            testId: 'grafico-tempo',
            dados: tempo,
          },
        },
        {
          grafico: {
            titulo: t('eventos:indicador.porStatus'),
            tipo: 'rosca',
            rotuloCategoria: t('campos:status'),
            testId: 'grafico-porStatus',
            dados: dadosDeContagem(
              d.porStatus,
              (s) => t(`eventos:status.${s.chave as 'PENDENTE'}`),
              t('eventos:indicador.inscricoes'),
            ),
          },
        },
        {
          largura: { xs: 24, md: 24 },
          grafico: {
            titulo: t('eventos:indicador.porLote'),
            tipo: 'colunas',
            total: false,
            rotuloCategoria: t('campos:loteNumero'),
            testId: 'grafico-porLote',
            dados: lotes,
          },
        },
      ]}
    />
  );
}
