import type {
  ContaUsuarioLida,
  ContaUsuarioPessoa,
  SelectOpcao,
  UsuarioLinha,
  UsuarioListQuery,
  UsuarioPagina,
  UsuarioResumo,
  VinculoUsuario,
  VinculoUsuarioInput,
} from '@sig/contracts';
import { hojeNoBrasil } from '@sig/contracts';
import { type DbOuTx, schema } from '@sig/db';
import { tradutor } from '@sig/i18n';
import { and, asc, desc, eq, gt, isNull, ne, type SQL, sql } from 'drizzle-orm';
import { exigirConcessaoDoPerfil } from '../../platform/concessao.js';
import type { Contexto, Deps } from '../../platform/contexto.js';
import { hashSenha } from '../../platform/cripto.js';
import { AppError, erroDeCampo, naoEncontrado } from '../../platform/erros.js';
import { filtroOrganizacao } from '../../platform/escopo.js';
import { arquivoExportacao, type ColunaArquivo, type FormatoArquivo } from '../../platform/exportacao.js';
import { registrarAlteracao } from '../../platform/historico.js';
import { contemSemAcento, nomeCompletoPessoa } from '../../platform/sql.js';
import { gravarVinculo, removerVinculo } from './vinculos.js';

const acesso = 'Usuarios';
const ACESSO_PESSOA = 'Pessoa';
const LIMITE = 50;
const { usuario, pessoa, usuarioOrganizacao, perfil, sessao } = schema;

/**
 * Users linked to some organization of the scope, or whose person is of it (an account whose links
 * were all removed): the only ones a screen may pick or show, as the `usuarios` reference rule says.
 */
const noEscopo = (ctx: Contexto): SQL =>
  sql`(exists (select 1 from ${usuarioOrganizacao} where ${usuarioOrganizacao.usuarioId} = ${usuario.id} and ${filtroOrganizacao(
    ctx,
    acesso,
    usuarioOrganizacao.organizacaoId,
  )}) or ${filtroOrganizacao(ctx, acesso, pessoa.organizacaoId)})`;

export async function opcoes(deps: Deps, ctx: Contexto, busca?: string): Promise<SelectOpcao[]> {
  const linhas = await deps.db
    .select({ value: usuario.id, label: sql<string>`${nomeCompletoPessoa} || ' <' || ${usuario.email} || '>'` })
    .from(usuario)
    .innerJoin(pessoa, eq(pessoa.id, usuario.pessoaId))
    .where(
      and(
        eq(usuario.ativo, true),
        noEscopo(ctx),
        busca
          ? sql`(${contemSemAcento(nomeCompletoPessoa, busca)} or ${contemSemAcento(usuario.email, busca)})`
          : undefined,
      ),
    )
    .orderBy(asc(pessoa.nome), asc(usuario.id))
    .limit(LIMITE);
  return linhas;
}

export async function obter(deps: Deps, ctx: Contexto, id: number): Promise<UsuarioResumo> {
  const [u] = await deps.db
    .select({ id: usuario.id, nome: nomeCompletoPessoa, email: usuario.email })
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

// ---------------------------------------------------------------- the users screen

const { organizacao } = schema;
const LIMITE_EXPORTACAO = 100_000;
const LOTE_EXPORTACAO = 2_000;

/** The links of the row's user inside the reader's scope, as JSON (one query for the page). */
const vinculosNoEscopo = (ctx: Contexto) => sql<VinculoUsuario[]>`coalesce((
  select json_agg(json_build_object(
    'organizacaoId', o.id, 'organizacaoNome', o.nome_fantasia, 'perfilId', p.id, 'perfilNome', p.nome,
    'exige2FA', p.exige2_fa
  ) order by o.nome_fantasia, o.id)
  from ${usuarioOrganizacao} uo
  join ${organizacao} o on o.id = uo.organizacao_id
  join ${perfil} p on p.id = uo.perfil_id
  where uo.usuario_id = ${usuario.id} and ${filtroOrganizacao(ctx, acesso, sql`uo.organizacao_id`)}), '[]'::json)`;

const colunasLinha = (ctx: Contexto) => ({
  id: usuario.id,
  nome: nomeCompletoPessoa,
  email: usuario.email,
  ativo: usuario.ativo,
  totpAtivo: usuario.totpAtivo,
  ultimoAcessoEm: usuario.ultimoAcessoEm,
  vinculos: vinculosNoEscopo(ctx),
});

type Filtros = Omit<UsuarioListQuery, 'pagina' | 'quantidade' | 'ordem' | 'ordenarPor'>;

function condicoes(ctx: Contexto, q: Filtros): SQL | undefined {
  const comVinculo = (onde: SQL) =>
    sql`exists (select 1 from ${usuarioOrganizacao} where ${usuarioOrganizacao.usuarioId} = ${usuario.id} and ${onde} and ${filtroOrganizacao(
      ctx,
      acesso,
      usuarioOrganizacao.organizacaoId,
    )})`;
  return and(
    noEscopo(ctx),
    q.busca
      ? sql`(${contemSemAcento(nomeCompletoPessoa, q.busca)} or ${contemSemAcento(usuario.email, q.busca)})`
      : undefined,
    q.ativo === undefined ? undefined : eq(usuario.ativo, q.ativo),
    q.organizacaoId ? comVinculo(eq(usuarioOrganizacao.organizacaoId, q.organizacaoId)) : undefined,
    q.perfilId ? comVinculo(eq(usuarioOrganizacao.perfilId, q.perfilId)) : undefined,
  );
}

const paraLinha = (l: Omit<UsuarioLinha, 'ultimoAcessoEm'> & { ultimoAcessoEm: Date | null }): UsuarioLinha => ({
  ...l,
  ultimoAcessoEm: l.ultimoAcessoEm?.toISOString() ?? null,
});

export async function listar(deps: Deps, ctx: Contexto, q: UsuarioListQuery): Promise<UsuarioPagina> {
  const onde = condicoes(ctx, q);
  const direcao = q.ordem === 'desc' ? desc : asc;
  const ordem =
    q.ordenarPor === 'email'
      ? [direcao(sql`lower(${usuario.email})`)]
      : q.ordenarPor === 'ultimoAcessoEm'
        ? [
            q.ordem === 'desc'
              ? sql`${usuario.ultimoAcessoEm} desc nulls last`
              : sql`${usuario.ultimoAcessoEm} asc nulls first`,
          ]
        : [direcao(sql`lower(${nomeCompletoPessoa})`)];
  const [linhas, [contagem]] = await Promise.all([
    deps.db
      .select(colunasLinha(ctx))
      .from(usuario)
      .innerJoin(pessoa, eq(pessoa.id, usuario.pessoaId))
      .where(onde)
      .orderBy(...ordem, direcao(usuario.id))
      .limit(q.quantidade)
      .offset((q.pagina - 1) * q.quantidade),
    deps.db
      .select({ n: sql<number>`count(*)::int` })
      .from(usuario)
      .innerJoin(pessoa, eq(pessoa.id, usuario.pessoaId))
      .where(onde),
  ]);
  return { itens: linhas.map(paraLinha), total: contagem?.n ?? 0, pagina: q.pagina, quantidade: q.quantidade };
}

const COLUNAS_EXPORTACAO = ['id', 'nome', 'email', 'ativo', 'vinculos', 'ultimoAcessoEm'] as const;
const TIPOS_EXPORTACAO: Partial<Record<(typeof COLUNAS_EXPORTACAO)[number], Omit<ColunaArquivo, 'titulo'>>> = {
  id: { tipo: 'numero' },
  ativo: { tipo: 'simNao' },
  ultimoAcessoEm: { tipo: 'dataHora' },
};

export function exportar(
  deps: Deps,
  ctx: Contexto,
  q: Filtros,
  formato: FormatoArquivo,
  origem: { ip: string; userAgent: string | null; rota: string },
) {
  deps.auditoria.exportacao(ctx, acesso, origem);
  const t = tradutor(ctx.idioma);
  const colunas = COLUNAS_EXPORTACAO.map(
    (c): ColunaArquivo => ({ titulo: t(`campos:${c}`, { defaultValue: c }), ...TIPOS_EXPORTACAO[c] }),
  );
  const onde = condicoes(ctx, q);
  async function* lotes(): AsyncGenerator<unknown[][]> {
    let depois = 0;
    for (let enviadas = 0; enviadas < LIMITE_EXPORTACAO; ) {
      const linhas = (
        await deps.db
          .select(colunasLinha(ctx))
          .from(usuario)
          .innerJoin(pessoa, eq(pessoa.id, usuario.pessoaId))
          .where(and(onde, gt(usuario.id, depois)))
          .orderBy(usuario.id)
          .limit(LOTE_EXPORTACAO)
      ).map(paraLinha);
      if (!linhas.length) return;
      yield linhas.map((l) => [
        l.id,
        l.nome,
        l.email,
        l.ativo,
        l.vinculos.map((v) => `${v.organizacaoNome}: ${v.perfilNome}`).join('; '),
        l.ultimoAcessoEm,
      ]);
      enviadas += linhas.length;
      depois = linhas[linhas.length - 1]!.id;
      if (linhas.length < LOTE_EXPORTACAO) return;
    }
  }
  return {
    nomeArquivo: `usuarios-${hojeNoBrasil()}.${formato}`,
    conteudo: arquivoExportacao(formato, {
      titulo: t('menu:acessos.Usuarios'),
      idioma: ctx.idioma,
      colunas,
      lotes: lotes(),
    }),
  };
}

/** One user of the screen's scope, for a change (locked), else not found. */
async function usuarioNoEscopo(tx: DbOuTx, ctx: Contexto, id: number) {
  const [u] = await tx
    .select({ id: usuario.id, email: usuario.email, ativo: usuario.ativo, pessoaId: usuario.pessoaId })
    .from(usuario)
    .innerJoin(pessoa, eq(pessoa.id, usuario.pessoaId))
    .where(and(eq(usuario.id, id), noEscopo(ctx)))
    .for('update', { of: usuario });
  if (!u) throw naoEncontrado();
  return u;
}

/**
 * A change to the account itself (turning sign-in off or on, a password reset) reaches every link
 * it has: not one's own, every link inside the writer's scope, and each one a profile the writer
 * could have given there (the grant rule). Otherwise a secretary could lock out or take over the
 * treasurer, or a user of another synod.
 */
async function exigirUsuarioAoAlcance(tx: DbOuTx, ctx: Contexto, u: { id: number }) {
  if (u.id === ctx.usuarioId) throw new AppError('CONTA_PROPRIA');
  if (ctx.permissoes.administrador) return;
  const vinculos = await tx
    .select({
      organizacaoId: usuarioOrganizacao.organizacaoId,
      perfilId: usuarioOrganizacao.perfilId,
      noEscopo: filtroOrganizacao(ctx, acesso, usuarioOrganizacao.organizacaoId),
    })
    .from(usuarioOrganizacao)
    .where(eq(usuarioOrganizacao.usuarioId, u.id));
  if (vinculos.some((v) => !v.noEscopo)) throw new AppError('CONTA_PROTEGIDA');
  for (const v of vinculos) await exigirConcessaoDoPerfil(tx, ctx, v.perfilId, v.organizacaoId, 'id');
}

async function linhaDoUsuario(db: DbOuTx, ctx: Contexto, id: number): Promise<UsuarioLinha> {
  const [l] = await db
    .select(colunasLinha(ctx))
    .from(usuario)
    .innerJoin(pessoa, eq(pessoa.id, usuario.pessoaId))
    .where(eq(usuario.id, id));
  if (!l) throw naoEncontrado();
  return paraLinha(l);
}

/** Links the user to an organization of the scope (checked by the reference rule) with a profile. */
export async function vincular(deps: Deps, ctx: Contexto, id: number, e: VinculoUsuarioInput): Promise<UsuarioLinha> {
  return deps.db.transaction(async (tx) => {
    await usuarioNoEscopo(tx, ctx, id);
    await gravarVinculo(tx, ctx, { usuarioId: id, organizacaoId: e.organizacaoId, perfilId: e.perfilId });
    return linhaDoUsuario(tx, ctx, id);
  });
}

export async function desvincular(deps: Deps, ctx: Contexto, id: number, organizacaoId: number): Promise<UsuarioLinha> {
  return deps.db.transaction(async (tx) => {
    await usuarioNoEscopo(tx, ctx, id);
    const [org] = await tx
      .select({ id: organizacao.id })
      .from(organizacao)
      .where(and(eq(organizacao.id, organizacaoId), filtroOrganizacao(ctx, acesso, organizacao.id)));
    if (!org) throw naoEncontrado();
    await removerVinculo(tx, ctx, id, organizacaoId);
    return linhaDoUsuario(tx, ctx, id);
  });
}

/** Turns the user's sign-in off (every session ends at once) or back on. */
export async function mudarSituacao(deps: Deps, ctx: Contexto, id: number, ativo: boolean): Promise<UsuarioLinha> {
  return deps.db.transaction(async (tx) => {
    const u = await usuarioNoEscopo(tx, ctx, id);
    await exigirUsuarioAoAlcance(tx, ctx, u);
    if (u.ativo !== ativo) {
      await tx.update(usuario).set({ ativo }).where(eq(usuario.id, id));
      if (!ativo) await revogarSessoes(tx, id);
      // The account is kept on the person's record, so is its history.
      await registrarAlteracao(tx, ctx, 'pessoa', u.pessoaId, { 'usuario.ativo': u.ativo }, { 'usuario.ativo': ativo });
    }
    return linhaDoUsuario(tx, ctx, id);
  });
}

/**
 * Whom a password reset goes to: a user the writer reaches whole, whose account is on (a disabled
 * one gets none). The route sends it as "forgot my password" does (kept there: the sign-in module
 * reads the people module, which reads this one).
 */
export async function destinoDaRedefinicao(deps: Deps, ctx: Contexto, id: number): Promise<string> {
  return deps.db.transaction(async (tx) => {
    const u = await usuarioNoEscopo(tx, ctx, id);
    await exigirUsuarioAoAlcance(tx, ctx, u);
    if (!u.ativo) throw new AppError('USUARIO_INATIVO');
    return u.email.toLowerCase();
  });
}
