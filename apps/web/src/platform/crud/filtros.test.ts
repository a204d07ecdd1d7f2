import { describe, expect, it } from 'vitest';
import { diasDoMaiorPeriodo, type FiltroLista, urlDosValores, valoresDaUrl } from './filtros';

const FILTROS: readonly FiltroLista[] = [
  { tipo: 'referencias', nome: 'tiposPessoaIds', referencia: 'tipo-pessoa' },
  { tipo: 'mascara', nome: 'cpf', mascara: 'cpf' },
  { tipo: 'periodo', de: 'nascimentoDe', ate: 'nascimentoAte', aviso: false },
  { tipo: 'periodo', de: 'periodoDe', ate: 'periodoAte' },
];

describe('filtros de lista', () => {
  it('keeps several records as a list of ids and a document as its digits', () => {
    const url = urlDosValores(FILTROS, { tiposPessoaIds: [3, 7], cpf: '529.982.247-25' });
    expect(url).toMatchObject({ tiposPessoaIds: '3,7', cpf: '52998224725' });
    expect(valoresDaUrl(FILTROS, { tiposPessoaIds: '3,7', cpf: '52998224725' })).toMatchObject({
      tiposPessoaIds: [3, 7],
      cpf: '52998224725',
    });
    expect(valoresDaUrl(FILTROS, {})).toMatchObject({ tiposPessoaIds: [], cpf: null });
    expect(urlDosValores(FILTROS, { tiposPessoaIds: [], cpf: '' })).toMatchObject({
      tiposPessoaIds: undefined,
      cpf: undefined,
    });
  });

  it('asks about long search periods only, not about a range such as a birth range', () => {
    const longo = { nascimentoDe: '1950-01-01', nascimentoAte: '2000-01-01' };
    expect(diasDoMaiorPeriodo(FILTROS, longo)).toBe(0);
    expect(diasDoMaiorPeriodo(FILTROS, { periodoDe: '2026-01-01', periodoAte: '2026-03-02' })).toBe(60);
  });
});
