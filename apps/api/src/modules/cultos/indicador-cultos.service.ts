import type { IndicadorCultos, IndicadorQuery } from '@sig/contracts';
import { schema } from '@sig/db';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Contexto, Deps } from '../../platform/contexto.js';
import { recorteIndicador } from '../../platform/indicadores.js';

const { culto: cu, organizacao } = schema;
const ACESSO = 'IndicadoresCultos';

type Totais = { cultos: number; presentes: number; santaCeia: number; ofertas: string };
const rows = <T>(r: unknown) => (r as { rows: T[] }).rows;

/**
 * Spec §2 /indicadores/cultos: the services of the chosen organization (and those below it,
 * unless "own organization only") — how many, attendance, Lord's Supper celebrations and
 * offerings over the period, attendance by organization, and the series of the last ten days,
 * months or years up to the period's end.
 */
export async function indicador(deps: Deps, ctx: Contexto, f: IndicadorQuery): Promise<IndicadorCultos> {
  const r = await recorteIndicador(deps.db, ctx, ACESSO, f);
  const { periodoDe, periodoAte } = r;
  const base = and(isNull(cu.excluidoEm), r.organizacoes(cu.organizacaoId))!;
  const noPeriodo = and(base, sql`${cu.data} between ${periodoDe}::date and ${periodoAte}::date`)!;
  const [[totais], porOrganizacao, serie] = await Promise.all([
    deps.db
      .select({
        cultos: sql<number>`count(*)::int`,
        presentes: sql<number>`coalesce(sum(${cu.presentes}), 0)::int`,
        santaCeia: sql<number>`(count(*) filter (where ${cu.santaCeia}))::int`,
        ofertas: sql<string>`coalesce(sum(${cu.ofertas}), 0)::numeric(14,2)::text`,
      })
      .from(cu)
      .where(noPeriodo) as Promise<Totais[]>,
    deps.db
      .select({ chave: organizacao.nomeFantasia, total: sql<number>`sum(${cu.presentes})::int` })
      .from(cu)
      .innerJoin(organizacao, eq(organizacao.id, cu.organizacaoId))
      .where(noPeriodo)
      .groupBy(organizacao.nomeFantasia)
      .orderBy(sql`2 desc, 1`)
      .limit(20),
    deps.db.execute(sql`with baldes as (${r.baldes})
      select to_char(b.inicio, ${r.formato}) as chave, count(c.id)::int as cultos,
        coalesce(sum(c.presentes), 0)::int as presentes,
        (count(c.id) filter (where c.santa_ceia))::int as "santaCeia",
        coalesce(sum(c.ofertas), 0)::numeric(14,2)::text as ofertas
      from baldes b left join ${cu} c on date_trunc(${r.trunc}, c.data) = b.inicio and c.data <= ${periodoAte}::date
        and c.id in (select ${cu.id} from ${cu} where ${base})
      group by b.inicio order by b.inicio`),
  ]);
  return {
    periodoDe,
    periodoAte,
    ...totais!,
    porOrganizacao,
    serie: rows(serie),
  };
}
