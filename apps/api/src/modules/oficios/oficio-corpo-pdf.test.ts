import { type DocumentoOficio, documentoDeTexto } from '@sig/contracts';
import PDFDocument from 'pdfkit';
import { describe, expect, it } from 'vitest';
import { operadoresDoPdf, semEspacos, textoDoPdf } from '../../../test/pdf.js';
import { desenharCorpo } from './oficio-corpo-pdf.js';

async function pdf(d: DocumentoOficio): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A4', margin: 72 });
  const partes: Buffer[] = [];
  doc.on('data', (b: Buffer) => partes.push(b));
  const fim = new Promise((r) => doc.on('end', r));
  desenharCorpo(doc, d, 72, doc.page.width - 144);
  doc.end();
  await fim;
  return Buffer.concat(partes);
}
const paginas = (b: Buffer) => b.toString('latin1').match(/\/Type \/Page\b/g)?.length ?? 0;

const RICO: DocumentoOficio = {
  type: 'doc',
  content: [
    { type: 'heading', attrs: { level: 1, textAlign: 'center' }, content: [{ type: 'text', text: 'Declaração' }] },
    {
      type: 'paragraph',
      attrs: { textAlign: 'justify' },
      content: [
        { type: 'text', text: 'Declaramos que ' },
        { type: 'text', text: 'Maria', marks: [{ type: 'bold' }] },
        { type: 'text', text: ' é ' },
        { type: 'text', text: 'membro', marks: [{ type: 'italic' }, { type: 'underline' }] },
        { type: 'hardBreak' },
        { type: 'campo', attrs: { campo: 'pessoa.nome' } },
      ],
    },
    {
      type: 'orderedList',
      attrs: { start: 1, type: null },
      content: [
        { type: 'listItem', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Batismo' }] }] },
        {
          type: 'listItem',
          content: [
            { type: 'paragraph', content: [{ type: 'text', text: 'Confirmação' }] },
            {
              type: 'bulletList',
              content: [
                { type: 'listItem', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Em 2020' }] }] },
              ],
            },
          ],
        },
      ],
    },
    { type: 'paragraph', attrs: { textAlign: 'right' } },
  ],
};

describe('desenharCorpo: the letters body in the PDF', () => {
  it('prints headings, runs in their faces, numbered and bulleted items and unmerged fields as written', async () => {
    const b = await pdf(RICO);
    const texto = semEspacos(textoDoPdf(b));
    for (const s of [
      'Declaração',
      'DeclaramosqueMariaémembro',
      '{{pessoa.nome}}',
      '1.Batismo',
      '2.Confirmação',
      '–Em2020',
    ])
      expect(texto).toContain(semEspacos(s));
    const fontes = b.toString('latin1');
    for (const f of ['Helvetica-Bold', 'Helvetica-Oblique', 'Helvetica']) expect(fontes).toContain(`/BaseFont /${f}`);
    // Underlined: pdfkit strokes a line under the run.
    expect(operadoresDoPdf(b)).toMatch(/ l\s*\n?S/);
  });

  it('breaks pages as the text fills them', async () => {
    const longo = documentoDeTexto(Array.from({ length: 120 }, (_, i) => `Parágrafo ${i + 1} do ofício.`).join('\n\n'));
    const b = await pdf(longo);
    expect(paginas(b)).toBeGreaterThan(2);
    expect(semEspacos(textoDoPdf(b))).toContain('Parágrafo120doofício.');
  });

  it('prints a plain-text body as justified paragraphs with its line breaks', async () => {
    const d = documentoDeTexto('Primeiro {{pessoa.nome}}\nlinha dois\n\n\nSegundo');
    expect(d.content).toEqual([
      {
        type: 'paragraph',
        attrs: { textAlign: 'justify' },
        content: [
          { type: 'text', text: 'Primeiro ' },
          { type: 'campo', attrs: { campo: 'pessoa.nome' } },
          { type: 'hardBreak' },
          { type: 'text', text: 'linha dois' },
        ],
      },
      { type: 'paragraph', attrs: { textAlign: 'justify' }, content: [{ type: 'text', text: 'Segundo' }] },
    ]);
    expect(semEspacos(textoDoPdf(await pdf(d)))).toBe(semEspacos('Primeiro {{pessoa.nome}} linha dois Segundo'));
  });
});
