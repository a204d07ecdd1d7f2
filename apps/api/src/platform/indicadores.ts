import { hojeNoBrasil, type IndicadorQuery, MAXIMO_BALDES_INDICADOR } from '@sig/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Contexto, Deps } from './contexto.js';
import { type CondicaoCaminho, caminhoEscolhido, entreOrganizacoes, organizacoesEscolhidas } from './escopo.js';

type Unidade = 'dia' | 'mes' | 'ano';
/** The grouping's unit by the query's `periodo` (0 days, 1 months, 2 years). */
const UNIDADES: readonly Unidade[] = ['dia', 'mes', 'ano'];

/** One bucket: its key (`2026-11-16`, `2026-11`, `2026`) and the days it covers, both inclusive. */
export type Balde = { chave: string; de: string; ate: string };

const iso = (d: Date) => d.toISOString().slice(0, 10);
const lerData = (s: string) => new Date(`${s}T00:00:00Z`);
const ultimoDiaDoMes = (ano: number, mes: number) => new Date(Date.UTC(ano, mes + 1, 0)).getUTCDate();

/** The date `n` units later (earlier when negative); a month's day past the target month's end is its last day. */
function somar(s: string, unidade: Unidade, n: number): string {
  const d = lerData(s);
  if (unidade === 'dia') return iso(new Date(d.getTime() + n * 86_400_000));
  const meses = unidade === 'mes' ? n : 12 * n;
  const alvo = d.getUTCMonth() + meses;
  const ano = d.getUTCFullYear() + Math.floor(alvo / 12);
  const mes = ((alvo % 12) + 12) % 12;
  return iso(new Date(Date.UTC(ano, mes, Math.min(d.getUTCDate(), ultimoDiaDoMes(ano, mes)))));
}

const inicioDoBalde = (s: string, u: Unidade) =>
  u === 'dia' ? s : u === 'mes' ? `${s.slice(0, 7)}-01` : `${s.slice(0, 4)}-01-01`;
const fimDoBalde = (s: string, u: Unidade) => somar(somar(inicioDoBalde(s, u), u, 1), 'dia', -1);
const chaveDoBalde = (s: string, u: Unidade) => (u === 'dia' ? s : u === 'mes' ? s.slice(0, 7) : s.slice(0, 4));
const maior = (a: string, b: string) => (a > b ? a : b);
const menor = (a: string, b: string) => (a < b ? a : b);

/**
 * The buckets of a period (spec §2: the last ten days, months or years): at most ten, ending at the
 * period's end; the first starts at the period's start when it falls inside it, so the buckets
 * cover exactly the days the totals count. When the period holds more than ten, the figures cover
 * the last ten (`recortado`). The previous period is the same buckets as many units earlier.
 */
export function baldesDoPeriodo(periodoDe: string, periodoAte: string, periodo: number) {
  const u = UNIDADES[periodo]!;
  const ultimo = inicioDoBalde(periodoAte, u);
  const limite = somar(ultimo, u, -(MAXIMO_BALDES_INDICADOR - 1));
  const primeiro = maior(inicioDoBalde(periodoDe, u), limite);
  const inicios: string[] = [];
  for (let i = primeiro; i <= ultimo; i = somar(i, u, 1)) inicios.push(i);
  const de = maior(periodoDe, primeiro);
  const atuais: Balde[] = inicios.map((inicio) => ({
    chave: chaveDoBalde(inicio, u),
    de: maior(inicio, de),
    ate: menor(fimDoBalde(inicio, u), periodoAte),
  }));
  const n = inicios.length;
  // A bucket that runs to its unit's end keeps doing so a shift earlier (30 Nov → 31 Jan, not 30 Jan).
  const anteriores: Balde[] = atuais.map((b) => {
    const inicio = somar(inicioDoBalde(b.de, u), u, -n);
    const ate = b.ate === fimDoBalde(b.ate, u) ? fimDoBalde(inicio, u) : somar(b.ate, u, -n);
    return { chave: chaveDoBalde(inicio, u), de: somar(b.de, u, -n), ate };
  });
  return {
    periodoDe: de,
    periodoAte,
    recortado: de > periodoDe,
    anteriorDe: anteriores[0]!.de,
    anteriorAte: anteriores[n - 1]!.ate,
    atuais,
    anteriores,
  };
}

/** The buckets as a table for `with baldes as (…)`: `indice`, `chave`, `de`, `ate`, in order. */
const tabelaDeBaldes = (baldes: readonly Balde[]) =>
  sql`select * from (values ${sql.join(
    baldes.map((b, i) => sql`(${i}::int, ${b.chave}::text, ${b.de}::date, ${b.ate}::date)`),
    sql`, `,
  )}) as b(indice, chave, de, ate)`;

export type RecorteIndicador = ReturnType<typeof baldesDoPeriodo> & {
  /** Condition on an organization id column: the chosen one and, unless "own only", those below it in scope. */
  organizacoes: (coluna: PgColumn | SQL) => SQL;
  /** The chosen organization, and whether the scope is it alone (a roll-up's own rows, not its subtree's). */
  raizId: number;
  somenteEla: boolean;
  /**
   * The same organizations as `organizacoes`, as a condition on a path column (`o.caminho`): one
   * range of the path index, where a whole church's thousands of ids cost more to plan than to read.
   */
  caminhos: CondicaoCaminho;
  /** The current and the previous period's buckets, each for a `with baldes as (…)`. */
  baldes: SQL;
  baldesAnteriores: SQL;
};

/**
 * The period asked for, with what is missing filled (spec §9): the end defaults to today (or to a
 * start that lies ahead), the start to the first day of the end's month, so a lone end date or a
 * lone future start still gives a period that holds a bucket.
 */
export function periodoPedido(f: Pick<IndicadorQuery, 'periodoDe' | 'periodoAte'>, hoje: string) {
  const periodoAte = f.periodoAte ?? maior(hoje, f.periodoDe ?? hoje);
  return { periodoDe: f.periodoDe ?? `${periodoAte.slice(0, 8)}01`, periodoAte };
}

/**
 * What every indicator screen (spec §2 /indicadores/*) reads the same way: the period (by
 * default the first day of the current month to today) narrowed to its last ten buckets, the
 * previous period to compare with, the organization (the user's by default; out of scope = 404).
 */
export async function recorteIndicador(
  deps: Pick<Deps, 'arvore'>,
  ctx: Contexto,
  acesso: string,
  f: IndicadorQuery,
): Promise<RecorteIndicador> {
  const { periodoDe, periodoAte } = periodoPedido(f, hojeNoBrasil());
  const b = baldesDoPeriodo(periodoDe, periodoAte, f.periodo);
  const raiz = f.organizacaoId ?? ctx.organizacaoId;
  const [ids, caminhos] = await Promise.all([
    organizacoesEscolhidas(deps, ctx, acesso, raiz, f.somenteMinhaOrganizacao),
    caminhoEscolhido(deps, ctx, acesso, raiz, f.somenteMinhaOrganizacao),
  ]);
  const organizacoes = (coluna: PgColumn | SQL) => entreOrganizacoes(coluna, ids);
  // One id: the organization alone (own only, or no organization below it).
  const somenteEla = ids.length === 1;
  return {
    ...b,
    organizacoes,
    raizId: raiz,
    somenteEla,
    caminhos,
    baldes: tabelaDeBaldes(b.atuais),
    baldesAnteriores: tabelaDeBaldes(b.anteriores),
  };
}

/** The period fields every indicator answers (contracts `periodoIndicador`). */
export const periodoDoRecorte = (r: RecorteIndicador) => ({
  periodoDe: r.periodoDe,
  periodoAte: r.periodoAte,
  recortado: r.recortado,
  anteriorDe: r.anteriorDe,
  anteriorAte: r.anteriorAte,
});
