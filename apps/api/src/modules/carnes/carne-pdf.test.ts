import jpeg from 'jpeg-js';
import QRCode from 'qrcode';
import { describe, expect, it } from 'vitest';
import { imagensDoPdf, operadoresDoPdf } from '../../../test/pdf.js';
import { modulosQr } from '../../platform/emissor-pdf.js';
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

  it('draws the Pix QR code as row runs covering exactly its dark modules', () => {
    const codigo = '00020126360014br.gov.bcb.pix0114+5551999999999520400005303986540540.005802BR6304ABCD';
    const { lado, trechos } = modulosQr(codigo);
    const { size, data } = QRCode.create([{ data: Buffer.from(codigo), mode: 'byte' }], {
      errorCorrectionLevel: 'M',
    }).modules;
    expect(lado).toBe(size);
    const pintados = new Set(trechos.flatMap(([x, y, n]) => Array.from({ length: n }, (_, i) => y * size + x + i)));
    expect(pintados).toEqual(new Set([...data.keys()].filter((i) => data[i])));
  });

  it('streams a PDF with the slips, three per page', async () => {
    const boleto = {
      organizacaoId: 1,
      organizacao: 'Paróquia',
      titular: 'Ana Souza',
      competencia: '03/2098',
      vencimento: '2098-03-10',
      valor: '40.00',
      parcela: null,
      linhaDigitavel: '00190000090123456789012345678908812340000010000',
      codigoBarras: '00198123400000100000000090123456789012345678',
      pix: '00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-4266554400005204000053039865802BR5913Fulano6008BRASILIA62070503***63041D3D',
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

  it("heads each slip with its organization's logo, embedded once per organization", async () => {
    const boleto = (organizacaoId: number) => ({
      organizacaoId,
      organizacao: `Paróquia ${organizacaoId}`,
      titular: 'Ana Souza',
      competencia: '03/2098',
      vencimento: '2098-03-10',
      valor: '40.00',
      parcela: null,
      linhaDigitavel: null,
      codigoBarras: null,
      pix: null,
    });
    async function* lotes() {
      yield Array.from({ length: 9 }, (_, i) => boleto(i % 3 === 2 ? 2 : 1));
    }
    const logo = jpeg.encode({ data: Buffer.alloc(12 * 6 * 4, 90), width: 12, height: 6 }, 80).data;
    const lidos: number[] = [];
    const partes: Buffer[] = [];
    const carne = pdfCarne(lotes(), 'pt-BR', async (id) => {
      lidos.push(id);
      return id === 1 ? Buffer.from(logo) : null;
    });
    for await (const p of carne) partes.push(p as Buffer);
    const pdf = Buffer.concat(partes);
    expect(lidos).toEqual([1, 2]);
    expect(imagensDoPdf(pdf)).toBe(1);
    expect(operadoresDoPdf(pdf).match(/\/I1 Do/g)?.length).toBe(6);
  });
});
