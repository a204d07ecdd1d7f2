import { hojeNoBrasil, type IndicadorQuery } from '@sig/contracts';
import type { DbOuTx } from '@sig/db';
import { type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Contexto } from './contexto.js';
import { entreOrganizacoes, organizacoesEscolhidas } from './escopo.js';

/** How each grouping truncates a date, formats its bucket and steps back ten buckets. */
const AGRUPAMENTO = [
  { trunc: 'day', formato: 'YYYY-MM-DD', passo: '1 day' },
  { trunc: 'month', formato: 'YYYY-MM', passo: '1 month' },
  { trunc: 'year', formato: 'YYYY', passo: '1 year' },
] as const;

export type RecorteIndicador = {
  periodoDe: string;
  periodoAte: string;
  /** Date truncation and bucket label format of the chosen grouping. */
  trunc: string;
  formato: string;
  /** Condition on an organization id column: the chosen one and, unless "own only", those below it in scope. */
  organizacoes: (coluna: PgColumn | SQL) => SQL;
  /** The ten buckets (`inicio`) ending at the period's end, empty ones included, for a `with baldes as (…)`. */
  baldes: SQL;
};

/**
 * What every indicator screen (spec §2 /indicadores/*) reads the same way: the period (by
 * default the first day of the current month to today), the organization (the user's by
 * default; out of scope = 404) and the grouping of its last-ten series.
 */
export async function recorteIndicador(
  db: DbOuTx,
  ctx: Contexto,
  acesso: string,
  f: IndicadorQuery,
): Promise<RecorteIndicador> {
  const hoje = hojeNoBrasil();
  const periodoDe = f.periodoDe ?? `${hoje.slice(0, 8)}01`;
  const periodoAte = f.periodoAte ?? hoje;
  const raiz = f.organizacaoId ?? ctx.organizacaoId;
  const ids = await organizacoesEscolhidas(db, ctx, acesso, raiz, f.somenteMinhaOrganizacao);
  const organizacoes = (coluna: PgColumn | SQL) => entreOrganizacoes(coluna, ids);
  const g = AGRUPAMENTO[f.periodo]!;
  const baldes = sql`select generate_series(date_trunc(${g.trunc}, ${periodoAte}::date) - 9 * ${g.passo}::interval,
    date_trunc(${g.trunc}, ${periodoAte}::date), ${g.passo}::interval) as inicio`;
  return { periodoDe, periodoAte, trunc: g.trunc, formato: g.formato, organizacoes, baldes };
}
