import type { Paged, Subconta, SubcontaInput, SubcontaListQuery } from '@sig/contracts';
import { schema } from '@sig/db';
import { and, asc, desc, eq, isNull, lt, sql } from 'drizzle-orm';
import type { Contexto, Deps } from '../../platform/contexto.js';
import { AppError, naoEncontrado } from '../../platform/erros.js';
import { exigirNoEscopo, filtroOrganizacao } from '../../platform/escopo.js';
import { registrarAlteracao } from '../../platform/historico.js';
import { conferirWebhookDaSubconta } from './webhook-conta.js';

/**
 * Sub-accounts (spec §2 /subconta; asaas-contract "Sub-accounts"): one per organization that
 * receives money, created at the provider with the main account. The provider shows the key only
 * in that answer: it is encrypted at once into the organization's provider token, which the
 * charges of that organization then use; no answer ever carries it.
 */
export const ACESSO_SUBCONTA = 'Subconta';
const { subconta: sub, organizacao } = schema;

/** A creation left without the provider's answer this long (a stopped process) may be tried again. */
const RESERVA_MS = 2 * 60_000;

const selecao = {
  id: sub.id,
  organizacaoId: sub.organizacaoId,
  organizacaoNome: organizacao.nomeFantasia,
  provedorId: sub.provedorId,
  walletId: sub.walletId,
  nome: sub.nome,
  email: sub.email,
  cpfCnpj: sub.cpfCnpj,
  criadoEm: sub.criadoEm,
};
const paraSubconta = (l: { criadoEm: Date } & Omit<Subconta, 'criadoEm'>): Subconta => ({
  ...l,
  criadoEm: l.criadoEm.toISOString(),
});
const consulta = (deps: Deps) =>
  deps.db.select(selecao).from(sub).innerJoin(organizacao, eq(organizacao.id, sub.organizacaoId));

export async function listarSubcontas(deps: Deps, ctx: Contexto, q: SubcontaListQuery): Promise<Paged<Subconta>> {
  const onde = filtroOrganizacao(ctx, ACESSO_SUBCONTA, sub.organizacaoId);
  const coluna = q.ordenarPor === 'nome' ? sub.nome : sub.criadoEm;
  const [linhas, [contagem]] = await Promise.all([
    consulta(deps)
      .where(onde)
      .orderBy(q.ordem === 'desc' ? desc(coluna) : asc(coluna), asc(sub.id))
      .limit(q.quantidade)
      .offset((q.pagina - 1) * q.quantidade),
    deps.db.select({ total: sql<number>`count(*)::int` }).from(sub).where(onde),
  ]);
  return { itens: linhas.map(paraSubconta), total: contagem?.total ?? 0, pagina: q.pagina, quantidade: q.quantidade };
}

export async function obterSubconta(deps: Deps, ctx: Contexto, id: number): Promise<Subconta> {
  const [l] = await consulta(deps).where(
    and(eq(sub.id, id), filtroOrganizacao(ctx, ACESSO_SUBCONTA, sub.organizacaoId)),
  );
  if (!l) throw naoEncontrado();
  return paraSubconta(l);
}

/** Reserves the organization's row, calls the provider outside any transaction, then stores the answer. */
export async function criarSubconta(deps: Deps, ctx: Contexto, e: SubcontaInput): Promise<Subconta> {
  await exigirNoEscopo(deps.db, ctx, ACESSO_SUBCONTA, e.organizacaoId);
  const dados = { ...e, criadoPor: ctx.usuarioId };
  const id = await deps.db.transaction(async (tx) => {
    await tx
      .delete(sub)
      .where(
        and(
          eq(sub.organizacaoId, e.organizacaoId),
          isNull(sub.provedorId),
          lt(sub.criadoEm, new Date(Date.now() - RESERVA_MS)),
        ),
      );
    const [novo] = await tx.insert(sub).values(dados).onConflictDoNothing().returning({ id: sub.id });
    if (!novo) throw new AppError('SUBCONTA_EXISTENTE');
    return novo.id;
  });
  let criada: Awaited<ReturnType<Deps['pagamentos']['provedor']['criarSubconta']>>;
  try {
    criada = await deps.pagamentos.provedor.criarSubconta({
      ...e,
      complemento: e.complemento ?? undefined,
    });
  } catch (erro) {
    await deps.db.delete(sub).where(eq(sub.id, id));
    throw erro;
  }
  await deps.db.transaction(async (tx) => {
    await tx.update(sub).set({ provedorId: criada.id, walletId: criada.walletId }).where(eq(sub.id, id));
    await tx
      .update(organizacao)
      .set({ tokenAsaasCifrado: deps.cofre.cifrar(criada.chaveApi) })
      .where(eq(organizacao.id, e.organizacaoId));
    // The history says the token changed, never what it is.
    await registrarAlteracao(tx, ctx, 'organizacao', e.organizacaoId, { subconta: null }, { subconta: criada.id });
  });
  // Its payments are heard only through a webhook of its own; a failure here is kept on the row
  // (an exception the treasurer sees) and retried by the reconciliation.
  await conferirWebhookDaSubconta(deps, id);
  return obterSubconta(deps, ctx, id);
}
