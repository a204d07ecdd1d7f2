import { describe, expect, it } from 'vitest';
import { diferenca } from './diferenca';

describe('diferenca', () => {
  it('keeps the common lines and marks what was removed and added', () => {
    expect(diferenca('um\ndois\ntrês', 'um\nDOIS\ntrês\nquatro')).toEqual([
      { tipo: 'igual', texto: 'um' },
      { tipo: 'removida', texto: 'dois' },
      { tipo: 'incluida', texto: 'DOIS' },
      { tipo: 'igual', texto: 'três' },
      { tipo: 'incluida', texto: 'quatro' },
    ]);
  });
  it('finds nothing changed in equal texts', () => {
    expect(diferenca('a\nb', 'a\nb').every((l) => l.tipo === 'igual')).toBe(true);
  });
});
