import type { RelatorioContasReceber, RelatorioContasReceberQuery, StatusContaAReceber } from '@sig/contracts';
import { schema } from '@sig/db';
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Contexto, Deps } from '../../platform/contexto.js';
import { exigirNoEscopo, filtroOrganizacao } from '../../platform/escopo.js';
import { nomeCompletoPessoa } from '../../platform/sql.js';

/**
 * `/relatorio-contas-receber` (spec §2): receivables of an organization and those below it,
 * totalled by status and by competence month, after the holder, status and period filters.
 */
export const ACESSO_RELATORIO_RECEBER = 'RelatorioContasReceber';
const { contaAReceber: car, organizacao } = schema;

const competencia = sql<string>`${car.anoCompetencia}::text || '-' || lpad(${car.mesCompetencia}::text, 2, '0')`;
const somas = {
  quantidade: sql<number>`count(*)::int`,
  previsto: sql<string>`coalesce(sum(${car.valorPrevisto}), 0)::numeric(14,2)::text`,
  pago: sql<string>`coalesce(sum(${car.valorPago}), 0)::numeric(14,2)::text`,
};

export async function relatorioContasReceber(
  deps: Deps,
  ctx: Contexto,
  q: RelatorioContasReceberQuery,
): Promise<RelatorioContasReceber & { organizacao: { nomeFantasia: string }; titular?: { nome: string } }> {
  const alvo = q.organizacaoId ?? ctx.organizacaoId;
  await exigirNoEscopo(deps.db, ctx, ACESSO_RELATORIO_RECEBER, alvo);
  const [org] = await deps.db
    .select({ nomeFantasia: organizacao.nomeFantasia, caminho: organizacao.caminho })
    .from(organizacao)
    .where(eq(organizacao.id, alvo));
  const onde = and(
    filtroOrganizacao(ctx, ACESSO_RELATORIO_RECEBER, car.organizacaoId),
    sql`${car.organizacaoId} in (select o.id from ${organizacao} o where o.caminho like ${`${org!.caminho}%`})`,
    q.pessoaId ? eq(car.pessoaId, q.pessoaId) : undefined,
    q.organizacaoTitularId ? eq(car.organizacaoTitularId, q.organizacaoTitularId) : undefined,
    q.status?.length ? inArray(car.status, q.status) : undefined,
    q.incluirExcluidos === 'true' || q.status?.includes('EXCLUIDO') ? undefined : ne(car.status, 'EXCLUIDO'),
    q.competenciaDe ? sql`${competencia} >= ${q.competenciaDe}` : undefined,
    q.competenciaAte ? sql`${competencia} <= ${q.competenciaAte}` : undefined,
    q.vencimentoDe ? sql`${car.vencimento} >= ${q.vencimentoDe}` : undefined,
    q.vencimentoAte ? sql`${car.vencimento} <= ${q.vencimentoAte}` : undefined,
  );
  const [porStatus, porPeriodo, [totais]] = await Promise.all([
    deps.db
      .select({ status: car.status, ...somas })
      .from(car)
      .where(onde)
      .groupBy(car.status)
      .orderBy(car.status),
    deps.db
      .select({ periodo: competencia, ...somas })
      .from(car)
      .where(onde)
      .groupBy(car.anoCompetencia, car.mesCompetencia)
      .orderBy(car.anoCompetencia, car.mesCompetencia),
    deps.db.select(somas).from(car).where(onde),
  ]);
  // The holder filtered on, named on the printed report.
  const [titular] = q.pessoaId
    ? await deps.db.select({ nome: nomeCompletoPessoa }).from(schema.pessoa).where(eq(schema.pessoa.id, q.pessoaId))
    : q.organizacaoTitularId
      ? await deps.db
          .select({ nome: organizacao.nomeFantasia })
          .from(organizacao)
          .where(eq(organizacao.id, q.organizacaoTitularId))
      : [];
  return {
    organizacao: { nomeFantasia: org!.nomeFantasia },
    titular,
    porStatus: porStatus.map((s) => ({ ...s, status: s.status as StatusContaAReceber })),
    porPeriodo,
    totais: totais!,
  };
}
