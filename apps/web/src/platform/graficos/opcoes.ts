import { type DadosGrafico, formatarValor, type TipoGrafico } from './tipos';

/** The quiet grey of the previous period, so the current one stands out. */
const COR_ANTERIOR = '#a6a6a6';

/**
 * The ECharts option of a chart, built without ECharts itself (testable, and the builder stays out of
 * the chart's chunk). ARIA description and decal patterns are on: the chart is described to screen
 * readers and its series are told apart without colour.
 */
export function opcoesGrafico(tipo: TipoGrafico, dados: DadosGrafico, idioma: string, titulo: string) {
  const formato = dados.formato ?? 'numero';
  const formatar = (v: unknown) =>
    formatarValor(typeof v === 'number' || typeof v === 'string' ? v : 0, formato, idioma);
  const compacto = (v: number) =>
    formato === 'dinheiro'
      ? new Intl.NumberFormat(idioma === 'en' ? 'en-US' : 'pt-BR', {
          style: 'currency',
          currency: 'BRL',
          notation: 'compact',
        }).format(v)
      : new Intl.NumberFormat(idioma === 'en' ? 'en-US' : 'pt-BR', { notation: 'compact' }).format(v);
  const rotulos = dados.categorias.map((c) => c.rotulo);
  const base = {
    aria: { enabled: true, decal: { show: true } },
    // Hidden: the card shows it; ECharts reads it into the ARIA description.
    title: { text: titulo, show: false },
    animationDuration: 300,
    legend: { show: dados.series.length > 1 || tipo === 'rosca', bottom: 0, type: 'scroll' as const },
  };
  if (tipo === 'rosca') {
    const serie = dados.series[0];
    return {
      ...base,
      tooltip: { trigger: 'item' as const, valueFormatter: formatar },
      series: [
        {
          type: 'pie' as const,
          name: serie?.nome ?? titulo,
          radius: ['45%', '70%'],
          avoidLabelOverlap: true,
          label: { show: false },
          data: dados.categorias.map((c, i) => ({ name: c.rotulo, value: Number(serie?.valores[i] ?? 0) })),
        },
      ],
    };
  }
  const horizontal = tipo === 'barras';
  const eixoCategorias = { type: 'category' as const, data: rotulos, inverse: horizontal };
  const eixoValores = { type: 'value' as const, axisLabel: { formatter: compacto } };
  return {
    ...base,
    tooltip: { trigger: 'axis' as const, valueFormatter: formatar },
    grid: { left: 8, right: 16, top: 16, bottom: dados.series.length > 1 ? 40 : 8 },
    xAxis: horizontal ? eixoValores : eixoCategorias,
    yAxis: horizontal ? eixoCategorias : eixoValores,
    series: dados.series.map((s) => ({
      type: tipo === 'linha' ? ('line' as const) : ('bar' as const),
      name: s.nome,
      data: s.valores.map(Number),
      ...(tipo === 'empilhado' ? { stack: 'total' } : {}),
      ...(s.anterior
        ? { itemStyle: { color: COR_ANTERIOR }, lineStyle: { type: 'dashed' as const, color: COR_ANTERIOR } }
        : {}),
    })),
  };
}

export type OpcoesGrafico = ReturnType<typeof opcoesGrafico>;
