import { type DadosGrafico, formatarValor, somar } from './tipos';

/** The chart's table as rows of text: the header, one row per category, the total row when asked. */
export function linhasDaTabela(
  dados: DadosGrafico,
  rotuloCategoria: string,
  rotuloTotal: string | null,
  idioma: string,
): string[][] {
  const formato = dados.formato ?? 'numero';
  const linhas = [[rotuloCategoria, ...dados.series.map((s) => s.nome)]];
  dados.categorias.forEach((c, i) => {
    linhas.push([c.rotulo, ...dados.series.map((s) => formatarValor(s.valores[i] ?? 0, formato, idioma))]);
  });
  if (rotuloTotal !== null) {
    linhas.push([rotuloTotal, ...dados.series.map((s) => formatarValor(somar(s.valores, formato), formato, idioma))]);
  }
  return linhas;
}

/** A cell quoted as the lists' CSV export quotes it (RFC 4180, formula-looking text guarded). */
function celula(v: string, separador: string, digitado: boolean): string {
  const s = digitado && /^[=+\-@\t\r]/.test(v) ? `'${v}` : v;
  return s.includes(separador) || /["\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/**
 * The table as the lists export it (apps/api/src/platform/exportacao.ts): a BOM, `;` between cells
 * in Portuguese and `,` in English, values as the reader's locale writes them, CRLF lines.
 */
export function csvDaTabela(linhas: readonly (readonly string[])[], idioma: string): string {
  const sep = idioma === 'en' ? ',' : ';';
  // Only the labels (first column) can be typed text; the values are formatted numbers.
  return `\uFEFF${linhas.map((l) => l.map((v, i) => celula(v, sep, i === 0)).join(sep)).join('\r\n')}\r\n`;
}
