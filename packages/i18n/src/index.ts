import i18next, { type i18n, type ParseKeys } from 'i18next';
import { recursos } from './recursos.js';
import './tipos.js';

export { recursos };
export const IDIOMAS = ['pt-BR', 'en'] as const;
export type Idioma = (typeof IDIOMAS)[number];
export const IDIOMA_PADRAO: Idioma = 'pt-BR';

export type Namespace = keyof (typeof recursos)['pt-BR'];
/** A translator over every namespace (an instance's `t`): keys are written `ns:chave`. */
export type Tradutor = i18n['t'];
/** Any key of any namespace, `ns:chave`: for a key held in a variable (a declaration's label, a message code). */
export type Chave = { [N in Namespace]: `${N}:${ParseKeys<N>}` }[Namespace];
/** A field's name with a label in `campos`. */
export type NomeCampo = ParseKeys<'campos'>;

/**
 * Maps an `Accept-Language` header (or the stored `idioma`) to one of ours: the spec stores
 * Portuguese as `br`; anything English-first is `en`; everything else is Portuguese.
 */
export function idiomaDe(cabecalho: string | null | undefined): Idioma {
  if (!cabecalho) return IDIOMA_PADRAO;
  const primeiro = cabecalho.split(',')[0]?.trim().toLowerCase() ?? '';
  return primeiro.startsWith('en') ? 'en' : IDIOMA_PADRAO;
}

export function criarI18n(idioma: Idioma = IDIOMA_PADRAO): i18n {
  const inst = i18next.createInstance();
  inst.init({
    resources: recursos,
    lng: idioma,
    fallbackLng: IDIOMA_PADRAO,
    ns: Object.keys(recursos['pt-BR']),
    defaultNS: 'comum',
    interpolation: { escapeValue: false },
    initAsync: false,
    returnNull: false,
  });
  return inst;
}

const instancias = new Map<Idioma, Tradutor>();
/** A fixed translator per language, built once. */
export function tradutor(idioma: Idioma): Tradutor {
  let t = instancias.get(idioma);
  if (!t) {
    t = criarI18n(idioma).t;
    instancias.set(idioma, t);
  }
  return t;
}

/** The part of a zod issue the message mapping needs (kept structural: no zod import here). */
export type IssueValidacao = {
  code: string;
  path: readonly PropertyKey[];
  message: string;
  input?: unknown;
  minimum?: number | bigint;
  maximum?: number | bigint;
  origin?: string;
  exact?: boolean;
  expected?: string;
};

/** Last named segment of a path (`enderecos.0.cep` → `cep`), for the field label. */
const campoDoCaminho = (path: readonly PropertyKey[]) => {
  for (let i = path.length - 1; i >= 0; i--) if (typeof path[i] === 'string') return String(path[i]);
  return '';
};

/** What was sent at a path of the input (`enderecos.0.cep`), when the input is known. */
function valorNoCaminho(raiz: unknown, path: readonly PropertyKey[]): unknown {
  let v = raiz;
  for (const p of path) {
    if (v === null || typeof v !== 'object') return undefined;
    v = (v as Record<PropertyKey, unknown>)[p];
  }
  return v;
}

/** Nothing was given: absent, null, or blank text (a cleared select or date sends one of these). */
const vazio = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/**
 * Issues a blank value raises on a field that requires one: a number, a reference or a select
 * cannot be blank and valid. (A blank text that fails a pattern may sit in an optional field:
 * that one stays "invalid".)
 */
const DE_PREENCHIMENTO = new Set(['invalid_type', 'invalid_value', 'invalid_enum_value']);

/**
 * One message per zod issue, the same on the server and in web forms: spec §5's required,
 * invalid, fixed/min/max length and value, with the bounds shown, and item counts in the
 * language's plural form. A required field left out, null, or a select, reference or number sent
 * blank is "Por favor, informe o campo …", never "invalid format" or "not an allowed option": the issue's
 * own `input` tells (the web reports it), or else the input the issue was raised on (`entrada`:
 * the body, query or path the server validated), read at the issue's path.
 */
export function mensagemDeIssue(t: Tradutor, issue: IssueValidacao, entrada?: unknown): string {
  const nome = campoDoCaminho(issue.path);
  const campo = nome ? t(`campos:${nome}`, { defaultValue: nome }) : '';
  if (issue.message.startsWith('validacao:')) return t(issue.message as Chave, { campo });
  const n = issue.minimum ?? issue.maximum;
  if (DE_PREENCHIMENTO.has(issue.code)) {
    const enviado = 'input' in issue ? issue.input : valorNoCaminho(entrada, issue.path);
    // zod 4 leaves `input` out of issues by default; a type issue's message still says what arrived.
    const semValor =
      'input' in issue || entrada !== undefined
        ? vazio(enviado)
        : issue.code === 'invalid_type' && /received (undefined|null)/.test(issue.message);
    if (semValor) return t('validacao:obrigatorio', { campo });
  }
  switch (issue.code) {
    case 'invalid_type':
      return t('validacao:tipoInvalido', { campo });
    case 'too_small':
      if (issue.origin === 'string') {
        if (Number(n) === 1) return t('validacao:obrigatorio', { campo });
        return t(issue.exact ? 'validacao:tamanhoFixo' : 'validacao:tamanhoMinimo', { campo, n: String(n) });
      }
      if (issue.origin === 'array' || issue.origin === 'set')
        return t('validacao:itensMinimo', { campo, count: Number(n) });
      return t('validacao:valorMinimo', { campo, n: String(n) });
    case 'too_big':
      if (issue.origin === 'string')
        return t(issue.exact ? 'validacao:tamanhoFixo' : 'validacao:tamanhoMaximo', { campo, n: String(n) });
      if (issue.origin === 'array' || issue.origin === 'set')
        return t('validacao:itensMaximo', { campo, count: Number(n) });
      return t('validacao:valorMaximo', { campo, n: String(n) });
    case 'invalid_value':
    case 'invalid_enum_value':
      return t('validacao:opcaoInvalida', { campo });
    case 'invalid_format':
      return t(
        issue.origin === 'email' || (issue as { format?: string }).format === 'email'
          ? 'validacao:emailInvalido'
          : 'validacao:invalido',
        { campo },
      );
    case 'unrecognized_keys':
      return t('validacao:campoDesconhecido', { campo });
    default:
      return t('validacao:invalido', { campo });
  }
}

/** Dotted path of an issue (`enderecos.0.cep`), the `campo` of the error answer. */
export const caminhoDeIssue = (path: readonly PropertyKey[]) => path.map(String).join('.');
