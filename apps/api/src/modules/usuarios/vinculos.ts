import { type DbOuTx, schema } from '@sig/db';
import { and, eq, isNull } from 'drizzle-orm';
import { exigirConcessaoDoPerfil } from '../../platform/concessao.js';
import type { Contexto } from '../../platform/contexto.js';
import { AppError, naoEncontrado } from '../../platform/erros.js';
import { registrarAlteracao } from '../../platform/historico.js';

const { usuarioOrganizacao, sessao } = schema;
/** Links are recorded in the organization's history, whichever screen writes them. */
const ENTIDADE = 'organizacao';
const campoHistorico = (usuarioId: number) => `usuarios.${usuarioId}`;

async function vinculoAtual(tx: DbOuTx, usuarioId: number, organizacaoId: number) {
  const [v] = await tx
    .select({ perfilId: usuarioOrganizacao.perfilId })
    .from(usuarioOrganizacao)
    .where(and(eq(usuarioOrganizacao.usuarioId, usuarioId), eq(usuarioOrganizacao.organizacaoId, organizacaoId)))
    .for('update');
  return v;
}

/**
 * Nobody changes their own links, and a link is changed or removed only by whoever could have
 * given it (the grant rule): a secretary neither demotes the treasurer nor the administrator.
 */
async function exigirVinculoAoAlcance(
  tx: DbOuTx,
  ctx: Contexto,
  usuarioId: number,
  organizacaoId: number,
  existente: { perfilId: number } | undefined,
  campo: string,
) {
  if (ctx.permissoes.administrador) return;
  if (usuarioId === ctx.usuarioId) throw new AppError('PERMISSAO_ACIMA_DA_PROPRIA');
  if (existente) await exigirConcessaoDoPerfil(tx, ctx, existente.perfilId, organizacaoId, campo);
}

/**
 * Links a user to an organization with a profile, or changes the profile of the link, in the
 * caller's transaction (the caller has checked the organization is in its scope). Every path that
 * links a user comes here, so the grant rule holds for all of them.
 */
export async function gravarVinculo(
  tx: DbOuTx,
  ctx: Contexto,
  e: { usuarioId: number; organizacaoId: number; perfilId: number },
  campoUsuario = 'usuarioId',
) {
  const existente = await vinculoAtual(tx, e.usuarioId, e.organizacaoId);
  await exigirVinculoAoAlcance(tx, ctx, e.usuarioId, e.organizacaoId, existente, campoUsuario);
  await exigirConcessaoDoPerfil(tx, ctx, e.perfilId, e.organizacaoId);
  if (existente) {
    await tx
      .update(usuarioOrganizacao)
      .set({ perfilId: e.perfilId })
      .where(and(eq(usuarioOrganizacao.usuarioId, e.usuarioId), eq(usuarioOrganizacao.organizacaoId, e.organizacaoId)));
    // Open sessions acting for this organization take the new profile at once.
    await tx
      .update(sessao)
      .set({ perfilId: e.perfilId })
      .where(
        and(eq(sessao.usuarioId, e.usuarioId), eq(sessao.organizacaoId, e.organizacaoId), isNull(sessao.revogadoEm)),
      );
  } else {
    const [outro] = await tx
      .select({ id: usuarioOrganizacao.organizacaoId })
      .from(usuarioOrganizacao)
      .where(eq(usuarioOrganizacao.usuarioId, e.usuarioId))
      .limit(1);
    await tx
      .insert(usuarioOrganizacao)
      .values({ usuarioId: e.usuarioId, organizacaoId: e.organizacaoId, perfilId: e.perfilId, padrao: !outro });
  }
  const campo = campoHistorico(e.usuarioId);
  await registrarAlteracao(
    tx,
    ctx,
    ENTIDADE,
    e.organizacaoId,
    { [campo]: existente?.perfilId ?? null },
    { [campo]: e.perfilId },
  );
}

/** Removes a user's link to an organization (the caller has checked its scope); its sessions there end. */
export async function removerVinculo(
  tx: DbOuTx,
  ctx: Contexto,
  usuarioId: number,
  organizacaoId: number,
  campoUsuario = 'usuarioId',
) {
  const existente = await vinculoAtual(tx, usuarioId, organizacaoId);
  if (!existente) throw naoEncontrado();
  await exigirVinculoAoAlcance(tx, ctx, usuarioId, organizacaoId, existente, campoUsuario);
  await tx
    .delete(usuarioOrganizacao)
    .where(and(eq(usuarioOrganizacao.usuarioId, usuarioId), eq(usuarioOrganizacao.organizacaoId, organizacaoId)));
  await tx
    .update(sessao)
    .set({ revogadoEm: new Date() })
    .where(and(eq(sessao.usuarioId, usuarioId), eq(sessao.organizacaoId, organizacaoId), isNull(sessao.revogadoEm)));
  const campo = campoHistorico(usuarioId);
  await registrarAlteracao(tx, ctx, ENTIDADE, organizacaoId, { [campo]: existente.perfilId }, { [campo]: null });
}
