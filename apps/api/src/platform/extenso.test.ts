import { describe, expect, it } from 'vitest';
import { valorPorExtenso } from './extenso.js';

describe('amount in words', () => {
  it('writes reais and centavos in Brazilian Portuguese', () => {
    expect(valorPorExtenso('1250.50', 'pt-BR')).toBe('mil duzentos e cinquenta reais e cinquenta centavos');
    expect(valorPorExtenso('1.00', 'pt-BR')).toBe('um real');
    expect(valorPorExtenso('0.01', 'pt-BR')).toBe('um centavo');
    expect(valorPorExtenso('1000000.00', 'pt-BR')).toBe('um milhão de reais');
    expect(valorPorExtenso('40', 'pt-BR')).toBe('quarenta reais');
    expect(valorPorExtenso('0.00', 'pt-BR')).toBe('zero real');
  });

  it('writes reais and centavos in English', () => {
    expect(valorPorExtenso('1250.50', 'en')).toBe('one thousand two hundred fifty reais and fifty centavos');
    expect(valorPorExtenso('1.00', 'en')).toBe('one real');
    expect(valorPorExtenso('0.01', 'en')).toBe('one centavo');
    expect(valorPorExtenso('21.99', 'en')).toBe('twenty-one reais and ninety-nine centavos');
    expect(valorPorExtenso('1000000.00', 'en')).toBe('one million reais');
    expect(valorPorExtenso('2000305.10', 'en')).toBe('two million three hundred five reais and ten centavos');
    expect(valorPorExtenso('99999999999.99', 'en')).toBe(
      'ninety-nine billion nine hundred ninety-nine million nine hundred ninety-nine thousand nine hundred ninety-nine reais and ninety-nine centavos',
    );
    expect(valorPorExtenso('0', 'en')).toBe('zero reais');
  });
});
