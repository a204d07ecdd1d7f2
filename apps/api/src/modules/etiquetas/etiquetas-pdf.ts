import { once } from 'node:events';
import type { Readable } from 'node:stream';
import { TAMANHOS_PAPEL } from '@sig/contracts';
import PDFDocument from 'pdfkit';

/** A label sheet layout (lengths in millimetres), as kept by the label configuration registry. */
export type Layout = {
  tamanhoPapel: string;
  linhas: number;
  colunas: number;
  margemSuperior: number;
  margemEsquerda: number;
  larguraEtiqueta: number;
  alturaEtiqueta: number;
  espacoHorizontal: number;
  espacoVertical: number;
};

/** One label: its lines of text, first (the name) in bold. */
export type Etiqueta = readonly string[];

const PONTOS_POR_MM = 72 / 25.4;
const pt = (mm: number) => mm * PONTOS_POR_MM;
const RESPIRO_MM = 2;
/** Generation pauses while this much PDF waits to be read: a slow download keeps memory flat. */
const LIMITE_BUFFER = 1 << 20;

/**
 * Streams a PDF of address labels laid out on the sheet grid, left to right and top to bottom,
 * starting at `posicaoInicial` (1 = top left) so a half-used sheet can be reused. Pages are
 * written out as they fill (PDFKit does not keep finished pages), and labels are read batch by
 * batch: memory stays flat for any count.
 */
export function pdfEtiquetas(
  layout: Layout,
  lotes: AsyncIterable<readonly Etiqueta[]>,
  opcoes: { posicaoInicial?: number; titulo: string; aoTerminar?: (total: number) => void },
): Readable {
  const [largura, altura] = TAMANHOS_PAPEL[layout.tamanhoPapel as keyof typeof TAMANHOS_PAPEL] ?? TAMANHOS_PAPEL.A4;
  const doc = new PDFDocument({
    size: [pt(largura), pt(altura)],
    margin: 0,
    autoFirstPage: false,
    info: { Title: opcoes.titulo, Producer: 'SIG' },
  });
  const porFolha = layout.linhas * layout.colunas;
  const larguraTexto = pt(layout.larguraEtiqueta - 2 * RESPIRO_MM);
  const alturaLinha = 10;
  const maximoLinhas = Math.max(1, Math.floor((pt(layout.alturaEtiqueta - 2 * RESPIRO_MM) + 1) / alturaLinha));

  const escrever = async () => {
    let posicao = Math.min(Math.max((opcoes.posicaoInicial ?? 1) - 1, 0), porFolha - 1);
    let total = 0;
    doc.addPage();
    for await (const lote of lotes) {
      for (const etiqueta of lote) {
        if (posicao === porFolha) {
          doc.addPage();
          posicao = 0;
        }
        const linha = Math.floor(posicao / layout.colunas);
        const coluna = posicao % layout.colunas;
        const x = pt(layout.margemEsquerda + coluna * (layout.larguraEtiqueta + layout.espacoHorizontal) + RESPIRO_MM);
        const y = pt(layout.margemSuperior + linha * (layout.alturaEtiqueta + layout.espacoVertical) + RESPIRO_MM);
        etiqueta.slice(0, maximoLinhas).forEach((texto, i) => {
          doc
            .font(i === 0 ? 'Helvetica-Bold' : 'Helvetica')
            .fontSize(8)
            .text(texto, x, y + i * alturaLinha, {
              width: larguraTexto,
              height: alturaLinha,
              lineBreak: false,
              ellipsis: true,
            });
        });
        posicao++;
        total++;
      }
      while (doc.readableLength > LIMITE_BUFFER && !doc.destroyed) await once(doc, 'data');
    }
    opcoes.aoTerminar?.(total);
    doc.end();
  };
  escrever().catch((e: unknown) => doc.destroy(e instanceof Error ? e : new Error(String(e))));
  return doc;
}
