import type { Readable } from 'node:stream';
import { type Idioma, tradutor } from '@sig/i18n';
import PDFDocument from 'pdfkit';
import { abrirImagem, dataPorExtenso, desenharEmissor, documentoRotulado } from '../../platform/emissor-pdf.js';
import type { dadosDoEmissor } from '../organizacoes/index.js';

const MARGEM = 56;

export type Certificado = { nome: string; cpf: string | null; codigo: string };
export type EventoCertificado = {
  nome: string;
  local: string | null;
  /** The event's first and last day (`YYYY-MM-DD`, in Brazil). */
  inicio: string;
  fim: string;
};

/**
 * Attendance certificates on landscape A4, one page per registrant checked in: the organizer's
 * block (logo, legal name, CNPJ, address), the title, "we certify that … attended …" with the
 * event's days and place, the issue date, a signature line and the registration's code, which
 * identifies the certificate.
 */
export function pdfCertificados(
  evento: EventoCertificado,
  pessoas: readonly Certificado[],
  emissor: Awaited<ReturnType<typeof dadosDoEmissor>>,
  idioma: Idioma,
  hoje: string,
): Readable {
  const t = tradutor(idioma);
  const titulo = t('eventos:certificado.titulo');
  const doc = new PDFDocument({
    size: 'A4',
    layout: 'landscape',
    margin: MARGEM,
    autoFirstPage: false,
    info: { Title: `${titulo} – ${evento.nome}` },
  });
  const logo = abrirImagem(doc, emissor.logo);
  const periodo =
    evento.inicio === evento.fim
      ? t('eventos:certificado.dia', { dia: dataPorExtenso(evento.inicio, idioma) })
      : t('eventos:certificado.periodo', {
          de: dataPorExtenso(evento.inicio, idioma),
          ate: dataPorExtenso(evento.fim, idioma),
        });
  for (const p of pessoas) {
    doc.addPage();
    const largura = doc.page.width - 2 * MARGEM;
    doc.y = desenharEmissor(doc, emissor, logo, { x: MARGEM, y: MARGEM, largura, altura: 56 });
    doc.x = MARGEM;
    doc.moveDown(3);
    doc.font('Helvetica-Bold').fontSize(28).text(titulo, { align: 'center', width: largura });
    doc.moveDown(1.5);
    doc
      .font('Helvetica')
      .fontSize(15)
      .text(
        t('eventos:certificado.texto', {
          organizacao: emissor.razaoSocial,
          pessoa: p.cpf ? `${p.nome}, ${documentoRotulado(p.cpf)},` : p.nome,
          evento: evento.nome,
          periodo,
          local: evento.local ? t('eventos:certificado.local', { local: evento.local }) : '',
        }),
        { align: 'center', width: largura, lineGap: 4 },
      );
    doc.moveDown(2);
    doc.fontSize(12).text(dataPorExtenso(hoje, idioma), { align: 'center', width: largura });
    const y = doc.page.height - MARGEM - 70;
    const assinatura = largura / 3;
    doc
      .moveTo(MARGEM + assinatura, y)
      .lineTo(MARGEM + 2 * assinatura, y)
      .stroke();
    doc.fontSize(11).text(emissor.razaoSocial, MARGEM + assinatura, y + 6, { width: assinatura, align: 'center' });
    doc
      .fontSize(8)
      .fillColor('#555555')
      .text(t('eventos:certificado.codigo', { codigo: p.codigo }), MARGEM, doc.page.height - MARGEM - 12, {
        width: largura,
        align: 'right',
        lineBreak: false,
      })
      .fillColor('black');
  }
  doc.end();
  return doc;
}
