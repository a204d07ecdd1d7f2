import type { IndicadorFinanceiros, IndicadorQuery } from '@sig/contracts';
import { centavos, deCentavos } from '@sig/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { Contexto, Deps } from '../../platform/contexto.js';
import { periodoDoRecorte, recorteIndicador } from '../../platform/indicadores.js';
import { direcao, entradas as entradasLivros, saidas as saidasLivros } from './livros.service.js';

const ACESSO = 'IndicadoresFinanceiros';
const rows = <T>(r: unknown) => (r as { rows: T[] }).rows;
type Balde = { chave: string; de: string; ate: string; entradas: string; saidas: string };

/** Money in and out as the financial report counts them (a reversal lowers the side it undoes). */
const entradas = sql`${entradasLivros()}::numeric(14, 2)::text`;
const saidas = sql`${saidasLivros()}::numeric(14, 2)::text`;
const resultado = (t: { entradas: string; saidas: string }) => ({
  ...t,
  resultado: deCentavos(centavos(t.entradas) - centavos(t.saidas)),
});

/**
 * Spec §2 /indicadores/financeiros: the books of the chosen organization (and those below it,
 * unless "own organization only") — money in and out over the period (its last ten days, months
 * or years) and the previous one, the ledger accounts that moved most, and both bucket by bucket.
 * Transfers between cash accounts move no money in or out, so they are left out.
 */
export async function indicador(deps: Deps, ctx: Contexto, f: IndicadorQuery): Promise<IndicadorFinanceiros> {
  const r = await recorteIndicador(deps, ctx, ACESSO, f);
  const base = sql`${r.organizacoes(sql`l.organizacao_id`)} and l.tipo <> 'TRANSFERENCIA'`;
  const entre = (de: string, ate: string) => sql`${base} and l.data between ${de}::date and ${ate}::date`;
  const noPeriodo = entre(r.periodoDe, r.periodoAte);
  const somar = (de: string, ate: string) =>
    deps.db.execute(
      sql`select ${entradas} as entradas, ${saidas} as saidas from lancamento_caixa l where ${entre(de, ate)}`,
    );
  const porConta = (sentido: SQL) =>
    deps.db.execute(sql`select p.nome as chave, abs(sum(l.valor))::numeric(14, 2)::text as valor
      from lancamento_caixa l join plano_conta p on p.id = l.plano_conta_id
      where ${noPeriodo} and ${direcao} ${sentido} 0
      group by p.nome order by abs(sum(l.valor)) desc, 1 limit 10`);
  // Each day's money summed once, then the days into their buckets (not every entry range-joined to each bucket).
  const serie = (baldes: SQL) =>
    deps.db.execute(sql`with baldes as (${baldes}),
      dias as (select l.data, ${entradasLivros()} as entradas, ${saidasLivros()} as saidas from lancamento_caixa l
        where ${base} and l.data between (select min(de) from baldes) and (select max(ate) from baldes) group by l.data)
      select b.chave, b.de::text as de, b.ate::text as ate, coalesce(sum(d.entradas), 0)::numeric(14, 2)::text as entradas,
        coalesce(sum(d.saidas), 0)::numeric(14, 2)::text as saidas
      from baldes b left join dias d on d.data between b.de and b.ate
      group by b.indice, b.chave, b.de, b.ate order by b.indice`);
  const [atual, anterior, porEntrada, porSaida, atuais, anteriores] = await Promise.all([
    somar(r.periodoDe, r.periodoAte),
    somar(r.anteriorDe, r.anteriorAte),
    porConta(sql`>`),
    porConta(sql`<`),
    serie(r.baldes),
    serie(r.baldesAnteriores),
  ]);
  type Totais = { entradas: string; saidas: string };
  return {
    ...periodoDoRecorte(r),
    ...resultado(rows<Totais>(atual)[0]!),
    anterior: resultado(rows<Totais>(anterior)[0]!),
    entradasPorConta: rows(porEntrada),
    saidasPorConta: rows(porSaida),
    serie: rows<Balde>(atuais),
    serieAnterior: rows<Balde>(anteriores),
  };
}
