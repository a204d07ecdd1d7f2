import { describe, expect, it } from 'vitest';
import { arquivoExportacao, dinheiroTela, linhaFiltros, textoCelula } from './exportacao.js';

async function texto(s: NodeJS.ReadableStream) {
  let out = '';
  for await (const c of s) out += String(c);
  return out;
}

describe('values as the reader writes them', () => {
  it('money exactly, from the decimal string, in each language', () => {
    expect(dinheiroTela('1234.56', 'pt-BR')).toBe('R$ 1.234,56');
    expect(dinheiroTela('1234.56', 'en')).toBe('R$1,234.56');
    expect(dinheiroTela('-0.5', 'pt-BR')).toBe('-R$ 0,50');
    // Beyond a float's exact cents: no rounding on the way.
    expect(dinheiroTela('90071992547409.93', 'en')).toBe('R$90,071,992,547,409.93');
  });

  it('CSV cells: plain numbers with the decimal mark, labels for codes and yes/no', () => {
    expect(textoCelula('1250.5', { titulo: '', tipo: 'dinheiro' }, 'pt-BR', false)).toBe('1250,50');
    expect(textoCelula('1250.5', { titulo: '', tipo: 'dinheiro' }, 'en', false)).toBe('1250.50');
    expect(textoCelula(true, { titulo: '', tipo: 'simNao' }, 'en', false)).toBe('Yes');
    expect(textoCelula('ATIVO', { titulo: '', tipo: 'opcao', rotulos: 'campos:opcao.status' }, 'pt-BR', false)).toBe(
      'Ativo',
    );
    expect(textoCelula('2026-01-01T02:30:00Z', { titulo: '', tipo: 'dataHora' }, 'pt-BR', true)).toBe(
      '31/12/2025 23:30',
    );
  });

  it('pt-BR CSV quotes what holds `;`, guards typed formulas, not negative amounts', async () => {
    async function* lotes() {
      yield [['a;b', '=1+1', '-12.50']];
    }
    const csv = await texto(
      arquivoExportacao('csv', {
        titulo: 't',
        idioma: 'pt-BR',
        colunas: [{ titulo: 'x' }, { titulo: 'y' }, { titulo: 'z', tipo: 'dinheiro' }],
        lotes: lotes(),
      }),
    );
    expect(csv).toBe('\uFEFFx;y;z\r\n"a;b";\'=1+1;-12,50\r\n');
  });

  it('filters as a line: labels, dates and months as the reader writes them; ids only when named', () => {
    expect(
      linhaFiltros('pt-BR', { vencimentoDe: '2097-02-01', competenciaAte: '2097-03', pessoaId: 7, formato: 'pdf' }),
    ).toBe('Filtros: Vencimento de: 01/02/2097 · Competência até: 03/2097');
    expect(linhaFiltros('en', {})).toBe('Filters: none');
  });
});
