import { describe, expect, it } from 'vitest';
import { valorPorExtenso } from './extenso.js';

describe('amount in words', () => {
  it.each([
    {
      lingua: 'Brazilian Portuguese',
      idioma: 'pt-BR' as const,
      casos: [
        ['1250.50', 'mil duzentos e cinquenta reais e cinquenta centavos'],
        ['1.00', 'um real'],
        ['0.01', 'um centavo'],
        ['1000000.00', 'um milhão de reais'],
        ['40', 'quarenta reais'],
        ['0.00', 'zero real'],
      ],
    },
    {
      lingua: 'English',
      idioma: 'en' as const,
      casos: [
        ['1250.50', 'one thousand two hundred fifty reais and fifty centavos'],
        ['1.00', 'one real'],
        ['0.01', 'one centavo'],
        ['21.99', 'twenty-one reais and ninety-nine centavos'],
        ['1000000.00', 'one million reais'],
        ['2000305.10', 'two million three hundred five reais and ten centavos'],
        [
          '99999999999.99',
          'ninety-nine billion nine hundred ninety-nine million nine hundred ninety-nine thousand nine hundred ninety-nine reais and ninety-nine centavos',
        ],
        ['0', 'zero reais'],
      ],
    },
  ])('writes reais and centavos in $lingua', ({ idioma, casos }) => {
    for (const [valor, texto] of casos) expect(valorPorExtenso(valor!, idioma)).toBe(texto);
  });
});
