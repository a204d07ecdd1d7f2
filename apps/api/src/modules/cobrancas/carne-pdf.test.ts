import { describe, expect, it } from 'vitest';
import { barrasItf, linhaDigitavelFormatada, pdfCarne } from './carne-pdf.js';

describe('booklet slip layout', () => {
  it('formats the 47-digit typed line in the bank groups and leaves anything else as it came', () => {
    expect(linhaDigitavelFormatada('00190000090123456789012345678908812340000010000')).toBe(
      '00190.00009 01234.567890 12345.678908 8 12340000010000',
    );
    expect(linhaDigitavelFormatada('123')).toBe('123');
  });

  it('draws the 44-digit barcode as ITF: start, 22 digit pairs and stop, wide bars three times the narrow', () => {
    const barras = barrasItf('00198123400000100000000090123456789012345678');
    const fina = Math.min(...barras);
    const larga = Math.max(...barras);
    expect(larga / fina).toBeCloseTo(3);
    // Bars only (even places): 2 in the start, 5 per digit pair of the 22, 2 in the stop.
    expect(barras.filter((_, i) => i % 2 === 0)).toHaveLength(2 + 22 * 5 + 2);
  });

  it('streams a PDF with the slips, three per page', async () => {
    const boleto = {
      organizacao: 'Paróquia',
      titular: 'Ana Souza',
      competencia: '03/2098',
      vencimento: '2098-03-10',
      valor: '40.00',
      parcela: null,
      linhaDigitavel: '00190000090123456789012345678908812340000010000',
      codigoBarras: '00198123400000100000000090123456789012345678',
      pix: null,
    };
    async function* lotes() {
      yield [boleto, boleto];
      yield [boleto, boleto];
    }
    const partes: Buffer[] = [];
    for await (const p of pdfCarne(lotes(), 'pt-BR')) partes.push(p as Buffer);
    const pdf = Buffer.concat(partes);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.toString('latin1').match(/\/Type \/Page\b/g)?.length).toBe(2);
  });
});
