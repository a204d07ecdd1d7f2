/**
 * The CEP ranges the Correios assign (docs/adr/0024): each state's, and each municipality's where
 * one is listed here (the capitals, whose CEPs are by street, and the demo parish's town). A CEP
 * of a state's range outside every listed town gives the state alone offline; the online lookup
 * (`SIG_CEP_URL`) names the city then. Bounds are inclusive, as 8-digit numbers.
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

/** Municipality ranges, by state and the name as the IBGE spells it (the city table's name). */
export const FAIXAS_MUNICIPIO: readonly { uf: string; nome: string; faixas: readonly Faixa[] }[] = [
  { uf: 'AC', nome: 'Rio Branco', faixas: [[69900000, 69923999]] },
  { uf: 'AL', nome: 'Maceió', faixas: [[57000000, 57099999]] },
  { uf: 'AP', nome: 'Macapá', faixas: [[68900000, 68911999]] },
  { uf: 'AM', nome: 'Manaus', faixas: [[69000000, 69099999]] },
  { uf: 'BA', nome: 'Salvador', faixas: [[40000000, 42599999]] },
  { uf: 'CE', nome: 'Fortaleza', faixas: [[60000000, 61599999]] },
  // The Federal District is one municipality: all of its ranges are Brasília's.
  {
    uf: 'DF',
    nome: 'Brasília',
    faixas: [
      [70000000, 72799999],
      [73000000, 73699999],
    ],
  },
  { uf: 'ES', nome: 'Vitória', faixas: [[29000000, 29099999]] },
  { uf: 'GO', nome: 'Goiânia', faixas: [[74000000, 74899999]] },
  { uf: 'MA', nome: 'São Luís', faixas: [[65000000, 65109999]] },
  { uf: 'MT', nome: 'Cuiabá', faixas: [[78000000, 78109999]] },
  { uf: 'MS', nome: 'Campo Grande', faixas: [[79000000, 79124999]] },
  { uf: 'MG', nome: 'Belo Horizonte', faixas: [[30000000, 31999999]] },
  { uf: 'PA', nome: 'Belém', faixas: [[66000000, 66999999]] },
  { uf: 'PB', nome: 'João Pessoa', faixas: [[58000000, 58099999]] },
  { uf: 'PR', nome: 'Curitiba', faixas: [[80000000, 82999999]] },
  { uf: 'PE', nome: 'Recife', faixas: [[50000000, 52999999]] },
  { uf: 'PI', nome: 'Teresina', faixas: [[64000000, 64099999]] },
  { uf: 'RJ', nome: 'Rio de Janeiro', faixas: [[20000000, 23799999]] },
  { uf: 'RN', nome: 'Natal', faixas: [[59000000, 59139999]] },
  { uf: 'RS', nome: 'Porto Alegre', faixas: [[90000000, 91999999]] },
  { uf: 'RS', nome: 'Canguçu', faixas: [[96600000, 96609999]] },
  { uf: 'RO', nome: 'Porto Velho', faixas: [[76800000, 76834999]] },
  { uf: 'RR', nome: 'Boa Vista', faixas: [[69300000, 69339999]] },
  { uf: 'SC', nome: 'Florianópolis', faixas: [[88000000, 88099999]] },
  {
    uf: 'SP',
    nome: 'São Paulo',
    faixas: [
      [1000000, 5999999],
      [8000000, 8499999],
    ],
  },
  { uf: 'SE', nome: 'Aracaju', faixas: [[49000000, 49099999]] },
  { uf: 'TO', nome: 'Palmas', faixas: [[77000000, 77299999]] },
];

const dentro = (n: number, faixas: readonly Faixa[]) => faixas.some(([a, b]) => n >= a && n <= b);

/** The state and, where listed, the municipality of an 8-digit CEP; null outside every range. */
export function localDoCep(cep: string): { uf: string; municipio?: string } | null {
  const n = Number(cep);
  const uf = Object.keys(FAIXAS_ESTADO).find((s) => dentro(n, FAIXAS_ESTADO[s]!));
  if (!uf) return null;
  const m = FAIXAS_MUNICIPIO.find((x) => x.uf === uf && dentro(n, x.faixas));
  return m ? { uf, municipio: m.nome } : { uf };
}
