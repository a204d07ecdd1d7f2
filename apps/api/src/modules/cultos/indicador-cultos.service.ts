import type { IndicadorCultos, IndicadorQuery } from '@sig/contracts';
import { schema } from '@sig/db';
import { and, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { Contexto, Deps } from '../../platform/contexto.js';
import { periodoDoRecorte, recorteIndicador } from '../../platform/indicadores.js';

const { culto: cu, organizacao } = schema;
const ACESSO = 'IndicadoresCultos';

type Totais = { cultos: number; presentes: number; santaCeia: number; ofertas: string };
type Balde = Totais & { chave: string; de: string; ate: string };
const rows = <T>(r: unknown) => (r as { rows: T[] }).rows;

const totais = {
  cultos: sql<number>`count(${cu.id})::int`,
  presentes: sql<number>`coalesce(sum(${cu.presentes}), 0)::int`,
  santaCeia: sql<number>`(count(${cu.id}) filter (where ${cu.santaCeia}))::int`,
  ofertas: sql<string>`coalesce(sum(${cu.ofertas}), 0)::numeric(14,2)::text`,
};

/**
 * Spec §2 /indicadores/cultos: the services of the chosen organization (and those below it,
 * unless "own organization only") — how many, attendance, Lord's Supper celebrations and
 * offerings over the period (its last ten days, months or years), the same over the previous
 * period, attendance by organization, and both series bucket by bucket.
 */
export async function indicador(deps: Deps, ctx: Contexto, f: IndicadorQuery): Promise<IndicadorCultos> {
  const r = await recorteIndicador(deps, ctx, ACESSO, f);
  const base = and(isNull(cu.excluidoEm), r.organizacoes(cu.organizacaoId))!;
  const entre = (de: string, ate: string) => and(base, sql`${cu.data} between ${de}::date and ${ate}::date`)!;
  const somar = (de: string, ate: string) => deps.db.select(totais).from(cu).where(entre(de, ate)) as Promise<Totais[]>;
  // Each day's services summed once, then the days into their buckets: a range join of the buckets
  // to every service (ten times the period's rows) cost seconds at national scale.
  const serie = (baldes: SQL) =>
    deps.db.execute(sql`with baldes as (${baldes}),
      dias as (select ${cu.data} as data, count(${cu.id}) as cultos, sum(${cu.presentes}) as presentes,
          count(${cu.id}) filter (where ${cu.santaCeia}) as santa_ceia, sum(${cu.ofertas}) as ofertas
        from ${cu} where ${base} and ${cu.data} between (select min(de) from baldes) and (select max(ate) from baldes)
        group by ${cu.data})
      select b.chave, b.de::text as de, b.ate::text as ate, coalesce(sum(d.cultos), 0)::int as cultos,
        coalesce(sum(d.presentes), 0)::int as presentes, coalesce(sum(d.santa_ceia), 0)::int as "santaCeia",
        coalesce(sum(d.ofertas), 0)::numeric(14,2)::text as ofertas
      from baldes b left join dias d on d.data between b.de and b.ate
      group by b.indice, b.chave, b.de, b.ate order by b.indice`);
  const [[atual], [anterior], porOrganizacao, atuais, anteriores] = await Promise.all([
    somar(r.periodoDe, r.periodoAte),
    somar(r.anteriorDe, r.anteriorAte),
    deps.db
      .select({ chave: organizacao.nomeFantasia, total: sql<number>`sum(${cu.presentes})::int` })
      .from(cu)
      .innerJoin(organizacao, eq(organizacao.id, cu.organizacaoId))
      .where(entre(r.periodoDe, r.periodoAte))
      .groupBy(organizacao.nomeFantasia)
      .orderBy(sql`2 desc, 1`)
      .limit(20),
    serie(r.baldes),
    serie(r.baldesAnteriores),
  ]);
  return {
    ...periodoDoRecorte(r),
    ...atual!,
    anterior: anterior!,
    porOrganizacao,
    serie: rows<Balde>(atuais),
    serieAnterior: rows<Balde>(anteriores),
  };
}
