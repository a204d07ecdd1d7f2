import dayjs from 'dayjs';
import { dinheiroParaTela, formatoData } from '../crud/definicao';

/** How a chart's values read: plain counts or money (decimal strings from the API). */
export type FormatoValor = 'numero' | 'dinheiro';

/** One bucket, slice or bar: the key the page filters its list by, and its label. */
export type Categoria = { chave: string; rotulo: string };

/** One series over the categories; money stays a decimal string until it is drawn. */
export type SerieGrafico = {
  chave: string;
  nome: string;
  valores: readonly (number | string)[];
  /** The previous period's series, drawn beside the current one in a quieter style. */
  anterior?: boolean;
};

export type DadosGrafico = {
  categorias: readonly Categoria[];
  series: readonly SerieGrafico[];
  formato?: FormatoValor;
};

/**
 * Counts (or amounts) over labelled categories as one series: a donut's slices, a bar per
 * category. `valor` reads each row (its `total` by default).
 */
export function dadosDeContagem<L extends { chave: string }>(
  linhas: readonly L[],
  rotulo: (l: L) => string,
  nome: string,
  {
    valor = (l) => (l as unknown as { total: number }).total,
    formato,
  }: {
    valor?: (l: L) => number | string;
    formato?: FormatoValor;
  } = {},
): DadosGrafico {
  return {
    ...(formato ? { formato } : {}),
    categorias: linhas.map((l) => ({ chave: l.chave, rotulo: rotulo(l) })),
    series: [{ chave: 'total', nome, valores: linhas.map(valor) }],
  };
}

/**
 * `linha`/`colunas`: a series over time (with the previous period beside it); `empilhado`: stacked
 * columns; `rosca`: the shares of the first series; `barras`: horizontal bars for long labels.
 */
export type TipoGrafico = 'linha' | 'colunas' | 'empilhado' | 'rosca' | 'barras';

/** What a click on a bucket or slice hands the page (to open the list behind it). */
export type AoClicarGrafico = (categoria: Categoria, serie: SerieGrafico) => void;

export const localeDe = (idioma: string) => (idioma === 'en' ? 'en-US' : 'pt-BR');

/** A value as the reader's locale writes it: money with its currency, counts with grouping. */
export function formatarValor(v: number | string, formato: FormatoValor, idioma: string): string {
  if (formato === 'dinheiro') return dinheiroParaTela(v, idioma);
  return new Intl.NumberFormat(localeDe(idioma)).format(Number(v));
}

/**
 * A series bucket's label from the API's key: a day (`2026-11-16`) in the reader's date format, a
 * month (`2026-11`) as its short name and year, a year as is.
 */
export function rotuloBalde(chave: string, idioma: string): string {
  if (/^\d{4}-\d{2}-\d{2}$/.test(chave)) return dayjs(chave).format(formatoData(idioma));
  if (/^\d{4}-\d{2}$/.test(chave)) {
    const [ano, mes] = chave.split('-').map(Number) as [number, number];
    return new Intl.DateTimeFormat(localeDe(idioma), { month: 'short', year: 'numeric', timeZone: 'UTC' }).format(
      new Date(Date.UTC(ano, mes - 1, 1)),
    );
  }
  return chave;
}

/** The change against the previous period as a fraction; none when there is nothing to compare with. */
export function variacao(atual: number | string, anterior: number | string | undefined): number | null {
  if (anterior === undefined) return null;
  const a = Number(atual);
  const b = Number(anterior);
  if (b === 0) return null;
  return (a - b) / Math.abs(b);
}

export const formatarPercentual = (fracao: number, idioma: string) =>
  new Intl.NumberFormat(localeDe(idioma), {
    style: 'percent',
    maximumFractionDigits: 1,
    signDisplay: 'exceptZero',
  }).format(fracao);

/** Sums a series exactly: money in cents, so that a total equals the cards' decimal string. */
export function somar(valores: readonly (number | string)[], formato: FormatoValor): number | string {
  if (formato === 'dinheiro') {
    const centavos = valores.reduce<number>((s, v) => s + Math.round(Number(v) * 100), 0);
    return (centavos / 100).toFixed(2);
  }
  return valores.reduce<number>((s, v) => s + Number(v), 0);
}
