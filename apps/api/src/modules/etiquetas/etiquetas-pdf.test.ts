import { text } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { PIMACO_6180 } from '../../../test/constantes.js';
import { type Etiqueta, pdfEtiquetas } from './etiquetas-pdf.js';

async function* lotes(n: number, tamanho = 7): AsyncGenerator<Etiqueta[]> {
  for (let i = 0; i < n; i += tamanho)
    yield Array.from({ length: Math.min(tamanho, n - i) }, (_, j) => [
      `Pessoa ${i + j + 1}`,
      'Rua da Praia, 100',
      'Centro',
      '90010-000 Porto Alegre - RS',
    ]);
}

const paginas = (pdf: string) => pdf.match(/\/Type \/Page\b/g)?.length ?? 0;

describe('label PDF', () => {
  it('fills sheets of rows × columns and counts the labels', async () => {
    let total = 0;
    const pdf = await text(
      pdfEtiquetas(PIMACO_6180, lotes(65), { titulo: 'Etiquetas', aoTerminar: (n) => (total = n) }),
    );
    expect(pdf.startsWith('%PDF-')).toBe(true);
    expect(total).toBe(65);
    expect(paginas(pdf)).toBe(3);
  });

  it('starts at the given position of the first sheet', async () => {
    const pdf = await text(pdfEtiquetas(PIMACO_6180, lotes(5), { titulo: 'x', posicaoInicial: 28 }));
    expect(paginas(pdf)).toBe(2);
  });

  it('an empty selection still gives a valid one-page document', async () => {
    const pdf = await text(pdfEtiquetas(PIMACO_6180, lotes(0), { titulo: 'x' }));
    expect(paginas(pdf)).toBe(1);
    expect(pdf.trimEnd().endsWith('%%EOF')).toBe(true);
  });
});
