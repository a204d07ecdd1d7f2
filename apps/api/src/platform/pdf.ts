import { once } from 'node:events';
import type { Readable } from 'node:stream';
import type { Idioma } from '@sig/i18n';
import PDFDocument from 'pdfkit';

/** A date (YYYY-MM-DD) as the reader writes it. */
export const dataTela = (v: string, idioma: Idioma) =>
  idioma === 'en'
    ? `${v.slice(5, 7)}/${v.slice(8)}/${v.slice(0, 4)}`
    : `${v.slice(8)}/${v.slice(5, 7)}/${v.slice(0, 4)}`;

/** An amount of money (a decimal string) as the reader writes it. */
export const dinheiroTela = (v: string, idioma: Idioma) =>
  `R$ ${Number(v).toLocaleString(idioma === 'en' ? 'en-US' : 'pt-BR', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

const MARGEM = 28;
const ALTURA_LINHA = 14;
const LIMITE_BUFFER = 1 << 20;

/**
 * A report as a landscape A4 table: a title, the column headings repeated on every page, the
 * rows read batch by batch and written as pages fill, and "page n" at the foot (memory stays
 * flat; generation pauses while the reader lags).
 */
export function pdfTabela(opcoes: {
  titulo: string;
  subtitulo: string;
  cabecalho: readonly string[];
  /** Relative width of each column. */
  pesos: readonly number[];
  lotes: AsyncIterable<readonly (readonly string[])[]>;
  rodape: (pagina: number) => string;
}): Readable {
  const doc = new PDFDocument({ size: 'A4', layout: 'landscape', margin: MARGEM, info: { Title: opcoes.titulo } });
  const largura = doc.page.width - 2 * MARGEM;
  const soma = opcoes.pesos.reduce((a, b) => a + b, 0) || 1;
  const larguras = opcoes.pesos.map((p) => (p / soma) * largura);
  const fim = () => doc.page.height - MARGEM - ALTURA_LINHA;
  let pagina = 1;
  let y = MARGEM;

  const linha = (valores: readonly string[], negrito: boolean) => {
    let x = MARGEM;
    doc.font(negrito ? 'Helvetica-Bold' : 'Helvetica').fontSize(8);
    valores.forEach((v, i) => {
      doc.text(v, x + 2, y + 3, { width: larguras[i]! - 4, height: ALTURA_LINHA, lineBreak: false, ellipsis: true });
      x += larguras[i]!;
    });
    y += ALTURA_LINHA;
  };
  const cabecalho = () => {
    doc.rect(MARGEM, y, largura, ALTURA_LINHA).fill('#e8edf3').fillColor('#000');
    linha(opcoes.cabecalho, true);
  };
  const rodape = () =>
    doc
      .font('Helvetica')
      .fontSize(7)
      .text(opcoes.rodape(pagina), MARGEM, doc.page.height - MARGEM, {
        width: largura,
        align: 'right',
        lineBreak: false,
      });

  const escrever = async () => {
    doc.font('Helvetica-Bold').fontSize(14).text(opcoes.titulo, MARGEM, y);
    doc.font('Helvetica').fontSize(8).text(opcoes.subtitulo);
    y = doc.y + 6;
    cabecalho();
    for await (const lote of opcoes.lotes) {
      for (const valores of lote) {
        if (y > fim()) {
          rodape();
          doc.addPage();
          pagina++;
          y = MARGEM;
          cabecalho();
        }
        linha(valores, false);
      }
      while (doc.readableLength > LIMITE_BUFFER && !doc.destroyed) await once(doc, 'data');
    }
    rodape();
    doc.end();
  };
  escrever().catch((e: unknown) => doc.destroy(e instanceof Error ? e : new Error(String(e))));
  return doc;
}
