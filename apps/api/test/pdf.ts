import { inflateSync } from 'node:zlib';

/**
 * The text a PDF shows, for tests: its content streams inflated and the hex strings PDFKit writes
 * each run of text as decoded (WinAnsi: windows-1252) and joined. A line break falls
 * between runs, so compare with `semEspacos` on both sides.
 */
/** WinAnsi's own characters in 0x80–0x9F (Node's TextDecoder reads windows-1252 as Latin-1). */
const WIN_ANSI: Record<number, string> = {
  128: '€',
  133: '…',
  145: '‘',
  146: '’',
  147: '“',
  148: '”',
  149: '•',
  150: '–',
  151: '—',
};
const winAnsi = { decode: (b: Buffer) => Array.from(b, (c) => WIN_ANSI[c] ?? String.fromCharCode(c)).join('') };

export function textoDoPdf(pdf: Buffer): string {
  const partes: string[] = [];
  const bruto = pdf.toString('latin1');
  for (const m of bruto.matchAll(/stream\r?\n/g)) {
    const inicio = m.index + m[0].length;
    const fim = bruto.indexOf('endstream', inicio);
    try {
      const conteudo = inflateSync(pdf.subarray(inicio, fim)).toString('latin1');
      for (const h of conteudo.matchAll(/<([0-9a-fA-F]+)>/g)) partes.push(winAnsi.decode(Buffer.from(h[1]!, 'hex')));
      partes.push(' ');
    } catch {
      // Not a deflated stream of text (a font, an image).
    }
  }
  return partes.join('');
}

/** The drawing operators of every page, inflated (to count what is drawn: `/I1 Do` per image drawn). */
export function operadoresDoPdf(pdf: Buffer): string {
  const bruto = pdf.toString('latin1');
  const partes: string[] = [];
  for (const m of bruto.matchAll(/stream\r?\n/g)) {
    const inicio = m.index + m[0].length;
    try {
      partes.push(inflateSync(pdf.subarray(inicio, bruto.indexOf('endstream', inicio))).toString('latin1'));
    } catch {
      // Not deflated.
    }
  }
  return partes.join('\n');
}

export const semEspacos = (s: string) => s.replace(/\s+/g, '');

/** How many image objects a PDF embeds (a PNG with alpha counts twice: the image and its mask). */
export const imagensDoPdf = (pdf: Buffer) => pdf.toString('latin1').match(/\/Subtype \/Image/g)?.length ?? 0;
