import { once } from 'node:events';
import type { Readable } from 'node:stream';
import { type Idioma, tradutor } from '@sig/i18n';
import bwipjs from 'bwip-js/node';
import PDFDocument from 'pdfkit';
import { abrirImagem, desenharQr, type ImagemPdf } from '../../platform/emissor-pdf.js';
import { dataTela, dinheiroTela } from '../../platform/pdf.js';

/** One slip of a booklet; the codes are null when the charge has none (Pix only) or the provider failed. */
export type Boleto = {
  /** Whose logo heads the slip. */
  organizacaoId: number;
  organizacao: string;
  titular: string;
  /** `MM/AAAA`. */
  competencia: string;
  vencimento: string;
  valor: string;
  parcela: number | null;
  linhaDigitavel: string | null;
  codigoBarras: string | null;
  /** The Pix copy-and-paste code, drawn as its QR code. */
  pix: string | null;
};

const MARGEM = 28;
const POR_PAGINA = 3;
const QR = 96;
/** The logo's box at a slip's head: as high as two lines of its name. */
const LOGO_ALTURA = 18;
/** Febraban: narrow bar 0.25 mm or more, wide ones 2.25 to 3 times it. */
const BARRA_FINA = 0.72;
const BARRA_LARGA = 3 * BARRA_FINA;
const ALTURA_BARRAS = 37;
/** Generation pauses while this much PDF waits to be read: a slow download keeps memory flat. */
const LIMITE_BUFFER = 1 << 20;

/** The 47-digit typed line in the bank's groups: `AAAAA.AAAAA BBBBB.BBBBBB CCCCC.CCCCCC D EEEEEEEEEEEEEE`. */
export function linhaDigitavelFormatada(linha: string): string {
  const d = linha.replace(/\D/g, '');
  if (d.length !== 47) return linha;
  return `${d.slice(0, 5)}.${d.slice(5, 10)} ${d.slice(10, 15)}.${d.slice(15, 21)} ${d.slice(21, 26)}.${d.slice(26, 32)} ${d[32]} ${d.slice(33)}`;
}

/**
 * The bar and space widths (points, bar first) of the 44-digit barcode as Interleaved 2 of 5 with
 * its start and stop; drawn as vectors, so it prints sharp at any resolution.
 */
export function barrasItf(codigo: string): number[] {
  const [simbolo] = bwipjs.raw({ bcid: 'interleaved2of5', text: codigo }) as { sbs: number[] }[];
  return simbolo!.sbs.map((m) => (m > 1 ? BARRA_LARGA : BARRA_FINA));
}

/**
 * Streams a booklet: three slips per A4 page, cut lines between them, each with the organization's
 * logo and name, holder, competence, due date, value, the typed line, the ITF barcode and the Pix
 * QR code. Pages are written out as they fill and slips read batch by batch: memory stays flat.
 * Each organization's logo is read and embedded once, however many slips carry it.
 */
export function pdfCarne(
  lotes: AsyncIterable<readonly Boleto[]>,
  idioma: Idioma,
  logoDe: (organizacaoId: number) => Promise<Buffer | null> = async () => null,
): Readable {
  const t = tradutor(idioma);
  const doc = new PDFDocument({
    size: 'A4',
    margin: 0,
    autoFirstPage: false,
    info: { Title: t('cobrancas:carnes.pdf.titulo'), Producer: 'SIG' },
  });
  // Translated once: per slip they were a noticeable share of the run.
  const rotulos = {
    titular: t('campos:titular'),
    competencia: t('cobrancas:carnes.pdf.competencia'),
    vencimento: t('campos:vencimento'),
    valor: t('campos:valor'),
    parcela: t('cobrancas:carnes.pdf.parcela'),
    linhaDigitavel: t('cobrancas:carnes.pdf.linhaDigitavel'),
    indisponivel: t('cobrancas:carnes.pdf.indisponivel'),
    pix: t('cobrancas:carnes.pdf.pix'),
  };
  const altura = () => doc.page.height / POR_PAGINA;
  const largura = () => doc.page.width - 2 * MARGEM;

  const campo = (rotulo: string, valor: string, x: number, y: number, w: number) => {
    doc.font('Helvetica').fontSize(7).fillColor('#444').text(rotulo, x, y, { width: w, lineBreak: false });
    doc
      .font('Helvetica-Bold')
      .fontSize(10)
      .fillColor('#000')
      .text(valor, x, y + 9, { width: w, height: 12, lineBreak: false, ellipsis: true });
  };

  const logos = new Map<number, ImagemPdf | null>();
  const logo = async (organizacaoId: number) => {
    if (!logos.has(organizacaoId)) logos.set(organizacaoId, abrirImagem(doc, await logoDe(organizacaoId)));
    return logos.get(organizacaoId) ?? null;
  };

  const desenhar = (b: Boleto, posicao: number, imagem: ImagemPdf | null) => {
    const topo = posicao * altura();
    const x = MARGEM;
    const w = largura();
    if (posicao > 0)
      doc
        .moveTo(MARGEM / 2, topo)
        .lineTo(doc.page.width - MARGEM / 2, topo)
        .dash(4, { space: 3 })
        .strokeColor('#888')
        .stroke()
        .undash();
    let y = topo + MARGEM;
    const recuo = imagem ? LOGO_ALTURA * 3 + 8 : 0;
    if (imagem) doc.image(imagem as unknown as Buffer, x, y - 3, { fit: [LOGO_ALTURA * 3, LOGO_ALTURA] });
    doc
      .font('Helvetica-Bold')
      .fontSize(12)
      .fillColor('#000')
      .text(b.organizacao, x + recuo, y, { width: w - QR - 12 - recuo, lineBreak: false, ellipsis: true });
    y += 22;
    const texto = w - QR - 12;
    campo(rotulos.titular, b.titular, x, y, texto);
    y += 28;
    const quarto = texto / 4;
    campo(rotulos.competencia, b.competencia, x, y, quarto);
    campo(rotulos.vencimento, dataTela(b.vencimento, idioma), x + quarto, y, quarto);
    campo(rotulos.valor, dinheiroTela(b.valor, idioma), x + 2 * quarto, y, quarto);
    if (b.parcela) campo(rotulos.parcela, String(b.parcela), x + 3 * quarto, y, quarto);
    y += 32;
    if (b.linhaDigitavel) {
      doc.font('Helvetica').fontSize(7).fillColor('#444').text(rotulos.linhaDigitavel, x, y);
      doc
        .font('Courier-Bold')
        .fontSize(10.5)
        .fillColor('#000')
        .text(linhaDigitavelFormatada(b.linhaDigitavel), x, y + 9, { width: texto, lineBreak: false });
      y += 28;
    }
    if (b.codigoBarras) {
      let xb = x;
      barrasItf(b.codigoBarras).forEach((largo, i) => {
        if (i % 2 === 0) doc.rect(xb, y, largo, ALTURA_BARRAS);
        xb += largo;
      });
      doc.fillColor('#000').fill();
    }
    if (!b.linhaDigitavel && !b.pix)
      doc
        .font('Helvetica-Oblique')
        .fontSize(9)
        .fillColor('#b00020')
        .text(rotulos.indisponivel, x, y, { width: texto })
        .fillColor('#000');
    if (b.pix) {
      const xq = x + w - QR;
      const yq = topo + MARGEM + 20;
      desenharQr(doc, b.pix, xq, yq, QR);
      doc
        .font('Helvetica')
        .fontSize(7)
        .fillColor('#444')
        .text(rotulos.pix, xq, yq + QR + 2, { width: QR, align: 'center' })
        .fillColor('#000');
    }
  };

  const escrever = async () => {
    let posicao = POR_PAGINA;
    let paginas = 0;
    for await (const lote of lotes) {
      for (const b of lote) {
        if (posicao === POR_PAGINA) {
          doc.addPage();
          paginas++;
          posicao = 0;
        }
        desenhar(b, posicao++, await logo(b.organizacaoId));
      }
      while (doc.readableLength > LIMITE_BUFFER && !doc.destroyed) await once(doc, 'data');
    }
    // An empty run still makes a valid (one blank page) PDF; the header tells the web not to save it.
    if (!paginas) doc.addPage();
    doc.end();
  };
  escrever().catch((e: unknown) => doc.destroy(e instanceof Error ? e : new Error(String(e))));
  return doc;
}
