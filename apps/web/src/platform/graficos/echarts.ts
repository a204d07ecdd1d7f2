import { BarChart, LineChart, PieChart } from 'echarts/charts';
import { AriaComponent, GridComponent, LegendComponent, TitleComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import langEN from 'echarts/i18n/langEN-obj.js';
import langPTbr from 'echarts/i18n/langPT-br-obj.js';
import { SVGRenderer } from 'echarts/renderers';

/**
 * ECharts as this app uses it (ADR 0023): only the chart types and components drawn, the SVG
 * renderer, and the locales of the app's two languages (toolbox texts and ARIA descriptions).
 */
echarts.use([
  BarChart,
  LineChart,
  PieChart,
  AriaComponent,
  GridComponent,
  LegendComponent,
  TitleComponent,
  TooltipComponent,
  SVGRenderer,
]);
echarts.registerLocale('PT-br', langPTbr);
echarts.registerLocale('EN', langEN);

export const localeECharts = (idioma: string) => (idioma === 'en' ? 'EN' : 'PT-br');
export { echarts };
