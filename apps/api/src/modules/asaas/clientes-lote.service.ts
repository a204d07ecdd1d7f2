import type { ClientesAsaasLoteInput, ProcessamentoLote, ProcessamentoLoteListQuery } from '@sig/contracts';
import { schema } from '@sig/db';
import { and, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { Contexto, Deps } from '../../platform/contexto.js';
import { entreOrganizacoes, filtroOrganizacao, organizacoesEscolhidas } from '../../platform/escopo.js';
import { nomeCompletoPessoa } from '../../platform/sql.js';
import { criarLote, listarLotes, obterLote } from '../processamento-lote/index.js';

/**
 * Spec §2 /clientes-asaas-lote: the people of an organization (and those below it) and/or chosen
 * by id become customers at the provider, through a CLIENTES_ASAAS batch. The batch belongs to
 * the chosen organization (its provider account), or to the user's.
 */
export const ACESSO_CLIENTES_LOTE = 'ClientesAsaasLote';
const { pessoa } = schema;

export async function criarLoteClientes(
  deps: Deps,
  ctx: Contexto,
  e: ClientesAsaasLoteInput,
): Promise<ProcessamentoLote> {
  const acesso = ACESSO_CLIENTES_LOTE;
  const filtros: SQL[] = [isNull(pessoa.excluidoEm), filtroOrganizacao(ctx, acesso, pessoa.organizacaoId)];
  if (e.organizacaoId) {
    const ids = await organizacoesEscolhidas(deps, ctx, acesso, e.organizacaoId, !e.incluirSubarvore);
    filtros.push(entreOrganizacoes(pessoa.organizacaoId, ids));
  }
  if (e.pessoaIds) {
    // The reference rule has refused before this any chosen person outside the scope (400).
    filtros.push(inArray(pessoa.id, e.pessoaIds));
  }
  const itens = sql`select ${pessoa.id} as referencia_id, ${nomeCompletoPessoa} as descricao
    from ${pessoa} where ${and(...filtros)}`;
  const id = await criarLote(deps, ctx, {
    tipo: 'CLIENTES_ASAAS',
    organizacaoId: e.organizacaoId ?? ctx.organizacaoId,
    parametros: e,
    itens,
  });
  return obterLote(deps.db, ctx, id, acesso);
}

/** The screen's own list: the customer batches of the scope. */
export const listarLotesClientes = (deps: Deps, ctx: Contexto, q: ProcessamentoLoteListQuery) =>
  listarLotes(deps, ctx, { ...q, tipo: 'CLIENTES_ASAAS' }, ACESSO_CLIENTES_LOTE);
