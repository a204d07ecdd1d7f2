import type { IndicadorAtendimentos, IndicadorQuery } from '@sig/contracts';
import { schema } from '@sig/db';
import { and, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { Contexto, Deps } from '../../platform/contexto.js';
import { recorteIndicador } from '../../platform/indicadores.js';

const { atendimento: a, categoriaAtendimento, organizacao } = schema;
const ACESSO = 'IndicadoresAtendimentos';

const rows = <T>(r: unknown) => (r as { rows: T[] }).rows;

/**
 * Spec §2 /indicadores/atendimentos: tickets sent to the chosen organization (and those below
 * it, unless "own organization only") counted by status, category and organization over the
 * period, and the series of the last ten days, months or years up to the period's end.
 */
export async function indicador(deps: Deps, ctx: Contexto, f: IndicadorQuery): Promise<IndicadorAtendimentos> {
  const r = await recorteIndicador(deps.db, ctx, ACESSO, f);
  const { periodoDe, periodoAte } = r;
  const local = sql`(${a.criadoEm} at time zone 'America/Sao_Paulo')::date`;
  const base = and(isNull(a.excluidoEm), r.organizacoes(a.organizacaoDestinoId))!;
  const noPeriodo = and(base, sql`${local} between ${periodoDe}::date and ${periodoAte}::date`)!;
  const contar = (chave: SQL, juntar: SQL = sql``) =>
    deps.db.execute(
      sql`select ${chave} as chave, count(*)::int as total from ${a} ${juntar} where ${noPeriodo} group by 1 order by 2 desc, 1 limit 20`,
    );
  const [status, categorias, organizacoes, serie] = await Promise.all([
    contar(sql`${a.status}`),
    contar(
      sql`${categoriaAtendimento.nome}`,
      sql`join ${categoriaAtendimento} on ${eq(categoriaAtendimento.id, a.categoriaAtendimentoId)}`,
    ),
    contar(sql`${organizacao.nomeFantasia}`, sql`join ${organizacao} on ${eq(organizacao.id, a.organizacaoDestinoId)}`),
    deps.db.execute(sql`with baldes as (${r.baldes})
      select to_char(b.inicio, ${r.formato}) as chave, count(t.id)::int as total
      from baldes b left join ${a} t on date_trunc(${r.trunc}, (t.criado_em at time zone 'America/Sao_Paulo')::date) = b.inicio
        and (t.criado_em at time zone 'America/Sao_Paulo')::date <= ${periodoAte}::date
        and t.id in (select ${a.id} from ${a} where ${base})
      group by b.inicio order by b.inicio`),
  ]);
  const porStatus = rows<{ chave: string; total: number }>(status);
  return {
    periodoDe,
    periodoAte,
    total: porStatus.reduce((s, l) => s + l.total, 0),
    porStatus,
    porCategoria: rows(categorias),
    porOrganizacao: rows(organizacoes),
    serie: rows(serie),
  };
}
