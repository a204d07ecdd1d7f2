import { describe, expect, it } from 'vitest';
import { type DocumentoOficio, documentoOficio, textoDoDocumento } from './oficio-documento.js';

const paragrafo = (text: string) => ({ type: 'paragraph', content: [{ type: 'text', text }] });
const doc = (...content: unknown[]) => ({ type: 'doc', content });
const mensagens = (v: unknown) => {
  const r = documentoOficio.safeParse(v);
  return r.success ? [] : r.error.issues.map((i) => i.message);
};

describe('documentoOficio: the rich body allow-list', () => {
  it('takes what the editor writes: headings, marks, lists, alignment, merge fields', () => {
    const d = doc(
      { type: 'heading', attrs: { level: 2, textAlign: null }, content: [{ type: 'text', text: 'Título' }] },
      {
        type: 'paragraph',
        attrs: { textAlign: 'center' },
        content: [
          { type: 'text', text: 'forte', marks: [{ type: 'bold' }, { type: 'underline' }] },
          { type: 'hardBreak' },
          { type: 'campo', attrs: { campo: 'pessoa.nome' }, marks: [{ type: 'italic' }] },
        ],
      },
      {
        type: 'orderedList',
        attrs: { start: 3, type: null },
        content: [{ type: 'listItem', content: [paragrafo('um')] }],
      },
      { type: 'paragraph', attrs: { textAlign: null } },
    );
    expect(documentoOficio.parse(d)).toEqual(d);
    expect(textoDoDocumento(d as DocumentoOficio)).toBe('Título\n\nforte\n{{pessoa.nome}}\n\n3. um');
  });

  it.each([
    ['a script node', doc({ type: 'script', content: [{ type: 'text', text: 'alert(1)' }] })],
    ['an html node', doc({ type: 'paragraph', content: [{ type: 'html', html: '<script>alert(1)</script>' }] })],
    ['an image', doc({ type: 'image', attrs: { src: 'http://x/y.png' } })],
  ])('refuses %s with its message key', (_, d) => {
    expect(mensagens(d)).toEqual(['validacao:documentoElementoInvalido']);
  });

  it('refuses a mark outside the list', () => {
    const d = doc({ type: 'paragraph', content: [{ type: 'text', text: 'x', marks: [{ type: 'link' }] }] });
    expect(documentoOficio.safeParse(d).error?.issues.map((i) => i.code)).toEqual(['invalid_value']);
  });

  it('refuses unknown attributes, a third heading level and lists nested too deep', () => {
    expect(documentoOficio.safeParse(doc({ ...paragrafo('x'), attrs: { style: 'color:red' } })).success).toBe(false);
    expect(
      documentoOficio.safeParse(doc({ type: 'heading', attrs: { level: 3 }, content: [{ type: 'text', text: 'x' }] }))
        .success,
    ).toBe(false);
    let lista: unknown = paragrafo('fundo');
    for (let i = 0; i < 5; i++) lista = { type: 'bulletList', content: [{ type: 'listItem', content: [lista] }] };
    expect(mensagens(doc(lista))).toEqual(['validacao:documentoListasProfundas']);
  });
});
