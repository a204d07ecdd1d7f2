import type { ContaUsuarioLida, ContaUsuarioPessoa, SelectOpcao, UsuarioResumo } from '@sig/contracts';
import { type DbOuTx, schema } from '@sig/db';
import { and, asc, eq, exists, isNull, ne, type SQL, sql } from 'drizzle-orm';
import { exigirConcessaoDoPerfil } from '../../platform/concessao.js';
import type { Contexto, Deps } from '../../platform/contexto.js';
import { hashSenha } from '../../platform/cripto.js';
import { AppError, erroDeCampo, naoEncontrado } from '../../platform/erros.js';
import { filtroOrganizacao } from '../../platform/escopo.js';
import { contemSemAcento } from '../../platform/sql.js';

const acesso = 'Usuarios';
const ACESSO_PESSOA = 'Pessoa';
const LIMITE = 50;
const { usuario, pessoa, usuarioOrganizacao, perfil, sessao } = schema;

const nomeCompleto = sql<string>`trim(${pessoa.nome} || ' ' || ${pessoa.sobrenome})`;

/** Users linked to some organization of the scope: the only ones a screen may pick or show. */
const noEscopo = (ctx: Contexto): SQL =>
  exists(
    sql`(select 1 from ${usuarioOrganizacao} where ${usuarioOrganizacao.usuarioId} = ${usuario.id} and ${filtroOrganizacao(
      ctx,
      acesso,
      usuarioOrganizacao.organizacaoId,
    )})`,
  );

export async function opcoes(deps: Deps, ctx: Contexto, busca?: string): Promise<SelectOpcao[]> {
  const linhas = await deps.db
    .select({ value: usuario.id, label: sql<string>`${nomeCompleto} || ' <' || ${usuario.email} || '>'` })
    .from(usuario)
    .innerJoin(pessoa, eq(pessoa.id, usuario.pessoaId))
    .where(
      and(
        eq(usuario.ativo, true),
        noEscopo(ctx),
        busca ? sql`(${contemSemAcento(nomeCompleto, busca)} or ${contemSemAcento(usuario.email, busca)})` : undefined,
      ),
    )
    .orderBy(asc(pessoa.nome), asc(usuario.id))
    .limit(LIMITE);
  return linhas;
}

export async function obter(deps: Deps, ctx: Contexto, id: number): Promise<UsuarioResumo> {
  const [u] = await deps.db
    .select({ id: usuario.id, nome: nomeCompleto, email: usuario.email })
    .from(usuario)
    .innerJoin(pessoa, eq(pessoa.id, usuario.pessoaId))
    .where(and(eq(usuario.id, id), noEscopo(ctx)));
  if (!u) throw naoEncontrado();
  return u;
}

// ---------------------------------------------------------------- the person's account

/** The account of a person as their record shows it (never the password). */
export async function contaDaPessoa(db: DbOuTx, pessoaId: number): Promise<ContaUsuarioLida> {
  const [u] = await db
    .select({ id: usuario.id, email: usuario.email, trocarSenha: usuario.trocarSenha, ativo: usuario.ativo })
    .from(usuario)
    .where(eq(usuario.pessoaId, pessoaId));
  return u ?? null;
}

/**
 * An account may be changed from the person form only when nothing about it lies beyond the
 * editor: not one's own (that is the account page, with the current password), and, unless the
 * editor is the administrator, every link of it inside the editor's scope and with the profile
 * given to new members. Otherwise a secretary could take over the treasurer's login.
 */
async function exigirContaAoAlcance(tx: DbOuTx, ctx: Contexto, usuarioId: number, pessoaId: number) {
  if (pessoaId === ctx.pessoaId) throw new AppError('CONTA_PROPRIA');
  if (ctx.permissoes.administrador) return;
  const vinculos = await tx
    .select({
      organizacaoId: usuarioOrganizacao.organizacaoId,
      perfilId: usuarioOrganizacao.perfilId,
      aoAlcance: sql<boolean>`${perfil.padraoCadastro} and ${filtroOrganizacao(ctx, ACESSO_PESSOA, usuarioOrganizacao.organizacaoId)}`,
    })
    .from(usuarioOrganizacao)
    .innerJoin(perfil, eq(perfil.id, usuarioOrganizacao.perfilId))
    .where(eq(usuarioOrganizacao.usuarioId, usuarioId));
  if (vinculos.some((v) => !v.aoAlcance)) throw new AppError('CONTA_PROTEGIDA');
  // Whoever sets the password or turns the account back on holds its rights: only rights they could grant.
  for (const v of vinculos) await exigirConcessaoDoPerfil(tx, ctx, v.perfilId, v.organizacaoId, 'usuario');
}

const revogarSessoes = (tx: DbOuTx, usuarioId: number) =>
  tx
    .update(sessao)
    .set({ revogadoEm: new Date() })
    .where(and(eq(sessao.usuarioId, usuarioId), isNull(sessao.revogadoEm)));

/**
 * Creates or updates the person's user account (spec §3 user fields). A new account acts for the
 * person's organization with the profile given to new members; more links and profiles are the
 * organization's "users" tab. A new password, or disabling the account, ends its sessions.
 * `conta` undefined leaves the account alone; null leaves it too (accounts are never deleted here).
 */
export async function salvarContaDaPessoa(
  tx: DbOuTx,
  ctx: Contexto,
  pessoaId: number,
  organizacaoId: number,
  conta: ContaUsuarioPessoa | null | undefined,
): Promise<{ antes: ContaUsuarioLida; depois: ContaUsuarioLida }> {
  const antes = await contaDaPessoa(tx, pessoaId);
  if (!conta) return { antes, depois: antes };
  const [outro] = await tx
    .select({ id: usuario.id })
    .from(usuario)
    .where(and(sql`lower(${usuario.email}) = ${conta.email}`, antes ? ne(usuario.id, antes.id) : undefined));
  if (outro)
    throw new AppError('EMAIL_JA_CADASTRADO', {}, [{ campo: 'usuario.email', mensagem: 'erros:EMAIL_JA_CADASTRADO' }]);
  if (!antes) {
    if (!conta.senha) throw erroDeCampo('usuario.senha', 'obrigatorio');
    const [padrao] = await tx
      .select({ id: perfil.id })
      .from(perfil)
      .where(and(eq(perfil.padraoCadastro, true), eq(perfil.ativo, true), isNull(perfil.excluidoEm)))
      .limit(1);
    if (!padrao) throw new AppError('SEM_PERFIL_PADRAO');
    await exigirConcessaoDoPerfil(tx, ctx, padrao.id, organizacaoId, 'usuario');
    const [novo] = await tx
      .insert(usuario)
      .values({
        pessoaId,
        email: conta.email,
        senhaHash: await hashSenha(conta.senha),
        trocarSenha: conta.trocarSenha,
        ativo: conta.ativo,
      })
      .returning({ id: usuario.id });
    await tx
      .insert(usuarioOrganizacao)
      .values({ usuarioId: novo!.id, organizacaoId, perfilId: padrao.id, padrao: true });
    return { antes, depois: await contaDaPessoa(tx, pessoaId) };
  }
  const mudou =
    conta.email !== antes.email ||
    conta.trocarSenha !== antes.trocarSenha ||
    conta.ativo !== antes.ativo ||
    !!conta.senha;
  if (!mudou) return { antes, depois: antes };
  await exigirContaAoAlcance(tx, ctx, antes.id, pessoaId);
  await tx
    .update(usuario)
    .set({
      email: conta.email,
      trocarSenha: conta.trocarSenha,
      ativo: conta.ativo,
      ...(conta.senha ? { senhaHash: await hashSenha(conta.senha), senhaAlteradaEm: new Date() } : {}),
    })
    .where(eq(usuario.id, antes.id));
  if (conta.senha || !conta.ativo) await revogarSessoes(tx, antes.id);
  return { antes, depois: await contaDaPessoa(tx, pessoaId) };
}
