import { once } from 'node:events';
import { PassThrough, type Readable } from 'node:stream';
import { documentoDeTexto, TAMANHOS_PAPEL } from '@sig/contracts';
import { type Idioma, type Tradutor, tradutor } from '@sig/i18n';
import { Zip, ZipPassThrough } from 'fflate';
import PDFDocument from 'pdfkit';
import {
  abrirImagem,
  dataPorExtenso,
  desenharEmissor,
  desenharQr,
  type ImagemPdf,
} from '../../platform/emissor-pdf.js';
import type { dadosDoEmissor } from '../organizacoes/index.js';
import type { OficioCompleto } from './oficio.service.js';
import { desenharCorpo } from './oficio-corpo-pdf.js';

const PONTOS_POR_MM = 72 / 25.4;
/** The verification QR's side, in the bottom margin of every page. */
const QR = 48;
/** Generation pauses while this much PDF waits to be read: a slow download keeps memory flat. */
const LIMITE_BUFFER = 1 << 20;

type Emissor = Awaited<ReturnType<typeof dadosDoEmissor>>;
/** What every letter of a document shares: the issuer, its logo once embedded, the reader's language. */
type Impressao = {
  emissor: Emissor;
  logo: ImagemPdf | null;
  t: Tradutor;
  idioma: Idioma;
  /** The public page's address without the code: `<url>/<codigo>` is what the QR holds. */
  urlVerificacao: string;
};

const pagina = (o: OficioCompleto) => {
  const [largura, altura] = TAMANHOS_PAPEL[o.tamanhoPapel as keyof typeof TAMANHOS_PAPEL] ?? TAMANHOS_PAPEL.A4;
  const margem = o.margemMm * PONTOS_POR_MM;
  return {
    margem,
    opcoes: {
      size: [largura * PONTOS_POR_MM, altura * PONTOS_POR_MM],
      layout: o.orientacao === 'PAISAGEM' ? ('landscape' as const) : ('portrait' as const),
      margins: { top: margem, left: margem, right: margem, bottom: margem + QR + 8 },
    },
  };
};

/**
 * One letter from a fresh page: the issuer's block (when the template asks for it), the header,
 * "Ofício nº 12/2026" and the date, the recipient and the subject, the body (its formatting,
 * lists and alignment); then on each of its pages the footer, "page n of m" of this letter and the
 * verification QR with its code. Its pages are written out at once, so a document of a thousand
 * letters holds one letter's pages at a time.
 */
function desenharOficio(doc: PDFKit.PDFDocument, o: OficioCompleto, p: Impressao) {
  const { t, idioma } = p;
  const { margem, opcoes } = pagina(o);
  doc.addPage(opcoes);
  const util = doc.page.width - 2 * margem;
  doc.y = margem;
  if (o.mostrarEmissor) {
    doc.y = desenharEmissor(doc, p.emissor, p.logo, { x: margem, y: margem, largura: util, altura: 48 });
    doc.moveDown(1.5);
  }
  if (o.cabecalho) {
    doc.font('Helvetica-Bold').fontSize(11).text(o.cabecalho, margem, doc.y, { width: util, align: 'center' });
    doc.moveDown(1.5);
  }
  const y = doc.y;
  doc
    .font('Helvetica-Bold')
    .fontSize(11)
    .text(t('oficios:pdf.numero', { numero: o.numeroAno }), margem, y, { width: util / 2 });
  doc
    .font('Helvetica')
    .fontSize(10)
    .text(dataPorExtenso(o.data, idioma), margem + util / 2, y, { width: util / 2, align: 'right' });
  doc.x = margem;
  doc.moveDown(1.5);
  doc
    .font('Helvetica')
    .fontSize(11)
    .text(t('oficios:pdf.destinatario', { nome: o.destinatario }), { width: util });
  doc.font('Helvetica-Bold').text(t('oficios:pdf.assunto', { assunto: o.assunto }), { width: util });
  doc.moveDown(1.5);
  // A letter of a plain-text template prints its text as justified paragraphs, as it always did.
  desenharCorpo(doc, o.textoRico ?? documentoDeTexto(o.texto), margem, util);

  const url = `${p.urlVerificacao}/${o.codigoVerificacao}`;
  const { start, count } = doc.bufferedPageRange();
  for (let i = 0; i < count; i++) {
    doc.switchToPage(start + i);
    const base = doc.page.height - margem;
    // Drawn under the bottom margin: lift it so pdfkit does not open a page for it.
    const margemInferior = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    desenharQr(doc, url, margem, base - QR, QR);
    if (o.rodape)
      doc
        .font('Helvetica')
        .fontSize(8)
        .text(o.rodape, margem + QR + 8, base - QR, { width: util - QR - 8, align: 'center' });
    doc
      .font('Helvetica')
      .fontSize(7)
      .text(t('oficios:pdf.verificacao', { codigo: o.codigoVerificacao, url }), margem, base + 4, {
        width: util * 0.75,
        lineBreak: false,
        ellipsis: true,
      });
    doc
      .font('Helvetica')
      .fontSize(8)
      .text(t('relatorios:paginaDe', { n: i + 1, total: count }), margem, base + 4, {
        width: util,
        align: 'right',
        lineBreak: false,
      });
    doc.page.margins.bottom = margemInferior;
  }
  doc.flushPages();
}

const novoDocumento = (titulo: string) =>
  new PDFDocument({ autoFirstPage: false, bufferPages: true, info: { Title: titulo } });

const impressao = (doc: PDFKit.PDFDocument, emissor: Emissor, idioma: Idioma, urlVerificacao: string) => ({
  emissor,
  logo: abrirImagem(doc, emissor.logo),
  t: tradutor(idioma),
  idioma,
  urlVerificacao,
});

/**
 * A letter as issued, on its template's paper, orientation and margins. Everything printed comes
 * from the stored letter, so a later reprint reads the same.
 */
export function pdfOficio(o: OficioCompleto, emissor: Emissor, idioma: Idioma, urlVerificacao: string): Readable {
  const t = tradutor(idioma);
  const doc = novoDocumento(`${t('oficios:pdf.numero', { numero: o.numeroAno })} – ${o.assunto}`);
  desenharOficio(doc, o, impressao(doc, emissor, idioma, urlVerificacao));
  doc.end();
  return doc;
}

/**
 * A batch's letters in one document, each from a new page, read batch by batch and written out
 * as they are drawn: memory stays flat for any count.
 */
export function pdfOficios(
  lotes: AsyncIterable<OficioCompleto[]>,
  emissor: Emissor,
  idioma: Idioma,
  urlVerificacao: string,
  titulo: string,
): Readable {
  const doc = novoDocumento(titulo);
  const p = impressao(doc, emissor, idioma, urlVerificacao);
  const escrever = async () => {
    let letras = 0;
    for await (const lote of lotes)
      for (const o of lote) {
        desenharOficio(doc, o, p);
        letras++;
        while (doc.readableLength > LIMITE_BUFFER && !doc.destroyed) await once(doc, 'data');
      }
    if (!letras) doc.addPage();
    doc.end();
  };
  escrever().catch((e: unknown) => doc.destroy(e instanceof Error ? e : new Error(String(e))));
  return doc;
}

/**
 * A batch's letters as a ZIP, one PDF each (`oficio-12-2026.pdf`), written as it goes: a letter's
 * PDF is drawn, stored (PDFs are compressed already) and passed on before the next is read, the
 * download's pace holding generation back. Only the ZIP's directory stays in memory.
 */
export function zipOficios(
  lotes: AsyncIterable<OficioCompleto[]>,
  emissor: Emissor,
  idioma: Idioma,
  urlVerificacao: string,
): Readable {
  const saida = new PassThrough();
  const zip = new Zip((err, dados, final) => {
    if (err) saida.destroy(err);
    else saida.write(dados);
    if (final) saida.end();
  });
  const escrever = async () => {
    for await (const lote of lotes)
      for (const o of lote) {
        // The download was dropped: stop drawing.
        if (saida.destroyed) return;
        const e = new ZipPassThrough(`oficio-${o.numero}-${o.ano}.pdf`);
        zip.add(e);
        for await (const pedaco of pdfOficio(o, emissor, idioma, urlVerificacao)) {
          e.push(pedaco as Uint8Array);
          if (saida.writableNeedDrain && !saida.destroyed)
            await Promise.race([once(saida, 'drain'), once(saida, 'close')]);
        }
        e.push(new Uint8Array(0), true);
      }
    zip.end();
  };
  escrever().catch((e: unknown) => {
    zip.terminate();
    saida.destroy(e instanceof Error ? e : new Error(String(e)));
  });
  return saida;
}
