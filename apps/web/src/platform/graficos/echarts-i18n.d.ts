// ECharts ships its locale objects without type declarations.
declare module 'echarts/i18n/*-obj.js' {
  const locale: Parameters<typeof import('echarts/core').registerLocale>[1];
  export default locale;
}
