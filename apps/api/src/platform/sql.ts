import { createHash } from 'node:crypto';
import { type Banco, schema } from '@sig/db';
import { getTableName, type SQL, sql } from 'drizzle-orm';
import { type PgColumn, PgDialect } from 'drizzle-orm/pg-core';

export const DIALETO = new PgDialect({ casing: 'snake_case' });

/** A person's name as lists and documents show it: first name and surname (which may be empty). */
export const nomeCompletoPessoa = sql<string>`trim(${schema.pessoa.nome} || ' ' || coalesce(${schema.pessoa.sobrenome}, ''))`;

/** The name of a receivable's holder: the person's, else the holding organization's (`titular`, an alias). */
export const nomeTitular = (titular: { nomeFantasia: PgColumn }) =>
  sql<string>`coalesce(${nomeCompletoPessoa}, ${titular.nomeFantasia}, '')`;

/**
 * A hot read run as a named prepared statement, named after its text: each connection parses a
 * text once, and where PostgreSQL settles on a generic plan it stops planning it on every
 * request, which for a cheap query is most of its cost. Only for statements whose texts take few
 * shapes (values are parameters), as a connection keeps every statement it prepared. PGlite runs
 * it unnamed.
 */
export async function lerPreparada<T>(consultar: Banco['consultar'], prefixo: string, consulta: SQL): Promise<T[]> {
  const { sql: texto, params } = DIALETO.sqlToQuery(consulta);
  return consultar<T>(`${prefixo}_${createHash('sha1').update(texto).digest('hex').slice(0, 20)}`, texto, params);
}

/** A schema field's name as the database spells it (the schema's casing is snake_case). */
export const nomeNoBanco = (campo: string) => campo.replace(/[A-Z]/g, (m) => `_${m.toLowerCase()}`);

/**
 * A column written with its table, for an outer query's column inside a subquery whose tables
 * take aliases: drizzle leaves names unqualified when a query has one table.
 */
export const colunaQualificada = (c: PgColumn) =>
  sql`${sql.identifier(getTableName(c.table))}.${sql.identifier(nomeNoBanco(c.name))}`;

/**
 * "The column holds one of these ids", the ids as one array parameter (read once, e.g. a scope's
 * organizations, rather than a subquery the planner cannot estimate). One id is written as an
 * equality, which (unlike `= any`) lets an index on (column, id) give its order. `ocultos`: the
 * ids hidden from the planner, as `oculto` hides a value.
 */
export const umDosIds = (coluna: PgColumn | SQL, ids: readonly number[], ocultos = false): SQL => {
  const lista = `{${ids.join(',')}}`;
  // The cast makes the subquery an array, not `= any (subquery)`.
  if (ocultos) return sql`${coluna} = any((select ${lista}::int[])::int[])`;
  return ids.length === 1 ? sql`${coluna} = ${ids[0]}` : sql`${coluna} = any(${lista}::int[])`;
};

/**
 * A value the planner cannot see (a subquery), for a prepared statement (`lerPreparada`) whose
 * plan should not vary with it: PostgreSQL then keeps one generic plan instead of planning again
 * on every run because the plan for the actual value looks cheaper on paper (a rare word's, a
 * narrow range's: 0.4–1.0 ms of planning for the same plan). Only where one plan suits every value.
 */
export const oculto = (v: string) => sql`(select ${v}::text)`;

/** `%`, `_` and `\` typed by a user are matched as themselves in LIKE. */
export const escaparLike = (v: string) => v.replace(/[%_\\]/g, '\\$&');

// translate() instead of the unaccent extension: the same SQL on PGlite and PostgreSQL, no migration.
const COM_ACENTO = 'ÁÀÂÃÄÉÈÊËÍÌÎÏÓÒÔÕÖÚÙÛÜÇÑáàâãäéèêëíìîïóòôõöúùûüçñ';
const SEM_ACENTO = 'AAAAAEEEEIIIIOOOOOUUUUCNaaaaaeeeeiiiiooooouuuucn';

export const semAcento = (v: string) => v.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/** Accent- and case-insensitive "contains" for small tables (big ones get a trigram index). */
export const contemSemAcento = (coluna: PgColumn | SQL, termo: string): SQL =>
  sql`lower(translate(${coluna}, ${COM_ACENTO}, ${SEM_ACENTO})) like ${`%${escaparLike(semAcento(termo))}%`}`;

/**
 * "Contains" on a column that already holds the text lower-cased and without accents (a
 * generated search column): the column is compared as it is, so its trigram index serves.
 */
export const contemNaBusca = (coluna: PgColumn | SQL, termo: string): SQL =>
  sql`${coluna} like ${`%${escaparLike(semAcento(termo))}%`}`;

export type ErroPg = { code?: string; constraint?: string; column?: string; detail?: string };

const textoOuNada = (v: unknown) => (typeof v === 'string' ? v : undefined);

/** The PostgreSQL error under the driver's and drizzle's wrappers, if there is one. */
export function erroPg(e: unknown): ErroPg {
  let atual: unknown = e;
  for (let i = 0; i < 5 && atual && typeof atual === 'object'; i++) {
    const x = atual as { code?: unknown; constraint?: unknown; column?: unknown; detail?: unknown; cause?: unknown };
    if (typeof x.code === 'string' && /^[0-9A-Z]{5}$/.test(x.code)) {
      return {
        code: x.code,
        constraint: textoOuNada(x.constraint),
        column: textoOuNada(x.column),
        detail: textoOuNada(x.detail),
      };
    }
    atual = x.cause;
  }
  return {};
}

export const VIOLACAO_UNICA = '23505';
export const VIOLACAO_FK = '23503';
