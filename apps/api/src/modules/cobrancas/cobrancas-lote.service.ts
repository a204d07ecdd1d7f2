import {
  type CobrancasLoteFiltro,
  type CobrancasLoteInput,
  type FORMAS_COBRANCA,
  type PreviaCobrancasLote,
  type ProcessamentoLote,
  type ProcessamentoLoteListQuery,
  parametrosCobrancaLote,
  VALOR_MINIMO_COBRANCA,
} from '@sig/contracts';
import { schema } from '@sig/db';
import { and, eq, gte, inArray, lte, type SQL, sql } from 'drizzle-orm';
import type { Contexto, Deps } from '../../platform/contexto.js';
import { naoEncontrado } from '../../platform/erros.js';
import { exigirNoEscopo, filtroOrganizacao } from '../../platform/escopo.js';
import { exigir } from '../../platform/permissoes.js';
import { nomeCompletoPessoa } from '../../platform/sql.js';
import { criarLote, listarLotes, obterLote } from '../processamento-lote/index.js';
import { ACESSO_COBRANCA } from './cobranca.service.js';

/**
 * Spec §2 /cobrancas-em-lote: the open or overdue receivables without a charge that the filters
 * pick, within the user's scope, each charged at the provider by a COBRANCAS batch item. The
 * batch belongs to the chosen organization, or to the user's.
 */
export const ACESSO_COBRANCAS_LOTE = 'CobrancasEmLote';
const { contaAReceber: car, organizacao, pessoa } = schema;

async function condicoes(deps: Deps, ctx: Contexto, f: CobrancasLoteFiltro): Promise<SQL[]> {
  const acesso = ACESSO_COBRANCAS_LOTE;
  const filtros: SQL[] = [
    filtroOrganizacao(ctx, acesso, car.organizacaoId),
    inArray(car.status, f.status),
    eq(car.cobrancaGerada, false),
  ];
  if (f.organizacaoId) {
    await exigirNoEscopo(deps.db, ctx, acesso, f.organizacaoId);
    filtros.push(
      f.incluirSubarvore
        ? sql`${car.organizacaoId} in (select ${organizacao.id} from ${organizacao} where ${organizacao.caminho} like (select ${organizacao.caminho} from ${organizacao} where ${organizacao.id} = ${f.organizacaoId}) || '%')`
        : eq(car.organizacaoId, f.organizacaoId),
    );
  }
  if (f.anoCompetencia) filtros.push(eq(car.anoCompetencia, f.anoCompetencia));
  if (f.mesCompetenciaDe) filtros.push(gte(car.mesCompetencia, f.mesCompetenciaDe));
  if (f.mesCompetenciaAte) filtros.push(lte(car.mesCompetencia, f.mesCompetenciaAte));
  if (f.vencimentoDe) filtros.push(gte(car.vencimento, f.vencimentoDe));
  if (f.vencimentoAte) filtros.push(lte(car.vencimento, f.vencimentoAte));
  if (f.pessoaIds) filtros.push(inArray(car.pessoaId, f.pessoaIds));
  if (f.organizacaoTitularId) filtros.push(eq(car.organizacaoTitularId, f.organizacaoTitularId));
  if (f.contaAReceberIds) {
    const ids = [...new Set(f.contaAReceberIds)];
    // A chosen receivable outside the scope reads as not found, like any other out-of-scope id.
    const [{ n } = { n: 0 }] = await deps.db
      .select({ n: sql<number>`count(*)::int` })
      .from(car)
      .where(and(inArray(car.id, ids), filtroOrganizacao(ctx, acesso, car.organizacaoId)));
    if (n !== ids.length) throw naoEncontrado();
    filtros.push(inArray(car.id, ids));
  }
  return filtros;
}

/** How many receivables a batch would take, and how many of them are below the minimum. */
export async function previaCobrancasLote(
  deps: Deps,
  ctx: Contexto,
  f: CobrancasLoteFiltro,
): Promise<PreviaCobrancasLote> {
  const [r] = await deps.db
    .select({
      total: sql<number>`count(*)::int`,
      abaixoDoMinimo: sql<number>`(count(*) filter (where ${car.valorPrevisto} < ${VALOR_MINIMO_COBRANCA}))::int`,
    })
    .from(car)
    .where(and(...(await condicoes(deps, ctx, f))));
  return r ?? { total: 0, abaixoDoMinimo: 0 };
}

export async function criarLoteCobrancas(deps: Deps, ctx: Contexto, e: CobrancasLoteInput): Promise<ProcessamentoLote> {
  const filtros = await condicoes(deps, ctx, e);
  const itens = sql`select ${car.id} as referencia_id,
      coalesce(${nomeCompletoPessoa}, ${organizacao.nomeFantasia}, '')
        || ' — ' || lpad(${car.mesCompetencia}::text, 2, '0') || '/' || ${car.anoCompetencia} as descricao
    from ${car} left join ${pessoa} on ${pessoa.id} = ${car.pessoaId}
      left join ${organizacao} on ${organizacao.id} = ${car.organizacaoTitularId}
    where ${and(...filtros)}`;
  const id = await criarLote(deps, ctx, {
    tipo: 'COBRANCAS',
    organizacaoId: e.organizacaoId ?? ctx.organizacaoId,
    parametros: e,
    itens,
  });
  return obterLote(deps.db, ctx, id, ACESSO_COBRANCAS_LOTE);
}

/**
 * Charges receivables another module has just generated (a concession's installments), on its
 * user's request: a COBRANCAS batch of those receivables, worked like any other. Ask
 * `exigirCobranca` first, before generating them.
 */
export async function cobrarContasGeradas(
  deps: Deps,
  ctx: Contexto,
  pedido: { organizacaoId: number; contaAReceberIds: number[]; forma: (typeof FORMAS_COBRANCA)[number] },
): Promise<void> {
  if (!pedido.contaAReceberIds.length) return;
  const itens = sql`select ${car.id} as referencia_id, coalesce(${car.descricao}, '') as descricao
    from ${car} where ${inArray(car.id, pedido.contaAReceberIds)}`;
  await criarLote(deps, ctx, {
    tipo: 'COBRANCAS',
    organizacaoId: pedido.organizacaoId,
    parametros: parametrosCobrancaLote.parse({ forma: pedido.forma }),
    itens,
  });
}

/** Whether the user may charge: asked before the receivables to charge are generated. */
export const exigirCobranca = (ctx: Contexto) => exigir(ctx, ACESSO_COBRANCA, 'C');

/** The screen's own list: the charges batches of the scope. */
export const listarLotesCobrancas = (deps: Deps, ctx: Contexto, q: ProcessamentoLoteListQuery) =>
  listarLotes(deps, ctx, { ...q, tipo: 'COBRANCAS' }, ACESSO_COBRANCAS_LOTE);
