import type { IndicadorAtendimentos, IndicadorQuery } from '@sig/contracts';
import { schema } from '@sig/db';
import { and, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { Contexto, Deps } from '../../platform/contexto.js';
import { periodoDoRecorte, recorteIndicador } from '../../platform/indicadores.js';

const { atendimento: a, categoriaAtendimento, organizacao } = schema;
const ACESSO = 'IndicadoresAtendimentos';

const rows = <T>(r: unknown) => (r as { rows: T[] }).rows;
type Balde = { chave: string; de: string; ate: string; total: number };

/**
 * Spec §2 /indicadores/atendimentos: tickets sent to the chosen organization (and those below
 * it, unless "own organization only") over the period (its last ten days, months or years) and
 * the previous one, counted by status, category and organization, and bucket by bucket.
 */
export async function indicador(deps: Deps, ctx: Contexto, f: IndicadorQuery): Promise<IndicadorAtendimentos> {
  const r = await recorteIndicador(deps, ctx, ACESSO, f);
  // The day a ticket was opened, as the lists' period filter reads it (Brazil's calendar).
  const local = sql`(${a.criadoEm} at time zone 'America/Sao_Paulo')::date`;
  const base = and(isNull(a.excluidoEm), r.organizacoes(a.organizacaoDestinoId))!;
  const entre = (de: string, ate: string) => and(base, sql`${local} between ${de}::date and ${ate}::date`)!;
  const noPeriodo = entre(r.periodoDe, r.periodoAte);
  // Each day's tickets counted once, then the days into their buckets (not every ticket range-joined to each bucket).
  const serie = (baldes: SQL) =>
    deps.db.execute(sql`with baldes as (${baldes}),
      dias as (select ${local} as dia, count(*) as total from ${a}
        where ${base} and ${local} between (select min(de) from baldes) and (select max(ate) from baldes) group by 1)
      select b.chave, b.de::text as de, b.ate::text as ate, coalesce(sum(d.total), 0)::int as total
      from baldes b left join dias d on d.dia between b.de and b.ate
      group by b.indice, b.chave, b.de, b.ate order by b.indice`);
  const [status, categorias, organizacoes, anterior, atuais, anteriores] = await Promise.all([
    deps.db.execute(
      sql`select ${a.status} as chave, count(*)::int as total from ${a} where ${noPeriodo} group by 1 order by 2 desc, 1`,
    ),
    deps.db.execute(sql`select ${categoriaAtendimento.id} as id, ${categoriaAtendimento.nome} as chave, count(*)::int as total
      from ${a} join ${categoriaAtendimento} on ${eq(categoriaAtendimento.id, a.categoriaAtendimentoId)}
      where ${noPeriodo} group by 1, 2 order by 3 desc, 2 limit 20`),
    deps.db.execute(sql`select ${organizacao.nomeFantasia} as chave, count(*)::int as total
      from ${a} join ${organizacao} on ${eq(organizacao.id, a.organizacaoDestinoId)}
      where ${noPeriodo} group by 1 order by 2 desc, 1 limit 20`),
    deps.db.execute(sql`select count(*)::int as total from ${a} where ${entre(r.anteriorDe, r.anteriorAte)}`),
    serie(r.baldes),
    serie(r.baldesAnteriores),
  ]);
  const porStatus = rows<{ chave: string; total: number }>(status);
  return {
    ...periodoDoRecorte(r),
    total: porStatus.reduce((s, l) => s + l.total, 0),
    anterior: rows<{ total: number }>(anterior)[0]!,
    porStatus,
    porCategoria: rows(categorias),
    porOrganizacao: rows(organizacoes),
    serie: rows<Balde>(atuais),
    serieAnterior: rows<Balde>(anteriores),
  };
}
