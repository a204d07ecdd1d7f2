import { z } from 'zod';
import { ACESSOS, type AcessoId } from './acessos.js';
import { SIMBOLOS_ICONE } from './atendimento.js';
import type { CampoCadastro, DefinicaoCadastro, FilhoCadastro, Recurso } from './cadastro-definicao.js';
import { cadeia, cep, cnpj, cpf, data, dinheiro, email, hojeNoBrasil, INTEIRO_MAXIMO, MSG, ref } from './comum.js';
import {
  DEFINICAO_CONTA_CAIXA,
  DEFINICAO_CONTROLE_GERENCIAL,
  DEFINICAO_PLANO_CONTA,
  DEFINICAO_PLANO_OFERTAS,
} from './financeiro.js';
import { referencia } from './referencias.js';

export type {
  CampoCadastro,
  DefinicaoCadastro,
  ExtensaoCampo,
  FilhoCadastro,
  Recurso,
  TipoCampo,
} from './cadastro-definicao.js';

const texto = (c: CampoCadastro) => {
  const max = c.max ?? 200;
  const base = cadeia().trim().max(max);
  return c.obrigatorio ? base.min(c.min ?? 1) : base.nullish().transform((v) => (v ? v : null));
};

const numero = (c: CampoCadastro) => {
  let n = z
    .number()
    .int()
    .min(-INTEIRO_MAXIMO - 1)
    .max(INTEIRO_MAXIMO);
  if (c.min !== undefined) n = n.min(c.min);
  if (c.max !== undefined) n = n.max(c.max);
  return n;
};

/** Money within the declared bounds, told as zod's own bound issues so the message shows them (spec §5). */
const dinheiroEntre = (c: CampoCadastro) =>
  c.min === undefined && c.max === undefined
    ? dinheiro
    : dinheiro.superRefine((v, ctx) => {
        const n = Number(v);
        if (c.min !== undefined && n < c.min)
          ctx.addIssue({ code: 'too_small', origin: 'number', minimum: c.min, inclusive: true, input: v });
        if (c.max !== undefined && n > c.max)
          ctx.addIssue({ code: 'too_big', origin: 'number', maximum: c.max, inclusive: true, input: v });
      });

/** A time of day as the forms send it. */
const HORA = /^([01]\d|2[0-3]):[0-5]\d$/;

const MAX_REFERENCIAS = 500;

function esquemaCampo(c: CampoCadastro): z.ZodType {
  let s: z.ZodType;
  switch (c.tipo) {
    case 'texto':
    case 'textoLongo':
    case 'telefone':
      return texto(c.tipo === 'textoLongo' ? { max: 4000, ...c } : c);
    case 'url':
      s = cadeia()
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
      s = referencia(c.referencia!);
      break;
    case 'referencias':
      // Ids of one registry, each at most once; bounds count the items.
      return z
        .array(referencia(c.referencia!))
        .min(c.min ?? (c.obrigatorio ? 1 : 0))
        .max(c.max ?? MAX_REFERENCIAS)
        .default([])
        .refine((ids) => new Set(ids).size === ids.length, { message: 'validacao:valorRepetido' });
    case 'dinheiro':
      s = dinheiroEntre(c);
      break;
    case 'decimal': {
      // Bounded like the numeric columns behind it (at most 12 digits before the point).
      let n = z.number().min(-1e12).max(1e12);
      if (c.min !== undefined) n = n.min(c.min);
      if (c.max !== undefined) n = n.max(c.max);
      s = n;
      break;
    }
    case 'data':
      s = data;
      break;
    case 'hora':
      s = z.string().regex(HORA, { message: 'validacao:horaInvalida' });
      break;
    case 'booleano':
      return z.boolean().default(typeof c.padrao === 'boolean' ? c.padrao : false);
    case 'opcao':
      s = z.enum((c.opcoes ?? []) as [string, ...string[]]);
      break;
  }
  // A required field with a declared default takes it when left out (a person's status is ATIVO).
  if (c.obrigatorio) return c.padrao === undefined ? s : s.default(c.padrao as never);
  return s.nullish().transform((v) => v ?? null);
}

/** What a declared field holds once its input is parsed (the type `esquemaCampo` gives it). */
type ValorDoCampo<C extends CampoCadastro> = C['tipo'] extends 'booleano'
  ? boolean
  : C['tipo'] extends 'inteiro' | 'decimal' | 'referencia'
    ? number
    : C['tipo'] extends 'referencias'
      ? number[]
      : C extends { opcoes: readonly (infer O extends string)[] }
        ? O
        : string;

/** A field's parsed value: switches and id lists always hold one; other optional fields may be null. */
export type SaidaDoCampo<C extends CampoCadastro> = C['tipo'] extends 'booleano' | 'referencias'
  ? ValorDoCampo<C>
  : C extends { obrigatorio: true }
    ? ValorDoCampo<C>
    : ValorDoCampo<C> | null;

/** The zod shape of a list of declared fields, typed field by field (declare the list `as const`). */
export type FormaDosCampos<T extends readonly CampoCadastro[]> = {
  [C in T[number] as C['nome']]: z.ZodType<SaidaDoCampo<C>>;
};

/** The parsed values of a list of declared fields. */
export type ValoresDosCampos<T extends readonly CampoCadastro[]> = {
  [C in T[number] as C['nome']]: SaidaDoCampo<C>;
};

/**
 * The zod shape of declared fields: each field's rule from its type, bounds and requirement.
 * Declared `as const satisfies readonly CampoCadastro[]`, the fields give their input its types too.
 */
export function formaDosCampos<const T extends readonly CampoCadastro[]>(campos: T): FormaDosCampos<T> {
  return Object.fromEntries(campos.map((c) => [c.nome, esquemaCampo(c)])) as FormaDosCampos<T>;
}

/**
 * The input schema of a hand form from its declared fields (issue 24: one declaration per form):
 * the fields the form draws are the fields the API takes, with the same rules, and the rules
 * across fields (`refinar`) run on both sides too.
 */
export function esquemaDosCampos<const T extends readonly CampoCadastro[]>(
  campos: T,
  refinar?: (v: ValoresDosCampos<T>, ctx: z.RefinementCtx) => void,
) {
  const obj = z.object(formaDosCampos(campos));
  return refinar ? obj.superRefine((v, ctx) => refinar(v as ValoresDosCampos<T>, ctx)) : obj;
}

const MAX_FILHOS = 500;

/**
 * The array of one sub-record collection: items keep their `id` when they already exist. A
 * collection that needs items is required; an optional one defaults to none (an empty default on
 * a collection with a minimum was a schema its own default broke).
 */
function esquemaFilho(f: FilhoCadastro): z.ZodType {
  const forma: Record<string, z.ZodType> = { id: ref.nullish(), ...formaDosCampos(f.campos) };
  const colecao = z
    .array(z.object(forma))
    .min(f.min ?? 0)
    .max(f.max ?? MAX_FILHOS);
  return (f.min ? colecao : colecao.default([])).superRefine((itens, ctx) => {
    for (const u of f.unicos ?? []) {
      const vistos = new Set<string>();
      itens.forEach((item, i) => {
        const v = (item as Record<string, unknown>)[u];
        if (v === null || v === undefined || v === '') return;
        const chave = String(v).toLowerCase();
        if (vistos.has(chave)) ctx.addIssue({ code: 'custom', path: [i, u], message: 'validacao:valorRepetido' });
        vistos.add(chave);
      });
    }
    const hoje = f.passado?.length ? hojeNoBrasil() : '';
    itens.forEach((item, i) => {
      const v = item as Record<string, unknown>;
      for (const [inicio, fim] of f.periodos ?? []) {
        const a = v[inicio];
        const b = v[fim];
        if (typeof a === 'string' && typeof b === 'string' && b < a)
          ctx.addIssue({ code: 'custom', path: [i, fim], message: MSG.dataFimAntesInicio });
      }
      for (const campo of f.passado ?? []) {
        const d = v[campo];
        if (typeof d === 'string' && d > hoje)
          ctx.addIssue({ code: 'custom', path: [i, campo], message: 'validacao:dataFutura' });
      }
    });
  });
}

/** The properties of a registry's input (its fields and sub-record collections). */
export function formaCadastro(d: DefinicaoCadastro): Record<string, z.ZodType> {
  const forma: Record<string, z.ZodType> = { ...formaDosCampos(d.campos) };
  for (const f of d.filhos ?? []) forma[f.nome] = esquemaFilho(f);
  return forma;
}

/** The input schema of a registry, built from its fields: one rule for the API and the form. */
export function esquemaCadastro(d: DefinicaoCadastro) {
  const obj = z.object(formaCadastro(d));
  return d.refinar ? obj.superRefine((v, ctx) => d.refinar!(v, ctx)) : obj;
}

/**
 * The property a registry's list answers beside a listed reference: the label of the record it
 * points to (`estadoId` → `estadoIdRotulo`), so a list shows names without one request per cell.
 */
export const campoRotulo = (nome: string) => `${nome}Rotulo`;

/** Every field of a registry's rows and of its sub-records (the i18n labels they need). */
export const camposDe = (d: DefinicaoCadastro): CampoCadastro[] => [
  ...d.campos,
  ...(d.filhos ?? []).flatMap((f) => f.campos),
];

export const PERIODICIDADES = ['MENSAL', 'BIMESTRAL', 'TRIMESTRAL', 'SEMESTRAL', 'ANUAL', 'UNICA'] as const;

/** Days per month for the default due date (29 for February: the rule holds every year). */
const DIAS_NO_MES = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

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
/** The English label of a reference row (issue 18): what an English reader's selects and lists show. */
const nomeEn: CampoCadastro = { nome: 'nomeEn', tipo: 'texto', max: 100, lista: true };

/** A registry that is just a name and an active flag. */
const simples = (recurso: Recurso, acesso: AcessoId, extra: Partial<DefinicaoCadastro> = {}): DefinicaoCadastro => ({
  recurso,
  acesso,
  campos: [nome(), nomeEn, ativo],
  rotulo: 'nome',
  ordemPadrao: 'nome',
  unicos: ['nome'],
  ...extra,
});

export const TAMANHOS_PAPEL = { A4: [210, 297], CARTA: [215.9, 279.4], OFICIO: [215.9, 355.6] } as const;
type TamanhoPapel = keyof typeof TAMANHOS_PAPEL;

const mm = (nome: string, max: number, extra: Partial<CampoCadastro> = {}): CampoCadastro => ({
  nome,
  tipo: 'decimal',
  min: 0,
  max,
  obrigatorio: true,
  ...extra,
});

/** Label sheet layouts (spec §5: the count must equal rows × columns, and the grid must fit the paper). */
export const DEFINICAO_CONFIGURACAO_ETIQUETAS: DefinicaoCadastro = {
  recurso: 'configuracao-etiquetas',
  acesso: 'ConfiguracaoEtiquetas',
  campos: [
    nome(),
    {
      nome: 'tamanhoPapel',
      tipo: 'opcao',
      opcoes: Object.keys(TAMANHOS_PAPEL),
      obrigatorio: true,
      lista: true,
      filtro: true,
    },
    { nome: 'linhas', tipo: 'inteiro', min: 1, max: 50, obrigatorio: true, lista: true },
    { nome: 'colunas', tipo: 'inteiro', min: 1, max: 10, obrigatorio: true, lista: true },
    { nome: 'quantidade', tipo: 'inteiro', min: 1, max: 500, obrigatorio: true, lista: true },
    mm('margemSuperior', 100, { padrao: 0 }),
    mm('margemEsquerda', 100, { padrao: 0 }),
    mm('larguraEtiqueta', 300, { min: 5 }),
    mm('alturaEtiqueta', 300, { min: 5 }),
    mm('espacoHorizontal', 50, { padrao: 0 }),
    mm('espacoVertical', 50, { padrao: 0 }),
    ativo,
  ],
  rotulo: 'nome',
  ordemPadrao: 'nome',
  unicos: ['nome'],
  refinar: (v, ctx) => {
    const n = (k: string) => Number(v[k] ?? 0);
    if (v.quantidade != null && n('quantidade') !== n('linhas') * n('colunas'))
      ctx.addIssue({ code: 'custom', path: ['quantidade'], message: 'validacao:quantidadeEtiquetas' });
    const papel = TAMANHOS_PAPEL[v.tamanhoPapel as TamanhoPapel];
    if (!papel) return;
    const largura =
      n('margemEsquerda') + n('colunas') * n('larguraEtiqueta') + (n('colunas') - 1) * n('espacoHorizontal');
    const altura = n('margemSuperior') + n('linhas') * n('alturaEtiqueta') + (n('linhas') - 1) * n('espacoVertical');
    // A tenth of a millimetre of slack: the manufacturers' figures are rounded.
    if (largura > papel[0] + 0.1)
      ctx.addIssue({ code: 'custom', path: ['larguraEtiqueta'], message: 'validacao:etiquetaNaoCabe' });
    if (altura > papel[1] + 0.1)
      ctx.addIssue({ code: 'custom', path: ['alturaEtiqueta'], message: 'validacao:etiquetaNaoCabe' });
  },
};

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
  simples('grau-parentesco', 'RelacaoPessoas', {
    campos: [
      nome(),
      nomeEn,
      // The degree the other person gets in the family tab (Pai → Filho(a)); empty = the same one.
      { nome: 'reciprocoId', tipo: 'referencia', referencia: 'grau-parentesco', lista: true },
      ativo,
    ],
  }),
  {
    recurso: 'tipo-contato',
    acesso: 'TipoContato',
    campos: [nome(), nomeEn, { nome: 'mascara', tipo: 'texto', max: 40, lista: true }, ativo],
    rotulo: 'nome',
    ordemPadrao: 'nome',
    unicos: ['nome'],
  },
  {
    recurso: 'tipo-organizacao',
    acesso: 'TipoOrganizacao',
    campos: [
      nome(),
      nomeEn,
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
    campos: [nome(), nomeEn, { nome: 'sigla', tipo: 'texto', max: 3, lista: true, filtro: true }, ativo],
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
    preenchimentoRota: { parametro: 'paisCaracteristicaOpcaoId', campo: 'paisId' },
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
  {
    recurso: 'classificacao',
    acesso: 'Classificacao',
    campos: [
      nome(),
      { nome: 'classificacaoPaiId', tipo: 'referencia', referencia: 'classificacao', lista: true, filtro: true },
      { nome: 'descricao', tipo: 'textoLongo', max: 1000 },
      ativo,
    ],
    rotulo: 'nome',
    ordemPadrao: 'nome',
    pai: 'classificacaoPaiId',
  },
  {
    recurso: 'caracteristica',
    acesso: 'Caracteristica',
    campos: [nome(), { nome: 'descricao', tipo: 'texto', max: 500, lista: true }, ativo],
    rotulo: 'nome',
    ordemPadrao: 'nome',
    unicos: ['nome'],
    filhos: [
      {
        nome: 'opcoes',
        campos: [
          { nome: 'chave', tipo: 'texto', obrigatorio: true, max: 60 },
          { nome: 'valor', tipo: 'texto', obrigatorio: true, max: 200 },
          { nome: 'ordem', tipo: 'inteiro', min: 0, max: 100000, padrao: 0 },
          ativo,
        ],
        unicos: ['chave'],
      },
    ],
  },
  {
    recurso: 'classe',
    acesso: 'Classe',
    campos: [nome(), { nome: 'descricao', tipo: 'texto', max: 500, lista: true }, ativo],
    rotulo: 'nome',
    ordemPadrao: 'nome',
    unicos: ['nome'],
    filhos: [
      {
        nome: 'caracteristicas',
        campos: [
          { nome: 'caracteristicaId', tipo: 'referencia', referencia: 'caracteristica', obrigatorio: true },
          { nome: 'obrigatorio', tipo: 'booleano', padrao: false },
          { nome: 'ordem', tipo: 'inteiro', min: 0, max: 100000, padrao: 0 },
        ],
        unicos: ['caracteristicaId'],
      },
    ],
  },
  simples('colecoes', 'Colecoes', {
    campos: [nome(), { nome: 'descricao', tipo: 'textoLongo', max: 1000 }, ativo],
  }),
  {
    recurso: 'visualizacao',
    acesso: 'Visualizacoes',
    campos: [
      nome(),
      {
        nome: 'tela',
        tipo: 'opcao',
        obrigatorio: true,
        opcoes: ACESSOS.map((a) => a.id),
        rotuloOpcoes: 'menu:acessos',
        lista: true,
        filtro: true,
      },
      { nome: 'colunas', tipo: 'textoLongo', max: 2000 },
      { nome: 'padrao', tipo: 'booleano', padrao: false, lista: true },
      ativo,
    ],
    rotulo: 'nome',
    ordemPadrao: 'nome',
    unicos: ['nome'],
  },
  {
    recurso: 'time',
    acesso: 'Time',
    campos: [nome(), { nome: 'descricao', tipo: 'textoLongo', max: 1000 }, ativo],
    rotulo: 'nome',
    ordemPadrao: 'nome',
    unicos: ['nome'],
    filhos: [
      {
        nome: 'participantes',
        campos: [{ nome: 'usuarioId', tipo: 'referencia', referencia: 'usuarios', obrigatorio: true }],
        min: 1,
        unicos: ['usuarioId'],
      },
    ],
  },
  {
    recurso: 'icones',
    acesso: 'Icones',
    campos: [
      nome(),
      { nome: 'simbolo', tipo: 'opcao', opcoes: SIMBOLOS_ICONE, extensao: 'glifo', obrigatorio: true, lista: true },
      ativo,
    ],
    rotulo: 'nome',
    ordemPadrao: 'nome',
    unicos: ['nome'],
  },
  {
    recurso: 'categoria-atendimentos',
    acesso: 'CategoriaAtendimento',
    campos: [
      nome(),
      { nome: 'descricao', tipo: 'textoLongo', max: 1000 },
      // Shown to the requester when choosing the category: what the request must bring.
      { nome: 'requisito', tipo: 'textoLongo', max: 4000 },
      { nome: 'iconeId', tipo: 'referencia', referencia: 'icones', extensao: 'icone', lista: true },
      ativo,
    ],
    rotulo: 'nome',
    ordemPadrao: 'nome',
    unicos: ['nome'],
    filhos: [
      {
        nome: 'classes',
        campos: [{ nome: 'classeId', tipo: 'referencia', referencia: 'classe', obrigatorio: true }],
        unicos: ['classeId'],
      },
    ],
  },
  {
    recurso: 'categorias-contribuicao',
    acesso: 'CategoriaContribuicao',
    campos: [
      nome(),
      { nome: 'valor', tipo: 'dinheiro', obrigatorio: true, lista: true, ordenavel: true },
      {
        nome: 'periodicidadeContribuicao',
        tipo: 'opcao',
        obrigatorio: true,
        opcoes: PERIODICIDADES,
        lista: true,
        filtro: true,
      },
      { nome: 'periodicidadeCobranca', tipo: 'opcao', obrigatorio: true, opcoes: PERIODICIDADES, filtro: true },
      { nome: 'diaVencimento', tipo: 'inteiro', min: 1, max: 31, lista: true },
      { nome: 'mesVencimento', tipo: 'inteiro', min: 1, max: 12, lista: true },
      { nome: 'acessivelHierarquia', tipo: 'booleano', padrao: false, lista: true, filtro: true },
      ativo,
    ],
    rotulo: 'nome',
    ordemPadrao: 'nome',
    unicos: ['nome'],
    porOrganizacao: { hierarquia: 'acessivelHierarquia' },
    // Spec §5: the default due day must exist in the default due month.
    refinar: (v, ctx) => {
      const dia = v.diaVencimento as number | null;
      const mes = v.mesVencimento as number | null;
      if (dia && mes && dia > DIAS_NO_MES[mes - 1]!)
        ctx.addIssue({ code: 'custom', path: ['diaVencimento'], message: MSG.diaInvalidoParaMes });
    },
  },
  {
    recurso: 'mural-de-avisos',
    acesso: 'MuralAvisos',
    campos: [
      nome({ max: 150 }),
      { nome: 'mensagem', tipo: 'textoLongo', obrigatorio: true, max: 4000 },
      { nome: 'validoAte', tipo: 'data', lista: true, ordenavel: true },
      { nome: 'paraSubordinadas', tipo: 'booleano', padrao: false, lista: true, filtro: true },
      ativo,
    ],
    rotulo: 'nome',
    ordemPadrao: 'validoAte',
    porOrganizacao: { hierarquia: 'paraSubordinadas' },
  },
  DEFINICAO_CONFIGURACAO_ETIQUETAS,
  {
    recurso: 'gabarito-dons',
    acesso: 'GabaritoDons',
    campos: [
      nome(),
      { nome: 'descricao', tipo: 'textoLongo', max: 1000 },
      { nome: 'escalaMaxima', tipo: 'inteiro', min: 1, max: 10, obrigatorio: true, padrao: 3, lista: true },
      ativo,
    ],
    rotulo: 'nome',
    ordemPadrao: 'nome',
    unicos: ['nome'],
    filhos: [
      {
        nome: 'dons',
        campos: [
          { nome: 'chave', tipo: 'texto', obrigatorio: true, max: 30 },
          { nome: 'nome', tipo: 'texto', obrigatorio: true, max: 100 },
          { nome: 'descricao', tipo: 'textoLongo', max: 1000 },
        ],
        min: 1,
        unicos: ['chave'],
      },
      {
        nome: 'perguntas',
        campos: [
          { nome: 'ordem', tipo: 'inteiro', min: 0, max: 100000, padrao: 0 },
          { nome: 'texto', tipo: 'textoLongo', obrigatorio: true, max: 1000 },
          { nome: 'dom', tipo: 'texto', obrigatorio: true, max: 30 },
        ],
        min: 1,
      },
    ],
    // Each question scores one gift, named by its key (case-insensitive, as the keys are unique).
    refinar: (v, ctx) => {
      const dons = Array.isArray(v.dons) ? (v.dons as { chave?: unknown }[]) : [];
      const chaves = new Set(dons.map((d) => String(d.chave ?? '').toLowerCase()));
      if (!Array.isArray(v.perguntas) || chaves.size === 0) return;
      (v.perguntas as { dom?: unknown }[]).forEach((p, i) => {
        if (typeof p.dom === 'string' && p.dom && !chaves.has(p.dom.toLowerCase()))
          ctx.addIssue({ code: 'custom', path: ['perguntas', i, 'dom'], message: 'validacao:domInexistente' });
      });
    },
  },
  DEFINICAO_CONTA_CAIXA,
  DEFINICAO_PLANO_CONTA,
  DEFINICAO_CONTROLE_GERENCIAL,
  DEFINICAO_PLANO_OFERTAS,
];

export const CADASTRO_POR_RECURSO: ReadonlyMap<string, DefinicaoCadastro> = new Map(
  CADASTROS.map((d) => [d.recurso, d]),
);
