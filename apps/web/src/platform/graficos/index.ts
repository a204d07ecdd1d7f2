/**
 * The chart component set (ADR 0023): charts over time with the previous period beside them,
 * donuts, stacked columns and bars, each with a "see as table" toggle, and KPI cards. ECharts
 * itself loads with the first chart drawn. Types and formatters: `./tipos`.
 */
export { CartaoGrafico, type PropsCartaoGrafico } from './CartaoGrafico';
export { CartaoKpi, type PropsCartaoKpi } from './CartaoKpi';
export { type DadosGrafico, dadosDeContagem, type FormatoValor, rotuloBalde } from './tipos';
