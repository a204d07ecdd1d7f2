import { type DbOuTx, schema } from '@sig/db';
import { and, eq, inArray, isNull, like, sql } from 'drizzle-orm';
import { exigirConcessaoDoPerfil } from '../../platform/concessao.js';
import type { Contexto } from '../../platform/contexto.js';
import { AppError } from '../../platform/erros.js';
import { registrarAlteracao } from '../../platform/historico.js';

const { usuario, usuarioOrganizacao, organizacao, sessao } = schema;

/**
 * A person withdrawn from an organization (spec §4: "disconnecting a person also detaches them
 * from the organization") loses their user's access there, in the caller's transaction: the links
 * to that organization and to those below it go, and the sessions acting for them end at once.
 * Links elsewhere stay. A link goes only by whoever could have given it (the grant rule), and
 * nobody ends their own; each removal is in the organization's history, as an unlinking is.
 */
export async function encerrarAcessoNaOrganizacao(tx: DbOuTx, ctx: Contexto, pessoaId: number, organizacaoId: number) {
  const [u] = await tx.select({ id: usuario.id }).from(usuario).where(eq(usuario.pessoaId, pessoaId));
  if (!u) return;
  const subarvore = sql`(select ${organizacao.caminho} from ${organizacao} where ${organizacao.id} = ${organizacaoId}) || '%'`;
  const vinculos = await tx
    .select({ organizacaoId: usuarioOrganizacao.organizacaoId, perfilId: usuarioOrganizacao.perfilId })
    .from(usuarioOrganizacao)
    .innerJoin(organizacao, eq(organizacao.id, usuarioOrganizacao.organizacaoId))
    .where(and(eq(usuarioOrganizacao.usuarioId, u.id), like(organizacao.caminho, subarvore)))
    .for('update', { of: usuarioOrganizacao });
  if (!vinculos.length) return;
  if (u.id === ctx.usuarioId) throw new AppError('PERMISSAO_ACIMA_DA_PROPRIA');
  for (const v of vinculos) await exigirConcessaoDoPerfil(tx, ctx, v.perfilId, v.organizacaoId, 'pessoaId');
  const ids = vinculos.map((v) => v.organizacaoId);
  await tx
    .delete(usuarioOrganizacao)
    .where(and(eq(usuarioOrganizacao.usuarioId, u.id), inArray(usuarioOrganizacao.organizacaoId, ids)));
  await tx
    .update(sessao)
    .set({ revogadoEm: new Date() })
    .where(and(eq(sessao.usuarioId, u.id), inArray(sessao.organizacaoId, ids), isNull(sessao.revogadoEm)));
  const campo = `usuarios.${u.id}`;
  for (const v of vinculos)
    await registrarAlteracao(tx, ctx, 'organizacao', v.organizacaoId, { [campo]: v.perfilId }, { [campo]: null });
}
