import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { Transform } from 'node:stream';
import { parse } from 'csv-parse';
import ExcelJS from 'exceljs';
import { AppError } from '../../platform/erros.js';

/**
 * The migration's files, read as they stream from disk (issue 23: up to 50 MB, 100,000 rows):
 * one row at a time as text cells, the first row being the headers. XLSX through exceljs's
 * streaming reader (first worksheet), CSV through csv-parse (docs/adr/0026).
 */
export type FormatoMigracao = 'CSV' | 'XLSX';

/** `PK\x03\x04`: a zip, as every XLSX is; anything else is taken for CSV text. */
export async function formatoDoArquivo(caminho: string): Promise<FormatoMigracao> {
  const f = await open(caminho, 'r');
  try {
    const { buffer, bytesRead } = await f.read(Buffer.alloc(4), 0, 4, 0);
    return bytesRead === 4 && buffer.readUInt32LE(0) === 0x04034b50 ? 'XLSX' : 'CSV';
  } finally {
    await f.close();
  }
}

const doisDigitos = (n: number) => String(n).padStart(2, '0');

/** A cell as the text a person typed: dates as ISO (Excel stores them as dates), numbers as written. */
function textoDaCelula(v: ExcelJS.CellValue): string {
  if (v === null || v === undefined) return '';
  if (v instanceof Date)
    return `${v.getUTCFullYear()}-${doisDigitos(v.getUTCMonth() + 1)}-${doisDigitos(v.getUTCDate())}`;
  if (typeof v === 'object') {
    if ('result' in v) return textoDaCelula(v.result as ExcelJS.CellValue);
    if ('richText' in v) return v.richText.map((p) => p.text).join('');
    if ('text' in v) return String(v.text);
    return '';
  }
  return String(v).trim();
}

/** How much of the file its reader has taken so far (the dry run's progress). */
export type Leitura = { bytes: number };

/** The file as a stream, counting what its reader takes into `leitura`. */
function fluxo(caminho: string, leitura?: Leitura) {
  const arquivo = createReadStream(caminho);
  if (!leitura) return arquivo;
  return arquivo.pipe(
    new Transform({
      transform(parte: Buffer, _enc, feito) {
        leitura.bytes += parte.length;
        feito(null, parte);
      },
    }),
  );
}

async function* linhasXlsx(caminho: string, leitura?: Leitura): AsyncGenerator<string[]> {
  const livro = new ExcelJS.stream.xlsx.WorkbookReader(fluxo(caminho, leitura), {
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'cache',
    worksheets: 'emit',
  });
  for await (const aba of livro) {
    for await (const linha of aba) {
      const valores = linha.values as ExcelJS.CellValue[];
      // exceljs numbers cells from 1: index 0 is always empty.
      yield valores.slice(1).map(textoDaCelula);
    }
    // Only the first worksheet: the others are the parish's notes.
    return;
  }
}

async function* linhasCsv(caminho: string, leitura?: Leitura): AsyncGenerator<string[]> {
  const inicio = await open(caminho, 'r');
  let delimitador = ';';
  try {
    const { buffer, bytesRead } = await inicio.read(Buffer.alloc(4096), 0, 4096, 0);
    const primeira = buffer.subarray(0, bytesRead).toString('utf8').split(/\r?\n/)[0] ?? '';
    // Brazilian Excel writes `;`; other systems `,`: the header line tells which.
    if ((primeira.match(/,/g)?.length ?? 0) > (primeira.match(/;/g)?.length ?? 0)) delimitador = ',';
  } finally {
    await inicio.close();
  }
  const leitor = fluxo(caminho, leitura).pipe(
    parse({ delimiter: delimitador, bom: true, relax_column_count: true, skip_empty_lines: true, trim: true }),
  );
  for await (const registro of leitor) yield registro as string[];
}

/** The file's rows, headers first; blank rows are left out. */
export async function* linhasDoArquivo(
  caminho: string,
  formato: FormatoMigracao,
  leitura?: Leitura,
): AsyncGenerator<string[]> {
  const fonte = formato === 'XLSX' ? linhasXlsx(caminho, leitura) : linhasCsv(caminho, leitura);
  try {
    for await (const l of fonte) if (l.some((c) => c !== '')) yield l;
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw new AppError('MIGRACAO_ARQUIVO_INVALIDO');
  }
}

/** The header row alone (the mapping step), closing the file after it. */
export async function cabecalhosDoArquivo(caminho: string, formato: FormatoMigracao): Promise<string[]> {
  for await (const l of linhasDoArquivo(caminho, formato)) return l.map((c) => c.trim());
  throw new AppError('MIGRACAO_ARQUIVO_INVALIDO');
}
