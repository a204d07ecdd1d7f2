import { PassThrough, Readable } from 'node:stream';
import ExcelJS from 'exceljs';

/** Export formats of list screens. */
export const FORMATOS_ARQUIVO = ['csv', 'xlsx'] as const;
export type FormatoArquivo = (typeof FORMATOS_ARQUIVO)[number];

export const TIPO_CONTEUDO: Record<FormatoArquivo, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/**
 * RFC 4180 quoting, plus a leading apostrophe on text that a spreadsheet would run as a
 * formula: registry names and audit logins are typed by users.
 */
export function celulaCsv(v: unknown): string {
  if (v === null || v === undefined) return '';
  let s = String(v);
  if (typeof v === 'string' && /^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export const linhaCsv = (valores: readonly unknown[]) => `${valores.map(celulaCsv).join(',')}\r\n`;

type Lotes = AsyncIterable<readonly (readonly unknown[])[]>;

async function* csv(cabecalho: readonly string[], lotes: Lotes): AsyncGenerator<string> {
  // The BOM makes spreadsheet programs read the file as UTF-8 (accents in names).
  yield `\uFEFF${linhaCsv(cabecalho)}`;
  for await (const lote of lotes) {
    let texto = '';
    for (const l of lote) texto += linhaCsv(l);
    if (texto) yield texto;
  }
}

/** exceljs' streaming writer commits each row as it goes: memory stays flat for 100k rows. */
function xlsx(planilha: string, cabecalho: readonly string[], lotes: Lotes): Readable {
  const saida = new PassThrough();
  const livro = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: saida, useStyles: true, useSharedStrings: false });
  const aba = livro.addWorksheet(planilha.slice(0, 31));
  const gerar = async () => {
    const topo = aba.addRow([...cabecalho]);
    topo.font = { bold: true };
    topo.commit();
    for await (const lote of lotes) {
      for (const l of lote) aba.addRow(l.map((v) => (v === null || v === undefined ? null : v))).commit();
    }
    aba.commit();
    await livro.commit();
  };
  gerar().catch((e: unknown) => saida.destroy(e instanceof Error ? e : new Error(String(e))));
  return saida;
}

/** A file built while its rows are read in batches; nothing waits for the whole set. */
export function arquivoExportacao(
  formato: FormatoArquivo,
  planilha: string,
  cabecalho: readonly string[],
  lotes: Lotes,
): Readable {
  return formato === 'xlsx' ? xlsx(planilha, cabecalho, lotes) : Readable.from(csv(cabecalho, lotes));
}
