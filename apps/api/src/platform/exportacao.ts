import { PassThrough, Readable } from 'node:stream';
import { type Idioma, type Tradutor, tradutor } from '@sig/i18n';
import ExcelJS from 'exceljs';

/** Export formats of list screens. */
export const FORMATOS_ARQUIVO = ['csv', 'xlsx'] as const;
export type FormatoArquivo = (typeof FORMATOS_ARQUIVO)[number];

export const TIPO_CONTEUDO: Record<FormatoArquivo, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/**
 * What a column holds; every file derives its formatting from it. Values arrive raw: money and
 * decimals as decimal strings, dates as `YYYY-MM-DD`, instants as Date or ISO text, options as
 * their stored code, yes/no as booleans.
 */
type TipoColuna = 'texto' | 'numero' | 'dinheiro' | 'data' | 'dataHora' | 'simNao' | 'opcao';

export type ColunaArquivo = {
  /** The heading, already in the reader's language. */
  titulo: string;
  tipo?: TipoColuna;
  /** `opcao`: the i18n prefix of the labels (`campos:opcao.statusContaAReceber`); the code is appended. */
  rotulos?: string;
  /** PDF: relative width (names and streets wider). */
  peso?: number;
};

type Lotes = AsyncIterable<readonly (readonly unknown[])[]>;

/** A table to write as CSV, XLSX or PDF: the same declaration for every list and report. */
export type Documento = {
  /** The report's title; the sheet's name. */
  titulo: string;
  idioma: Idioma;
  colunas: readonly ColunaArquivo[];
  lotes: Lotes;
  /**
   * Lines under the title in XLSX and PDF (organization, filters, generation date): a report is
   * handed out, and the reader must know what it covers. CSV stays a bare table.
   */
  informacoes?: readonly string[];
  /** A totals row under the rows, raw values like theirs (CSV leaves it out too). */
  totais?: readonly unknown[];
};

const FUSO = 'America/Sao_Paulo';

/** Groups of three digits of a whole number written as digits. */
const agrupar = (inteiro: string, separador: string) => inteiro.replace(/\B(?=(\d{3})+(?!\d))/g, separador);

/** A decimal string split exactly (no float on the way): sign, whole part, cents. */
function partesDecimal(v: unknown, casas: number) {
  const s = String(v).trim();
  const negativo = s.startsWith('-');
  const [inteiro = '0', fracao = ''] = s.replace(/^[-+]/, '').split('.');
  return {
    negativo,
    inteiro: inteiro.replace(/^0+(?=\d)/, '') || '0',
    fracao: fracao.padEnd(casas, '0').slice(0, casas),
  };
}

/** An amount of money (a decimal string) as the reader writes it: `R$ 1.234,56` / `R$1,234.56`. */
export function dinheiroTela(v: string | number, idioma: Idioma): string {
  const { negativo, inteiro, fracao } = partesDecimal(v, 2);
  const corpo = idioma === 'en' ? `R$${agrupar(inteiro, ',')}.${fracao}` : `R$ ${agrupar(inteiro, '.')},${fracao}`;
  return negativo ? `-${corpo}` : corpo;
}

/** Money as a plain decimal string with cents. */
const partesDecimalTexto = (v: unknown) => {
  const { negativo, inteiro, fracao } = partesDecimal(v, 2);
  return `${negativo ? '-' : ''}${inteiro}.${fracao}`;
};

/** A decimal string with the reader's decimal mark and no grouping (spreadsheets read it as a number). */
function numeroPlano(v: unknown, idioma: Idioma): string {
  const s = String(v);
  return idioma === 'en' ? s : s.replace('.', ',');
}

/** A date (YYYY-MM-DD) as the reader writes it. */
export const dataTela = (v: string, idioma: Idioma) =>
  idioma === 'en'
    ? `${v.slice(5, 7)}/${v.slice(8, 10)}/${v.slice(0, 4)}`
    : `${v.slice(8, 10)}/${v.slice(5, 7)}/${v.slice(0, 4)}`;

// Built once: a formatter with a time zone is costly to make, and an export calls it per row.
const RELOGIO = new Intl.DateTimeFormat('en-CA', {
  timeZone: FUSO,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** Brazil's offset from UTC by hour (ms); the rows of an export mostly share a few hours. */
const DESLOCAMENTOS = new Map<number, number>();

/** An instant's wall-clock time in Brazil, as `YYYY-MM-DDTHH:mm`. */
function relogioNoBrasil(v: unknown): string | null {
  const d = v instanceof Date ? v : new Date(String(v));
  const ms = d.getTime();
  if (Number.isNaN(ms)) return null;
  const hora = Math.floor(ms / 3_600_000);
  let deslocamento = DESLOCAMENTOS.get(hora);
  if (deslocamento === undefined) {
    const p = Object.fromEntries(RELOGIO.formatToParts(d).map((x) => [x.type, Number(x.value)]));
    deslocamento = Date.UTC(p.year!, p.month! - 1, p.day!, p.hour!, p.minute!) - (ms - (ms % 60_000));
    if (DESLOCAMENTOS.size > 100_000) DESLOCAMENTOS.clear();
    DESLOCAMENTOS.set(hora, deslocamento);
  }
  return new Date(ms + deslocamento).toISOString().slice(0, 16);
}

const vazio = (v: unknown) => v === null || v === undefined || v === '';

/** Labels already looked up, by language, prefix and code: i18next costs a lookup per cell otherwise. */
const ROTULOS = new Map<string, string>();

/** A label in the reader's language for codes and yes/no; other values as they are. */
function rotulo(v: unknown, c: ColunaArquivo, idioma: Idioma): string {
  const simNao = c.tipo === 'simNao' || typeof v === 'boolean';
  if (!simNao && !(c.tipo === 'opcao' && c.rotulos)) return String(v);
  const chave = simNao ? `${idioma}|comum:${v ? 'sim' : 'nao'}` : `${idioma}|${c.rotulos}.${String(v)}`;
  let r = ROTULOS.get(chave);
  if (r === undefined) {
    const t: Tradutor = tradutor(idioma);
    r = simNao ? t(v ? 'comum:sim' : 'comum:nao') : t(`${c.rotulos}.${String(v)}`, { defaultValue: String(v) });
    if (ROTULOS.size > 100_000) ROTULOS.clear();
    ROTULOS.set(chave, r);
  }
  return r;
}

/**
 * A value as text for the reader: `tela` for a printed page (money with its symbol and grouping),
 * otherwise for a CSV cell (plain numbers with the reader's decimal mark).
 */
export function textoCelula(v: unknown, c: ColunaArquivo, idioma: Idioma, tela: boolean): string {
  if (vazio(v)) return '';
  switch (c.tipo) {
    case 'dinheiro':
      return tela ? dinheiroTela(v as string, idioma) : numeroPlano(partesDecimalTexto(v), idioma);
    case 'numero':
      return numeroPlano(v, idioma);
    case 'data':
      return dataTela(String(v).slice(0, 10), idioma);
    case 'dataHora': {
      const r = relogioNoBrasil(v);
      return r ? `${dataTela(r, idioma)} ${r.slice(11)}` : String(v);
    }
    default:
      return rotulo(v, c, idioma);
  }
}

/** A cell's value for a spreadsheet: numbers and dates as such (Excel sums and sorts them). */
function valorPlanilha(v: unknown, c: ColunaArquivo, idioma: Idioma): ExcelJS.CellValue {
  if (vazio(v)) return null;
  switch (c.tipo) {
    case 'dinheiro':
    case 'numero': {
      const n = Number(v);
      return Number.isFinite(n) ? n : String(v);
    }
    case 'data': {
      const [a, m, d] = String(v).slice(0, 10).split('-').map(Number);
      return Date.UTC(a!, m! - 1, d!) ? new Date(Date.UTC(a!, m! - 1, d!)) : String(v);
    }
    case 'dataHora': {
      // Excel has no time zones: the wall-clock time in Brazil, stored as if it were UTC.
      const r = relogioNoBrasil(v);
      return r ? new Date(`${r}:00Z`) : String(v);
    }
    default:
      return rotulo(v, c, idioma);
  }
}

/** Excel number formats; Excel shows them with the reader's own separators. */
function formatoPlanilha(c: ColunaArquivo, idioma: Idioma): string | undefined {
  if (c.tipo === 'dinheiro') return idioma === 'en' ? '"R$"#,##0.00;-"R$"#,##0.00' : '"R$" #,##0.00;-"R$" #,##0.00';
  if (c.tipo === 'data') return idioma === 'en' ? 'mm/dd/yyyy' : 'dd/mm/yyyy';
  if (c.tipo === 'dataHora') return idioma === 'en' ? 'mm/dd/yyyy hh:mm' : 'dd/mm/yyyy hh:mm';
  return undefined;
}

/** The field separator Brazilian Excel expects (its decimal mark is the comma); `,` in English. */
const separadorCsv = (idioma: Idioma) => (idioma === 'en' ? ',' : ';');

/**
 * RFC 4180 quoting, plus a leading apostrophe on text that a spreadsheet would run as a
 * formula: registry names and audit logins are typed by users.
 */
function celulaCsv(v: unknown, separador = ',', digitado = typeof v === 'string'): string {
  if (v === null || v === undefined) return '';
  let s = String(v);
  if (digitado && /^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return s.includes(separador) || /["\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

const linhaCsv = (valores: readonly unknown[], separador = ',') =>
  `${valores.map((v) => celulaCsv(v, separador)).join(separador)}\r\n`;

async function* csv(d: Documento): AsyncGenerator<string> {
  const sep = separadorCsv(d.idioma);
  // Only typed-in text can smuggle a formula; a formatted amount ("-12,50") is not guarded.
  const celula = (v: unknown, c: ColunaArquivo) =>
    celulaCsv(textoCelula(v, c, d.idioma, false), sep, !c.tipo || c.tipo === 'texto');
  // The BOM makes spreadsheet programs read the file as UTF-8 (accents in names).
  yield `\uFEFF${linhaCsv(
    d.colunas.map((c) => c.titulo),
    sep,
  )}`;
  for await (const lote of d.lotes) {
    let texto = '';
    for (const l of lote) texto += `${d.colunas.map((c, i) => celula(l[i], c)).join(sep)}\r\n`;
    if (texto) yield texto;
  }
}

/** exceljs' streaming writer commits each row as it goes: memory stays flat for 100k rows. */
function xlsx(d: Documento): Readable {
  const saida = new PassThrough();
  const livro = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: saida, useStyles: true, useSharedStrings: false });
  const aba = livro.addWorksheet(d.titulo.replace(/[*?:\\/[\]]/g, ' ').slice(0, 31));
  aba.columns = d.colunas.map((c) => ({
    width: c.tipo === 'dinheiro' ? 16 : c.tipo === 'data' ? 12 : c.tipo === 'dataHora' ? 17 : 12 * (c.peso ?? 1.4),
  }));
  const formatos = d.colunas.map((c) => formatoPlanilha(c, d.idioma));
  const linha = (valores: readonly unknown[], negrito = false) => {
    const r = aba.addRow(d.colunas.map((c, i) => valorPlanilha(valores[i], c, d.idioma)));
    formatos.forEach((f, i) => {
      if (f) r.getCell(i + 1).numFmt = f;
    });
    if (negrito) r.font = { bold: true };
    r.commit();
  };
  const gerar = async () => {
    if (d.informacoes) {
      const titulo = aba.addRow([d.titulo]);
      titulo.font = { bold: true, size: 14 };
      titulo.commit();
      for (const info of d.informacoes) aba.addRow([info]).commit();
      aba.addRow([]).commit();
    }
    const topo = aba.addRow(d.colunas.map((c) => c.titulo));
    topo.font = { bold: true };
    topo.commit();
    for await (const lote of d.lotes) for (const l of lote) linha(l);
    if (d.totais) linha(d.totais, true);
    aba.commit();
    await livro.commit();
  };
  gerar().catch((e: unknown) => saida.destroy(e instanceof Error ? e : new Error(String(e))));
  return saida;
}

/** A file built while its rows are read in batches; nothing waits for the whole set. */
export function arquivoExportacao(formato: FormatoArquivo, documento: Documento): Readable {
  return formato === 'xlsx' ? xlsx(documento) : Readable.from(csv(documento));
}

/** Query keys that shape the answer, not the set: never listed as filters. */
const NAO_FILTROS = new Set(['pagina', 'quantidade', 'ordem', 'ordenarPor', 'formato', 'colunas']);

/**
 * The filters a report was asked with, as one line in the reader's language ("Filtros: Status:
 * Em aberto, Pago · Vencimento de: 01/02/2097"), so a printed report says what it covers. Values
 * of `tipos` columns are formatted as their column; ids are left to the caller, who knows the
 * name behind them (`nomes`).
 */
export function linhaFiltros(
  idioma: Idioma,
  filtros: Record<string, unknown>,
  tipos: Record<string, Omit<ColunaArquivo, 'titulo'>> = {},
  nomes: Record<string, string | undefined> = {},
): string {
  const t = tradutor(idioma);
  const partes: string[] = [];
  for (const [k, v] of Object.entries(filtros)) {
    if (NAO_FILTROS.has(k) || vazio(v) || (Array.isArray(v) && !v.length)) continue;
    const titulo = t(`campos:${k}`, { defaultValue: k });
    if (nomes[k] !== undefined) {
      partes.push(`${titulo}: ${nomes[k]}`);
      continue;
    }
    if (/Ids?$/.test(k)) continue;
    const c: ColunaArquivo = {
      titulo,
      ...(v === 'true' || v === 'false'
        ? { tipo: 'simNao' }
        : /^\d{4}-\d{2}-\d{2}$/.test(String(v))
          ? { tipo: 'data' }
          : {}),
      ...tipos[k],
    };
    const valores = (Array.isArray(v) ? v : [v]).map((x) =>
      /^\d{4}-\d{2}$/.test(String(x))
        ? `${String(x).slice(5)}/${String(x).slice(0, 4)}`
        : textoCelula(c.tipo === 'simNao' ? x === 'true' || x === true : x, c, idioma, true),
    );
    partes.push(`${titulo}: ${valores.join(', ')}`);
  }
  return `${t('relatorios:filtros')}: ${partes.length ? partes.join(' · ') : t('relatorios:semFiltros')}`;
}
