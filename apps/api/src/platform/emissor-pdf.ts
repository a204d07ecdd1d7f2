import type { Idioma } from '@sig/i18n';
import QRCode from 'qrcode';

/** What a document prints of who issues it (modules/organizacoes reads it). */
export type EmissorPdf = {
  razaoSocial: string;
  cnpj: string | null;
  endereco: string | null;
};

/** An image PDFKit has opened: drawing it again reuses the one embedded copy. */
export type ImagemPdf = { width: number; height: number };

/** A CPF (11 digits) or CNPJ (14) with its punctuation; anything else as it is. */
export function documentoTela(d: string): string {
  if (/^\d{11}$/.test(d)) return `${d.slice(0, 3)}.${d.slice(3, 6)}.${d.slice(6, 9)}-${d.slice(9)}`;
  if (/^\d{14}$/.test(d)) return `${d.slice(0, 2)}.${d.slice(2, 5)}.${d.slice(5, 8)}/${d.slice(8, 12)}-${d.slice(12)}`;
  return d;
}

/** A CPF or CNPJ labelled by its kind ("CPF 390.533.447-05"). */
export const documentoRotulado = (d: string) => `${d.length === 14 ? 'CNPJ' : 'CPF'} ${documentoTela(d)}`;

/** A date (YYYY-MM-DD) written out in the reader's language ("20 de maio de 2099", "May 20, 2099"). */
export const dataPorExtenso = (v: string, idioma: Idioma) =>
  new Intl.DateTimeFormat(idioma === 'en' ? 'en-US' : 'pt-BR', { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(`${v}T00:00:00Z`),
  );

/**
 * Opens a logo once for a document: PDFKit embeds an image per call when given bytes, so a
 * booklet of thousands of slips would carry thousands of copies. Null when there is none or it
 * does not open (a file damaged on disk never stops a receipt).
 */
export function abrirImagem(doc: PDFKit.PDFDocument, bytes: Buffer | null): ImagemPdf | null {
  if (!bytes) return null;
  try {
    return (doc as unknown as { openImage(b: Buffer): ImagemPdf }).openImage(bytes);
  } catch {
    return null;
  }
}

/**
 * The issuer's block at the head of a document: the logo fitted in a box `altura` high (twice as
 * wide), then the legal name, CNPJ and address beside it. Answers the y below the block.
 */
export function desenharEmissor(
  doc: PDFKit.PDFDocument,
  e: EmissorPdf,
  logo: ImagemPdf | null,
  caixa: { x: number; y: number; largura: number; altura: number },
): number {
  const { x, y, largura, altura } = caixa;
  const larguraLogo = logo ? altura * 2 : 0;
  if (logo) doc.image(logo as unknown as Buffer, x, y, { fit: [larguraLogo, altura], valign: 'center' });
  const xt = x + (logo ? larguraLogo + 10 : 0);
  const wt = largura - (xt - x);
  const escala = altura / 48;
  doc
    .font('Helvetica-Bold')
    .fontSize(12 * Math.max(escala, 0.75))
    .fillColor('#000')
    .text(e.razaoSocial, xt, y, { width: wt, height: altura / 2, ellipsis: true });
  doc.font('Helvetica').fontSize(8.5 * Math.max(escala, 0.85));
  if (e.cnpj) doc.text(`CNPJ ${documentoTela(e.cnpj)}`, xt, doc.y, { width: wt, lineBreak: false, ellipsis: true });
  if (e.endereco) doc.text(e.endereco, xt, doc.y, { width: wt, height: altura / 2, ellipsis: true });
  return Math.max(y + (logo ? altura : 0), doc.y);
}

/**
 * The dark runs of each row of a QR code (column, row, length in modules). Drawn as
 * vectors: embedding the provider's PNG (with alpha) made PDFKit decode every image, which cost
 * seconds per hundred slips and held gigabytes at ten thousand.
 */
// One byte segment, as Pix codes are usually encoded; it also skips the library's mixed-mode search.
export function modulosQr(texto: string): { lado: number; trechos: [number, number, number][] } {
  const { size, data } = QRCode.create([{ data: Buffer.from(texto), mode: 'byte' }], {
    errorCorrectionLevel: 'M',
  }).modules;
  const trechos: [number, number, number][] = [];
  for (let y = 0; y < size; y++)
    for (let x = 0; x < size; x++) {
      if (!data[y * size + x]) continue;
      const inicio = x;
      while (x + 1 < size && data[y * size + x + 1]) x++;
      trechos.push([inicio, y, x - inicio + 1]);
    }
  return { lado: size, trechos };
}

/** A QR code of `texto`, `lado` points wide, its top left at (x, y). */
export function desenharQr(doc: PDFKit.PDFDocument, texto: string, x: number, y: number, lado: number) {
  const { lado: modulos, trechos } = modulosQr(texto);
  // In module units, as one path: a rect() call per run made the PDF larger and slower.
  doc
    .save()
    .translate(x, y)
    .scale(lado / modulos)
    .addContent(trechos.map(([cx, cy, n]) => `${cx} ${cy} ${n} 1 re`).join('\n'))
    .fill('#000')
    .restore();
}
