import { once } from 'node:events';
import type { Readable } from 'node:stream';
import { tradutor } from '@sig/i18n';
import PDFDocument from 'pdfkit';
import { type ColunaArquivo, type Documento, textoCelula } from './exportacao.js';

export { dataTela, dinheiroTela } from './exportacao.js';

const MARGEM = 28;
const FONTE = 8;
const RESPIRO = 3;
/** A cell wraps up to this many lines, then ends in an ellipsis: a row always fits a page. */
const MAX_LINHAS = 4;
const LIMITE_BUFFER = 1 << 20;
const LARGURA_UTIL = 842 - 2 * MARGEM;
/** Narrower than this, a column no longer holds a word (the people report's "cut to three letters"). */
const LARGURA_MINIMA = 60;
/** The most columns a landscape A4 page holds legibly; more go to XLSX. */
export const MAX_COLUNAS_PDF = Math.floor(LARGURA_UTIL / LARGURA_MINIMA);
/** The page total, drawn by one form object that every page shows and that is written last. */
const NOME_TOTAL = 'TotalPaginas';
const MARCA = '\u0000';

const alinhamento = (c: ColunaArquivo) => (c.tipo === 'dinheiro' || c.tipo === 'numero' ? 'right' : 'left');

/**
 * Widths by weight, none under the minimum: a narrow column takes the minimum and the others
 * share what is left (wide names must not squeeze a yes/no column to one letter).
 */
function largurasDasColunas(pesos: readonly number[], total: number): number[] {
  const fixas = new Set<number>();
  for (;;) {
    const soma = pesos.reduce((a, p, i) => (fixas.has(i) ? a : a + p), 0);
    const livre = total - fixas.size * LARGURA_MINIMA;
    if (!soma || livre <= 0) return pesos.map(() => total / pesos.length);
    const l = pesos.map((p, i) => (fixas.has(i) ? LARGURA_MINIMA : (p / soma) * livre));
    const estreita = l.findIndex((w, i) => !fixas.has(i) && w < LARGURA_MINIMA);
    if (estreita < 0) return l;
    fixas.add(estreita);
  }
}

/** pdfkit's internals the page total needs (not in its typings). */
type Interno = PDFKit.PDFDocument & {
  _font: { id: string; ref(): unknown };
  page: PDFKit.PDFPage & { xobjects: Record<string, unknown> };
  ref(dados: object): { end(conteudo?: string): void };
};

/**
 * A report as a landscape A4 table: the title and what it covers (organization, filters), the
 * column headings repeated on every page, rows wrapped to their content, a totals row, and
 * "page n of m" at the foot of every page. Rows are read batch by batch and written as pages
 * fill; the page total is a form object written at the end, so nothing waits for the last row
 * and memory stays flat (generation pauses while the reader lags).
 */
export function pdfTabela(d: Documento): Readable {
  const t = tradutor(d.idioma);
  const doc = new PDFDocument({
    size: 'A4',
    layout: 'landscape',
    margin: MARGEM,
    info: { Title: d.titulo },
  }) as Interno;
  const largura = doc.page.width - 2 * MARGEM;
  const larguras = largurasDasColunas(
    d.colunas.map((c) => c.peso ?? 1),
    largura,
  );
  const alturaLinha = doc.font('Helvetica').fontSize(FONTE).currentLineHeight(true);
  const fim = doc.page.height - MARGEM - 2 * alturaLinha;
  const total = doc.ref({
    Type: 'XObject',
    Subtype: 'Form',
    BBox: [0, -FONTE, 100, 2 * FONTE],
    Resources: { Font: { [doc._font.id]: doc._font.ref() } },
  });
  const fonteTotal = doc._font.id;
  const gerado = `${d.titulo} · ${textoCelula(new Date(), { titulo: '', tipo: 'dataHora' }, d.idioma, true)}`;
  let pagina = 1;
  let y = MARGEM;

  const altura = (valores: readonly string[], negrito: boolean) => {
    doc.font(negrito ? 'Helvetica-Bold' : 'Helvetica').fontSize(FONTE);
    const linhas = Math.max(
      1,
      ...valores.map((v, i) =>
        v
          ? Math.min(MAX_LINHAS, Math.ceil(doc.heightOfString(v, { width: larguras[i]! - 4 }) / alturaLinha - 0.01))
          : 1,
      ),
    );
    return linhas * alturaLinha + 2 * RESPIRO;
  };
  const linha = (valores: readonly string[], negrito: boolean, h: number) => {
    let x = MARGEM;
    doc.font(negrito ? 'Helvetica-Bold' : 'Helvetica').fontSize(FONTE);
    valores.forEach((v, i) => {
      const w = larguras[i]!;
      if (v)
        doc.text(v, x + 2, y + RESPIRO, {
          width: w - 4,
          height: h - 2 * RESPIRO,
          ellipsis: true,
          align: alinhamento(d.colunas[i]!),
        });
      x += w;
    });
    y += h;
    doc
      .moveTo(MARGEM, y)
      .lineTo(MARGEM + largura, y)
      .lineWidth(0.3)
      .strokeColor('#c8d0da')
      .stroke();
  };
  const cabecalho = () => {
    const titulos = d.colunas.map((c) => c.titulo);
    const h = altura(titulos, true);
    doc.rect(MARGEM, y, largura, h).fill('#e8edf3').fillColor('#000');
    linha(titulos, true, h);
  };
  // Drawn without a width, so pdfkit never wraps it onto a page of its own (the blank last page).
  const rodape = () => {
    const base = doc.page.height - MARGEM - alturaLinha;
    doc.font('Helvetica').fontSize(FONTE - 1);
    const [antes = '', depois = ''] = t('relatorios:paginaDe', { n: pagina, total: MARCA }).split(MARCA);
    doc.text(antes, MARGEM, base, { lineBreak: false });
    const x = MARGEM + doc.widthOfString(antes);
    doc.page.xobjects[NOME_TOTAL] = total;
    doc.save();
    doc.transform(1, 0, 0, -1, 0, doc.page.height);
    // The baseline where pdfkit puts that of a text drawn at `base` (Helvetica's ascender is 718/1000).
    doc.transform(1, 0, 0, 1, x, doc.page.height - base - 0.718 * (FONTE - 1));
    doc.addContent(`/${NOME_TOTAL} Do`);
    doc.restore();
    if (depois) doc.text(depois, x + doc.widthOfString('0000'), base, { lineBreak: false });
    doc.text(gerado, MARGEM + largura - doc.widthOfString(gerado), base, { lineBreak: false });
  };
  const garantir = (h: number) => {
    if (y + h <= fim) return;
    rodape();
    doc.addPage();
    pagina++;
    y = MARGEM;
    cabecalho();
  };
  const textos = (valores: readonly unknown[]) => d.colunas.map((c, i) => textoCelula(valores[i], c, d.idioma, true));

  const escrever = async () => {
    doc.font('Helvetica-Bold').fontSize(14).text(d.titulo, MARGEM, y, { width: largura });
    doc.font('Helvetica').fontSize(FONTE);
    for (const info of d.informacoes ?? []) doc.text(info, { width: largura });
    y = doc.y + 6;
    cabecalho();
    for await (const lote of d.lotes) {
      for (const valores of lote) {
        const v = textos(valores);
        const h = altura(v, false);
        garantir(h);
        linha(v, false, h);
      }
      while (doc.readableLength > LIMITE_BUFFER && !doc.destroyed) await once(doc, 'data');
    }
    if (d.totais) {
      const v = textos(d.totais);
      const h = altura(v, true);
      garantir(h);
      linha(v, true, h);
    }
    rodape();
    total.end(`BT /${fonteTotal} ${FONTE - 1} Tf (${pagina}) Tj ET`);
    doc.end();
  };
  escrever().catch((e: unknown) => doc.destroy(e instanceof Error ? e : new Error(String(e))));
  return doc;
}
