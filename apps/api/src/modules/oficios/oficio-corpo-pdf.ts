import type { Alinhamento, DocumentoOficio, NoEmLinha, NoLista, NoParagrafo, NoTitulo } from '@sig/contracts';

/**
 * A letter's body drawn by pdfkit (docs/adr/0028): the one renderer of single letters, batches
 * and certificates, and of the template form's preview. Paragraphs and headings flow as runs of
 * Helvetica in its bold/oblique faces, underlined where marked, in their alignment; lists carry
 * their bullet or number in an indent of their own; pdfkit breaks pages as the text fills them
 * (a new page takes the letter's size and margins).
 */
const TAMANHO = 11;
const TAMANHO_TITULO = { 1: 14, 2: 12 } as const;
const RECUO_LISTA = 18;
/** WinAnsi has no hollow bullet: a dash marks the lists inside lists. */
const MARCADORES = ['•', '–'] as const;

type Trecho = { texto: string; negrito: boolean; italico: boolean; sublinhado: boolean };

const fonte = (t: Trecho) =>
  t.negrito ? (t.italico ? 'Helvetica-BoldOblique' : 'Helvetica-Bold') : t.italico ? 'Helvetica-Oblique' : 'Helvetica';

/** A line's runs: merge fields left unmerged print as written (`{{campo}}`), breaks as `\n`. */
function trechos(nos: readonly NoEmLinha[] | undefined, negrito: boolean): Trecho[] {
  const r: Trecho[] = [];
  for (const n of nos ?? []) {
    if (n.type === 'hardBreak') {
      const ultimo = r[r.length - 1];
      if (ultimo) ultimo.texto += '\n';
      else r.push({ texto: '\n', negrito, italico: false, sublinhado: false });
      continue;
    }
    const marcas = new Set((n.marks ?? []).map((m) => m.type));
    r.push({
      texto: n.type === 'text' ? n.text : `{{${n.attrs.campo}}}`,
      negrito: negrito || marcas.has('bold'),
      italico: marcas.has('italic'),
      sublinhado: marcas.has('underline'),
    });
  }
  return r;
}

type Caixa = { x: number; largura: number; y?: number };

function escreverBloco(doc: PDFKit.PDFDocument, b: NoParagrafo | NoTitulo, c: Caixa) {
  const titulo = b.type === 'heading';
  const tamanho = titulo ? TAMANHO_TITULO[b.attrs.level] : TAMANHO;
  const align: Alinhamento = b.attrs?.textAlign ?? 'left';
  const partes = trechos(b.content, titulo);
  // An empty paragraph is a blank line, as in the editor.
  if (!partes.length) partes.push({ texto: ' ', negrito: false, italico: false, sublinhado: false });
  partes.forEach((t, i) => {
    doc.font(fonte(t)).fontSize(tamanho);
    const opcoes = {
      width: c.largura,
      align,
      lineGap: 2,
      underline: t.sublinhado,
      continued: i < partes.length - 1,
    };
    if (i === 0) doc.text(t.texto, c.x, c.y ?? doc.y, opcoes);
    else doc.text(t.texto, opcoes);
  });
  doc.moveDown(titulo ? 0.5 : 0.8);
}

function escreverLista(doc: PDFKit.PDFDocument, l: NoLista, c: Caixa, nivel: number) {
  const inicio = l.type === 'orderedList' ? (l.attrs?.start ?? 1) : 1;
  const texto = { x: c.x + RECUO_LISTA, largura: c.largura - RECUO_LISTA };
  l.content.forEach((item, i) => {
    const rotulo = l.type === 'orderedList' ? `${inicio + i}.` : MARCADORES[Math.min(nivel, 1)];
    item.content.forEach((b, j) => {
      if (b.type !== 'paragraph') escreverLista(doc, b, texto, nivel + 1);
      else if (j > 0) escreverBloco(doc, b, texto);
      else escreverItem(doc, b, rotulo, c.x, texto);
    });
  });
}

/** An item's first paragraph, its bullet or number in the indent before it. */
function escreverItem(doc: PDFKit.PDFDocument, b: NoParagrafo, rotulo: string, x: number, texto: Caixa) {
  const y = doc.y;
  doc
    .font('Helvetica')
    .fontSize(TAMANHO)
    .text(rotulo, x, y, { width: RECUO_LISTA - 2, lineBreak: false });
  // The item's text starts on the marker's line, on a new page when the marker opened one.
  escreverBloco(doc, b, { ...texto, y: doc.y < y ? doc.y - doc.currentLineHeight(true) : y });
}

/** Draws `d` from the current `doc.y`, `largura` wide from `x`. */
export function desenharCorpo(doc: PDFKit.PDFDocument, d: DocumentoOficio, x: number, largura: number) {
  for (const b of d.content) {
    if (b.type === 'bulletList' || b.type === 'orderedList') {
      escreverLista(doc, b, { x, largura }, 0);
      doc.moveDown(0.4);
    } else escreverBloco(doc, b, { x, largura });
  }
}
