import municipios from './faixas-cep-municipios.json' with { type: 'json' };

/**
 * The CEP ranges the Correios assign (docs/adr/0024): each state's, and every municipality's (the
 * committed file names its source and date). A CEP of a state's range that no municipality's range
 * holds gives the state alone offline; the online lookup (`SIG_CEP_URL`) names the city then.
 * Bounds are inclusive, as 8-digit numbers.
 */

type Faixa = readonly [inicio: number, fim: number];

export const FAIXAS_ESTADO: Readonly<Record<string, readonly Faixa[]>> = {
  SP: [[1000000, 19999999]],
  RJ: [[20000000, 28999999]],
  ES: [[29000000, 29999999]],
  MG: [[30000000, 39999999]],
  BA: [[40000000, 48999999]],
  SE: [[49000000, 49999999]],
  PE: [[50000000, 56999999]],
  AL: [[57000000, 57999999]],
  PB: [[58000000, 58999999]],
  RN: [[59000000, 59999999]],
  CE: [[60000000, 63999999]],
  PI: [[64000000, 64999999]],
  MA: [[65000000, 65999999]],
  PA: [[66000000, 68899999]],
  AP: [[68900000, 68999999]],
  AM: [
    [69000000, 69299999],
    [69400000, 69899999],
  ],
  RR: [[69300000, 69399999]],
  AC: [[69900000, 69999999]],
  DF: [
    [70000000, 72799999],
    [73000000, 73699999],
  ],
  GO: [
    [72800000, 72999999],
    [73700000, 76799999],
  ],
  RO: [[76800000, 76999999]],
  TO: [[77000000, 77999999]],
  MT: [[78000000, 78899999]],
  MS: [[79000000, 79999999]],
  PR: [[80000000, 87999999]],
  SC: [[88000000, 89999999]],
  RS: [[90000000, 99999999]],
};

const dentro = (n: number, faixas: readonly Faixa[]) => faixas.some(([a, b]) => n >= a && n <= b);

/** The municipality whose range holds the CEP (binary search over the sorted, disjoint ranges). */
function municipioDoCep(n: number): string | undefined {
  const faixas = municipios.faixas;
  let baixo = 0;
  let alto = faixas.length - 1;
  while (baixo <= alto) {
    const meio = (baixo + alto) >> 1;
    const [inicio, fim, ibge] = faixas[meio]!;
    if (n < inicio!) alto = meio - 1;
    else if (n > fim!) baixo = meio + 1;
    else return String(ibge);
  }
  return undefined;
}

/** The state and, where a municipality's range holds it, that municipality's IBGE code; null outside every state. */
export function localDoCep(cep: string): { uf: string; ibge?: string } | null {
  const n = Number(cep);
  const uf = Object.keys(FAIXAS_ESTADO).find((s) => dentro(n, FAIXAS_ESTADO[s]!));
  if (!uf) return null;
  const ibge = municipioDoCep(n);
  return ibge ? { uf, ibge } : { uf };
}
