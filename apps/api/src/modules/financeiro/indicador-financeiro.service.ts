import type { IndicadorFinanceiros, IndicadorQuery } from '@sig/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { Contexto, Deps } from '../../platform/contexto.js';
import { recorteIndicador } from '../../platform/indicadores.js';
import { direcao, entradas as entradasLivros, saidas as saidasLivros } from './livros.service.js';

const ACESSO = 'IndicadoresFinanceiros';
const rows = <T>(r: unknown) => (r as { rows: T[] }).rows;

/** Money in and out as the financial report counts them (a reversal lowers the side it undoes). */
const entradas = sql`${entradasLivros()}::numeric(14, 2)::text`;
const saidas = sql`${saidasLivros()}::numeric(14, 2)::text`;

/**
 * Spec §2 /indicadores/financeiros: the books of the chosen organization (and those below it,
 * unless "own organization only") — money in and out over the period, the ledger accounts that
 * moved most, and both over the last ten days, months or years. Transfers between cash
 * accounts move no money in or out, so they are left out.
 */
export async function indicador(deps: Deps, ctx: Contexto, f: IndicadorQuery): Promise<IndicadorFinanceiros> {
  const r = await recorteIndicador(deps.db, ctx, ACESSO, f);
  const { periodoDe, periodoAte } = r;
  const base = sql`${r.organizacoes(sql`l.organizacao_id`)} and l.tipo <> 'TRANSFERENCIA'`;
  const noPeriodo = sql`${base} and l.data between ${periodoDe}::date and ${periodoAte}::date`;
  const porConta = (sentido: SQL) =>
    deps.db.execute(sql`select p.nome as chave, abs(sum(l.valor))::numeric(14, 2)::text as valor
      from lancamento_caixa l join plano_conta p on p.id = l.plano_conta_id
      where ${noPeriodo} and ${direcao} ${sentido} 0
      group by p.nome order by abs(sum(l.valor)) desc, 1 limit 10`);
  const [totais, porEntrada, porSaida, serie] = await Promise.all([
    deps.db.execute(
      sql`select ${entradas} as entradas, ${saidas} as saidas from lancamento_caixa l where ${noPeriodo}`,
    ),
    porConta(sql`>`),
    porConta(sql`<`),
    deps.db.execute(sql`with baldes as (${r.baldes}),
        l as (select * from lancamento_caixa l where ${base}
          and l.data >= (select min(inicio) from baldes) and l.data <= ${periodoAte}::date)
      select to_char(b.inicio, ${r.formato}) as chave, ${entradas} as entradas, ${saidas} as saidas
      from baldes b left join l on date_trunc(${r.trunc}, l.data) = b.inicio
      group by b.inicio order by b.inicio`),
  ]);
  const t = rows<{ entradas: string; saidas: string }>(totais)[0]!;
  return {
    periodoDe,
    periodoAte,
    entradas: t.entradas,
    saidas: t.saidas,
    resultado: ((Math.round(Number(t.entradas) * 100) - Math.round(Number(t.saidas) * 100)) / 100).toFixed(2),
    entradasPorConta: rows(porEntrada),
    saidasPorConta: rows(porSaida),
    serie: rows(serie),
  };
}
