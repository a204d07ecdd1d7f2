import { useEffect, useRef } from 'react';
import { echarts, localeECharts } from './echarts';
import type { OpcoesGrafico } from './opcoes';

export type PropsGraficoECharts = {
  opcoes: OpcoesGrafico;
  idioma: string;
  altura: number;
  /** The clicked item's category and series positions. */
  aoClicar?: (indiceCategoria: number, indiceSerie: number) => void;
};

/**
 * A thin wrapper over an ECharts instance (ADR 0023): created per language (ECharts takes its
 * locale at init), its option replaced when the data changes, resized with its box, disposed on
 * unmount. Its own chunk: only screens with a chart download ECharts.
 */
export default function GraficoECharts({ opcoes, idioma, altura, aoClicar }: PropsGraficoECharts) {
  const caixa = useRef<HTMLDivElement>(null);
  const instancia = useRef<echarts.ECharts | null>(null);
  const clique = useRef(aoClicar);
  clique.current = aoClicar;
  const atuais = useRef(opcoes);
  atuais.current = opcoes;

  useEffect(() => {
    const el = caixa.current!;
    const g = echarts.init(el, undefined, { locale: localeECharts(idioma), renderer: 'svg' });
    instancia.current = g;
    g.setOption(atuais.current);
    g.on('click', (p) => {
      // A pie's items are its categories; elsewhere the series index tells which one was clicked.
      clique.current?.(p.dataIndex, p.seriesType === 'pie' ? 0 : (p.seriesIndex ?? 0));
    });
    const observador = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(() => g.resize());
    observador?.observe(el);
    return () => {
      observador?.disconnect();
      g.dispose();
      instancia.current = null;
    };
  }, [idioma]);

  useEffect(() => {
    instancia.current?.setOption(opcoes, true);
  }, [opcoes]);

  return (
    <div
      ref={caixa}
      data-testid="grafico"
      style={{ height: altura, width: '100%', cursor: aoClicar ? 'pointer' : undefined }}
    />
  );
}
