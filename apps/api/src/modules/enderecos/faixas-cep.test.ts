import { getMunicipalities } from '@brazilian-utils/brazilian-utils';
import { describe, expect, it } from 'vitest';
import { FAIXAS_ESTADO, localDoCep } from './faixas-cep.js';
import municipios from './faixas-cep-municipios.json' with { type: 'json' };

const ibge = new Map(getMunicipalities().map((m) => [m.code, m]));

describe("the municipalities' CEP ranges", () => {
  it('are ordered and disjoint, so one search finds the only range that holds a CEP', () => {
    const faixas = municipios.faixas;
    for (let i = 0; i < faixas.length; i++) {
      expect(faixas[i]![0]!).toBeLessThanOrEqual(faixas[i]![1]!);
      if (i > 0) expect(faixas[i]![0]!).toBeGreaterThan(faixas[i - 1]![1]!);
    }
  });

  it("name IBGE municipalities, each range inside its municipality's state", () => {
    for (const [inicio, fim, codigo] of municipios.faixas) {
      const m = ibge.get(String(codigo));
      expect(m, String(codigo)).toBeDefined();
      const estado = FAIXAS_ESTADO[m!.stateCode]!;
      expect(
        estado.some(([a, b]) => inicio! >= a && fim! <= b),
        `${codigo} ${m!.stateCode}`,
      ).toBe(true);
    }
  });

  it('cover every municipality but the ones created after the list was compiled', () => {
    const cobertos = new Set(municipios.faixas.map(([, , codigo]) => String(codigo)));
    const semFaixa = [...ibge.keys()].filter((c) => !cobertos.has(c));
    // Boa Esperança do Norte (MT), installed in 2025: the state alone offline, the city online.
    expect(semFaixa).toEqual(['5101837']);
  });

  it("answer a CEP with its state and municipality, at a range's ends too", () => {
    expect(localDoCep('96600000')).toEqual({ uf: 'RS', ibge: '4304507' });
    expect(localDoCep('96609999')).toEqual({ uf: 'RS', ibge: '4304507' });
    expect(localDoCep('01000001')).toEqual({ uf: 'SP', ibge: '3550308' });
    expect(localDoCep('93000000')).toEqual({ uf: 'RS' });
    expect(localDoCep('00000000')).toBeNull();
  });
});
