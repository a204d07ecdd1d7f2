import type { Readable } from 'node:stream';
import { TAMANHOS_PAPEL } from '@sig/contracts';
import { type Idioma, tradutor } from '@sig/i18n';
import PDFDocument from 'pdfkit';
import { abrirImagem, dataPorExtenso, desenharEmissor } from '../../platform/emissor-pdf.js';
import type { dadosDoEmissor } from '../organizacoes/index.js';
import type { OficioCompleto } from './oficio.service.js';

const PONTOS_POR_MM = 72 / 25.4;

/**
 * A letter as issued, on its template's paper, orientation and margins: the issuer's block (when
 * the template asks for it), the header, "Ofício nº 12/2026" and the date, the recipient and the
 * subject, the body paragraph by paragraph, and the footer with "page n of m" on every page.
 * Everything printed comes from the stored letter, so a later reprint reads the same.
 */
export function pdfOficio(
  o: OficioCompleto,
  emissor: Awaited<ReturnType<typeof dadosDoEmissor>>,
  idioma: Idioma,
): Readable {
  const t = tradutor(idioma);
  const [largura, altura] = TAMANHOS_PAPEL[o.tamanhoPapel as keyof typeof TAMANHOS_PAPEL] ?? TAMANHOS_PAPEL.A4;
  const margem = o.margemMm * PONTOS_POR_MM;
  const titulo = t('oficios:pdf.numero', { numero: o.numeroAno });
  const doc = new PDFDocument({
    size: [largura * PONTOS_POR_MM, altura * PONTOS_POR_MM],
    layout: o.orientacao === 'PAISAGEM' ? 'landscape' : 'portrait',
    margins: { top: margem, left: margem, right: margem, bottom: margem + 40 },
    bufferPages: true,
    info: { Title: `${titulo} – ${o.assunto}` },
  });
  const util = doc.page.width - 2 * margem;

  doc.y = margem;
  if (o.mostrarEmissor) {
    doc.y = desenharEmissor(doc, emissor, abrirImagem(doc, emissor.logo), {
      x: margem,
      y: margem,
      largura: util,
      altura: 48,
    });
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
    .text(titulo, margem, y, { width: util / 2 });
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
  doc.font('Helvetica').fontSize(11);
  for (const paragrafo of o.texto.split(/\n{2,}/)) {
    doc.text(paragrafo.trim(), { width: util, align: 'justify', lineGap: 2 });
    doc.moveDown(0.8);
  }

  const { start, count } = doc.bufferedPageRange();
  for (let i = start; i < start + count; i++) {
    doc.switchToPage(i);
    const base = doc.page.height - margem;
    // Drawn under the bottom margin: lift it so pdfkit does not open a page for it.
    const margemInferior = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    if (o.rodape)
      doc
        .font('Helvetica')
        .fontSize(8)
        .text(o.rodape, margem, base - 30, { width: util, align: 'center' });
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
  doc.end();
  return doc;
}
