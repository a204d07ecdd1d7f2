import { describe, expect, it } from 'vitest';
import { loteEventoInput } from './evento.js';
import { centavos, deCentavos, negarValor, normalizarValor, somarValores } from './valores.js';

describe('money arithmetic in centavos', () => {
  it('reads and writes amounts with up to two places, both signs', () => {
    expect(centavos('1250.5')).toBe(125050n);
    expect(centavos('-0.01')).toBe(-1n);
    expect(deCentavos(-5n)).toBe('-0.05');
    expect(normalizarValor('30')).toBe('30.00');
    expect(normalizarValor('999999999999.99')).toBe('999999999999.99');
    expect(() => centavos('1.234')).toThrow();
    expect(() => centavos('1,5')).toThrow();
  });

  it('sums what floats would not (0.1 + 0.2, ten thousand centavos) and negates', () => {
    expect(somarValores(['0.10', '0.20'])).toBe('0.30');
    expect(somarValores(Array.from({ length: 10_000 }, () => '0.01'))).toBe('100.00');
    expect(somarValores([])).toBe('0.00');
    expect(negarValor('30.00')).toBe('-30.00');
    expect(negarValor('-0.5')).toBe('0.50');
    expect(negarValor('0')).toBe('0.00');
  });
});

describe('an invalid amount is refused before any rule reads it as a decimal', () => {
  it('a float in exponent notation is a validation issue, not a thrown error', () => {
    const r = loteEventoInput.safeParse({ numero: 1, valor: -3.2743792168621076e-304, quantidade: 1 });
    expect(r.success).toBe(false);
    expect(r.error?.issues.map((i) => i.message)).toEqual(['validacao:valorInvalido']);
  });
});
