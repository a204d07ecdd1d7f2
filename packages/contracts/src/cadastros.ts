import { z } from 'zod';
import type { AcessoId } from './acessos.js';
import { cep, cnpj, cpf, dinheiro, email, MSG } from './comum.js';

/**
 * One declaration per simple registry (issue "CRUD engine"): the API engine builds its routes,
 * table access, filters and export from it, and the web engine builds its list and form. Field
 * labels are `campos:<nome>` in i18n; option labels `cadastros:opcoes.<campo>.<valor>`.
 */
export type TipoCampo =
  | 'texto'
  | 'textoLongo'
  | 'inteiro'
  | 'dinheiro'
  | 'data'
  | 'booleano'
  | 'opcao'
  | 'referencia'
  | 'cpf'
  | 'cnpj'
  | 'cep'
  | 'telefone'
  | 'email'
  | 'url';

export type CampoCadastro = {
  /** Property name in the API (camelCase; the column is its snake_case). */
  nome: string;
  tipo: TipoCampo;
  obrigatorio?: boolean;
  /** Length bounds for text, value bounds for numbers. */
  min?: number;
  max?: number;
  /** Allowed values of an `opcao` field. */
  opcoes?: readonly string[];
  /** The registry a `referencia` field points to (its `recurso`); options come from GET /api/<recurso>/select. */
  referencia?: string;
  /** Shown as a column in the list. */
  lista?: boolean;
  /** Offered as a list filter (text: contains, accent-insensitive; others: equals). */
  filtro?: boolean;
  ordenavel?: boolean;
  /** Default value on create. */
  padrao?: string | number | boolean;
};

export type DefinicaoCadastro = {
  /** Path segment of the API (`/api/<recurso>`) and of the web list (`/<recurso>`). */
  recurso: string;
  acesso: AcessoId;
  /** Web form path when the spec names another one (`/tipoPessoa/form`); default `/<recurso>/form`. */
  rotaForm?: string;
  campos: readonly CampoCadastro[];
  /** Field shown as the option label in selects. */
  rotulo: string;
  ordemPadrao: string;
  /** Fields whose value must be unique among non-deleted records (case-insensitive for text). */
  unicos?: readonly string[];
  /** Rules across fields, as zod refinements (run on both sides). */
  refinar?: (v: Record<string, unknown>, ctx: z.RefinementCtx) => void;
};

const texto = (c: CampoCadastro) => {
  const max = c.max ?? 200;
  const base = z.string().trim().max(max);
  return c.obrigatorio ? base.min(c.min ?? 1) : base.nullish().transform((v) => (v ? v : null));
};

const numero = (c: CampoCadastro) => {
  let n = z.number().int();
  if (c.min !== undefined) n = n.min(c.min);
  if (c.max !== undefined) n = n.max(c.max);
  return n;
};

function esquemaCampo(c: CampoCadastro): z.ZodType {
  let s: z.ZodType;
  switch (c.tipo) {
    case 'texto':
    case 'textoLongo':
    case 'telefone':
      return texto(c.tipo === 'textoLongo' ? { max: 4000, ...c } : c);
    case 'url':
      s = z
        .string()
        .trim()
        .max(c.max ?? 500)
        .url({ message: 'validacao:invalido' });
      break;
    case 'email':
      s = email;
      break;
    case 'cpf':
      s = cpf;
      break;
    case 'cnpj':
      s = cnpj;
      break;
    case 'cep':
      s = cep;
      break;
    case 'inteiro':
      s = numero(c);
      break;
    case 'referencia':
      s = z.number().int().positive();
      break;
    case 'dinheiro':
      s = dinheiro;
      break;
    case 'data':
      s = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { message: MSG.dataInvalida });
      break;
    case 'booleano':
      return z.boolean().default(typeof c.padrao === 'boolean' ? c.padrao : false);
    case 'opcao':
      s = z.enum((c.opcoes ?? []) as [string, ...string[]]);
      break;
  }
  return c.obrigatorio ? s : s.nullish().transform((v) => v ?? null);
}

/** The input schema of a registry, built from its fields: one rule for the API and the form. */
export function esquemaCadastro(d: DefinicaoCadastro) {
  const forma: Record<string, z.ZodType> = {};
  for (const c of d.campos) forma[c.nome] = esquemaCampo(c);
  const obj = z.object(forma);
  return d.refinar ? obj.superRefine((v, ctx) => d.refinar!(v, ctx)) : obj;
}

const nome = (extra: Partial<CampoCadastro> = {}): CampoCadastro => ({
  nome: 'nome',
  tipo: 'texto',
  obrigatorio: true,
  max: 100,
  lista: true,
  filtro: true,
  ordenavel: true,
  ...extra,
});
const ativo: CampoCadastro = { nome: 'ativo', tipo: 'booleano', padrao: true, lista: true, filtro: true };

/** A registry that is just a name and an active flag. */
const simples = (recurso: string, acesso: AcessoId, extra: Partial<DefinicaoCadastro> = {}): DefinicaoCadastro => ({
  recurso,
  acesso,
  campos: [nome(), ativo],
  rotulo: 'nome',
  ordemPadrao: 'nome',
  unicos: ['nome'],
  ...extra,
});

export const CADASTROS: readonly DefinicaoCadastro[] = [
  {
    recurso: 'banco',
    acesso: 'Banco',
    campos: [
      { nome: 'codigo', tipo: 'texto', obrigatorio: true, max: 10, lista: true, filtro: true, ordenavel: true },
      nome({ max: 200 }),
      { nome: 'urlImagem', tipo: 'url', max: 500 },
      { nome: 'ordem', tipo: 'inteiro', min: 0, max: 100000, lista: true, ordenavel: true, padrao: 0 },
      ativo,
    ],
    rotulo: 'nome',
    ordemPadrao: 'ordem',
    unicos: ['codigo'],
  },
  simples('cargo', 'Cargo'),
  simples('profissao', 'Profissao'),
  simples('situacao', 'Situacao'),
  simples('setor', 'Setor'),
  simples('tipo-pessoa', 'TipoPessoa', { rotaForm: '/tipoPessoa/form' }),
  simples('tipo-celebracao-oficio', 'TipoCelebracaoOficio'),
  simples('tipo-campo-trabalho', 'TipoCampoTrabalho'),
  simples('tipo-endereco', 'TipoEndereco'),
  simples('tipo-moradia', 'TipoMoradia'),
  simples('grau-parentesco', 'RelacaoPessoas'),
  {
    recurso: 'tipo-contato',
    acesso: 'TipoContato',
    campos: [nome(), { nome: 'mascara', tipo: 'texto', max: 40, lista: true }, ativo],
    rotulo: 'nome',
    ordemPadrao: 'nome',
    unicos: ['nome'],
  },
  {
    recurso: 'tipo-organizacao',
    acesso: 'TipoOrganizacao',
    campos: [
      nome(),
      { nome: 'nivel', tipo: 'inteiro', min: 0, max: 9, obrigatorio: true, lista: true, ordenavel: true },
      ativo,
    ],
    rotulo: 'nome',
    ordemPadrao: 'nivel',
    unicos: ['nome'],
  },
  {
    recurso: 'pais',
    acesso: 'Pais',
    campos: [nome(), { nome: 'sigla', tipo: 'texto', max: 3, lista: true, filtro: true }, ativo],
    rotulo: 'nome',
    ordemPadrao: 'nome',
    unicos: ['nome'],
  },
  {
    recurso: 'estado',
    acesso: 'Estado',
    campos: [
      nome(),
      { nome: 'sigla', tipo: 'texto', obrigatorio: true, max: 3, lista: true, filtro: true, ordenavel: true },
      { nome: 'paisId', tipo: 'referencia', referencia: 'pais', lista: true, filtro: true },
      ativo,
    ],
    rotulo: 'nome',
    ordemPadrao: 'nome',
  },
  {
    recurso: 'cidade',
    acesso: 'Cidade',
    campos: [
      nome(),
      { nome: 'estadoId', tipo: 'referencia', referencia: 'estado', lista: true, filtro: true },
      { nome: 'paisId', tipo: 'referencia', referencia: 'pais', lista: true, filtro: true },
      { nome: 'codigoIbge', tipo: 'texto', max: 7 },
      ativo,
    ],
    rotulo: 'nome',
    ordemPadrao: 'nome',
    // Spec §5: a city requires a country or a state.
    refinar: (v, ctx) => {
      if (!v.estadoId && !v.paisId) {
        ctx.addIssue({ code: 'custom', path: ['estadoId'], message: 'validacao:cidadeSemLocal' });
      }
    },
  },
  {
    recurso: 'parametro',
    acesso: 'Parametro',
    campos: [
      nome(),
      { nome: 'valor', tipo: 'texto', obrigatorio: true, max: 500, lista: true },
      { nome: 'ordem', tipo: 'inteiro', min: 0, max: 100000, lista: true, ordenavel: true, padrao: 0 },
      ativo,
    ],
    rotulo: 'nome',
    ordemPadrao: 'ordem',
    unicos: ['nome'],
  },
];

export const CADASTRO_POR_RECURSO: ReadonlyMap<string, DefinicaoCadastro> = new Map(
  CADASTROS.map((d) => [d.recurso, d]),
);
