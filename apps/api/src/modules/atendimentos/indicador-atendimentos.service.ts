import { hojeNoBrasil, type IndicadorAtendimentos } from '@sig/contracts';
import { schema } from '@sig/db';
import { and, eq, isNull, like, type SQL, sql } from 'drizzle-orm';
import type { Contexto, Deps } from '../../platform/contexto.js';
import { exigirNoEscopo, filtroOrganizacao } from '../../platform/escopo.js';

const { atendimento: a, categoriaAtendimento, organizacao } = schema;
const ACESSO = 'IndicadoresAtendimentos';

/** How each grouping truncates a date, formats its bucket and steps back ten buckets. */
const AGRUPAMENTO = [
  { trunc: 'day', formato: 'YYYY-MM-DD', passo: '1 day' },
  { trunc: 'month', formato: 'YYYY-MM', passo: '1 month' },
  { trunc: 'year', formato: 'YYYY', passo: '1 year' },
] as const;

type Filtro = {
  organizacaoId?: number;
  somenteMinhaOrganizacao: boolean;
  periodo: number;
  periodoDe?: string;
  periodoAte?: string;
};

const rows = <T>(r: unknown) => (r as { rows: T[] }).rows;

/**
 * Spec §2 /indicadores/atendimentos: tickets sent to the chosen organization (and those below
 * it, unless "own organization only") counted by status, category and organization over the
 * period, and the series of the last ten days, months or years up to the period's end.
 */
export async function indicador(deps: Deps, ctx: Contexto, f: Filtro): Promise<IndicadorAtendimentos> {
  const hoje = hojeNoBrasil();
  const periodoDe = f.periodoDe ?? `${hoje.slice(0, 8)}01`;
  const periodoAte = f.periodoAte ?? hoje;
  const raiz = f.organizacaoId ?? ctx.organizacaoId;
  await exigirNoEscopo(deps.db, ctx, ACESSO, raiz);
  const [org] = await deps.db
    .select({ caminho: organizacao.caminho })
    .from(organizacao)
    .where(eq(organizacao.id, raiz));
  const destinos: SQL = f.somenteMinhaOrganizacao
    ? sql`${a.organizacaoDestinoId} = ${raiz}`
    : sql`${a.organizacaoDestinoId} in (select ${organizacao.id} from ${organizacao} where ${like(organizacao.caminho, `${org!.caminho}%`)} and ${filtroOrganizacao(ctx, ACESSO, organizacao.id)})`;
  const local = sql`(${a.criadoEm} at time zone 'America/Sao_Paulo')::date`;
  const base = and(isNull(a.excluidoEm), destinos)!;
  const noPeriodo = and(base, sql`${local} between ${periodoDe}::date and ${periodoAte}::date`)!;
  const g = AGRUPAMENTO[f.periodo]!;
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
    // The ten buckets ending at the period's end, empty ones included.
    deps.db.execute(sql`with baldes as (
        select generate_series(date_trunc(${g.trunc}, ${periodoAte}::date) - 9 * ${g.passo}::interval,
          date_trunc(${g.trunc}, ${periodoAte}::date), ${g.passo}::interval) as inicio)
      select to_char(b.inicio, ${g.formato}) as chave, count(t.id)::int as total
      from baldes b left join ${a} t on date_trunc(${g.trunc}, (t.criado_em at time zone 'America/Sao_Paulo')::date) = b.inicio
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
