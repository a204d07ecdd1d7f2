import { z } from 'zod';
import type { Recurso } from './cadastro-definicao.js';
import { ref } from './comum.js';

/**
 * What an id in a write's input may name (docs/ARCHITECTURE.md, "every referenced id is in the
 * writer's scope"): a registry or record by its resource, or a narrower kind a screen offers (the
 * users a ticket may name, the organizations a request may go to). The server keeps one rule per
 * kind, which says which rows the writer may name (apps/api/src/platform/referencias.ts).
 */
export type TipoReferencia =
  | Recurso
  | 'conta-a-receber'
  | 'evento'
  | 'perfil'
  | 'atendimento'
  | 'usuario-atendimento'
  | 'destino-atendimento';

/** What a schema says of the id it reads: the kind it names, or why it names nothing to check. */
export type DeclaracaoReferencia = { referencia: TipoReferencia } | { naoReferencia: string };

/**
 * The declarations, kept beside the schemas (a zod registry): a schema derived from a declared
 * one (`.refine`, `.max`) inherits its declaration, and the input schemas carry them unchanged to
 * the web forms and to the server.
 */
export const REFERENCIAS = z.registry<DeclaracaoReferencia>();

/**
 * An id naming a row of `tipo`: a positive integer in a JSON body, or `base` (e.g. `id`, coerced,
 * for a schema that also reads a query string). The server checks it against the writer's scope
 * before the write runs.
 */
export function referencia<T extends z.ZodType = typeof ref>(tipo: TipoReferencia, base?: T): T {
  return ((base ?? ref).clone() as z.ZodType).register(REFERENCIAS, { referencia: tipo }) as T;
}

/** An id-like property that names nothing the writer must reach, with the reason (read by the routes' test). */
export function naoReferencia<T extends z.ZodType>(esquema: T, motivo: string): T {
  return (esquema.clone() as z.ZodType).register(REFERENCIAS, { naoReferencia: motivo }) as T;
}

/** One id a value names, where (`familia.2.parenteId`) and of which kind. */
export type ReferenciaDoValor = { tipo: TipoReferencia; campo: string; id: number };

/** One place of a schema that reads a value, as the routes' test lists them. */
export type CampoDoEsquema = {
  /** Dotted path, `*` for the items of an array (`familia.*.parenteId`). */
  caminho: string;
  /** The property it sits under (an array's, for its items). */
  nome: string;
  /** Zod's type of the value (`number`, `string`…). */
  tipoValor: string;
  /** An item of an array itself, not a property of one. */
  emLista: boolean;
  declaracao?: DeclaracaoReferencia;
};

type Esquema = z.core.$ZodType;
/** The parts of zod's definitions the walks follow. */
type Definicao = {
  type: string;
  shape?: Record<string, Esquema>;
  element?: Esquema;
  innerType?: Esquema;
  in?: Esquema;
  out?: Esquema;
  options?: readonly Esquema[];
  left?: Esquema;
  right?: Esquema;
  valueType?: Esquema;
  items?: readonly Esquema[];
  rest?: Esquema | null;
  getter?: () => Esquema;
};
const definicao = (s: Esquema) => s._zod.def as unknown as Definicao;

/** Wrappers whose value is their inner schema's. */
const EMBRULHOS = new Set(['optional', 'nullable', 'default', 'prefault', 'catch', 'readonly', 'nonoptional']);

/**
 * The schemas a value of `s` goes through, one level down: what both walks follow. `*` stands for
 * every item of an array (`item`) or every value of a record.
 */
function partes(s: Esquema): { esquema: Esquema; chave?: string | number | '*'; item?: boolean }[] {
  const d = definicao(s);
  if (EMBRULHOS.has(d.type)) return [{ esquema: d.innerType! }];
  switch (d.type) {
    case 'object':
      return Object.entries(d.shape ?? {}).map(([chave, esquema]) => ({ esquema, chave }));
    case 'array':
      return [{ esquema: d.element!, chave: '*', item: true }];
    case 'record':
      return [{ esquema: d.valueType!, chave: '*' }];
    case 'tuple':
      return [
        ...(d.items ?? []).map((esquema, i) => ({ esquema, chave: i })),
        ...(d.rest ? [{ esquema: d.rest, chave: '*' as const, item: true }] : []),
      ];
    case 'pipe':
      // A transform's output is its input's shape as far as ids go; the other side declares them.
      return [d.in!, d.out!].filter((x) => definicao(x).type !== 'transform').map((esquema) => ({ esquema }));
    case 'union':
      return (d.options ?? []).map((esquema) => ({ esquema }));
    case 'intersection':
      return [{ esquema: d.left! }, { esquema: d.right! }];
    case 'lazy':
      return [{ esquema: d.getter!() }];
    default:
      return [];
  }
}

const juntar = (caminho: string, chave: string | number) => (caminho ? `${caminho}.${chave}` : String(chave));

/**
 * The ids a value (a validated body, or a stored record read back) names where its schema
 * declares references, each with its path; a value that does not fit a branch names nothing there.
 */
export function referenciasDe(esquema: Esquema, valor: unknown): ReferenciaDoValor[] {
  const achadas = new Map<string, ReferenciaDoValor>();
  const visitar = (s: Esquema, v: unknown, campo: string) => {
    if (v === undefined || v === null) return;
    const declarada = REFERENCIAS.get(s);
    if (declarada) {
      if ('referencia' in declarada && typeof v === 'number' && Number.isInteger(v) && v > 0)
        achadas.set(`${declarada.referencia}:${campo}`, { tipo: declarada.referencia, campo, id: v });
      return;
    }
    for (const { esquema, chave } of partes(s)) {
      if (chave === undefined) visitar(esquema, v, campo);
      else if (chave === '*') {
        if (typeof v === 'object') for (const [k, x] of Object.entries(v)) visitar(esquema, x, juntar(campo, k));
      } else if (typeof v === 'object' && Object.hasOwn(v, chave))
        visitar(esquema, (v as Record<string | number, unknown>)[chave], juntar(campo, chave));
    }
  };
  visitar(esquema, valor, '');
  return [...achadas.values()];
}

/** Every place of a schema that reads a value, with its declaration if it has one. */
export function camposDoEsquema(esquema: Esquema): CampoDoEsquema[] {
  const campos = new Map<string, CampoDoEsquema>();
  const visitar = (s: Esquema, caminho: string, nome: string, emLista: boolean, pilha: Set<Esquema>) => {
    if (pilha.has(s)) return;
    const declaracao = REFERENCIAS.get(s);
    const abaixo = declaracao ? [] : partes(s);
    if (!abaixo.length) {
      const tipoValor = definicao(s).type;
      campos.set(`${caminho}:${tipoValor}`, { caminho, nome, tipoValor, emLista, declaracao });
      return;
    }
    const dentro = new Set(pilha).add(s);
    for (const { esquema, chave, item } of abaixo) {
      if (chave === undefined) visitar(esquema, caminho, nome, emLista, dentro);
      else if (chave === '*') visitar(esquema, juntar(caminho, '*'), nome, !!item, dentro);
      else visitar(esquema, juntar(caminho, chave), String(chave), false, dentro);
    }
  };
  visitar(esquema, '', '', false, new Set());
  return [...campos.values()];
}
