import {
  ACESSO_POR_ID,
  type Paged,
  PERFIL_ADMINISTRADOR,
  type Perfil,
  type PerfilInput,
  type PerfilListQuery,
  type PerfilResumo,
  type PermissaoCampo,
  type PermissaoTela,
  type SelectOpcao,
} from '@sig/contracts';
import { type Db, type DbOuTx, schema } from '@sig/db';
import { and, asc, desc, eq, isNull, ne, sql } from 'drizzle-orm';
import { concessaoDe, excessosDaConcessao, exigirSemExcessos } from '../../platform/concessao.js';
import type { Contexto, Deps } from '../../platform/contexto.js';
import { AppError, naoEncontrado } from '../../platform/erros.js';
import { registrarAlteracao } from '../../platform/historico.js';
import { exigir } from '../../platform/permissoes.js';
import { contemSemAcento, erroPg, VIOLACAO_UNICA } from '../../platform/sql.js';
import { chaveDoNome } from './nome-perfil.js';

/**
 * Profiles are global (one catalogue for the whole church), so no organization scope here;
 * what protects them is the grant rule: nobody but the administrator grants more than they hold.
 */

const { perfil, perfilPermissao, perfilCampo, usuarioOrganizacao } = schema;

const FLAGS = ['listar', 'visualizar', 'criar', 'atualizar', 'excluir'] as const;
type Flag = (typeof FLAGS)[number];
type Tela = Pick<PermissaoTela, Flag | 'somentePropriaOrganizacao'>;

const naoExcluido = isNull(perfil.excluidoEm);
const CHAVE_ADMINISTRADOR = chaveDoNome(PERFIL_ADMINISTRADOR);
/** The administrator's name or one a reader would take for it (a homoglyph, full-width letters…). */
const ehNomeAdministrador = (nome: string) => chaveDoNome(nome) === CHAVE_ADMINISTRADOR;

const colunasResumo = {
  id: perfil.id,
  nome: perfil.nome,
  descricao: perfil.descricao,
  ativo: perfil.ativo,
  administrador: sql<boolean>`${perfil.nome} = ${PERFIL_ADMINISTRADOR}`,
  quantidadeUsuarios: sql<number>`(select count(distinct ${usuarioOrganizacao.usuarioId})::int from ${usuarioOrganizacao} where ${usuarioOrganizacao.perfilId} = ${perfil.id})`,
};

const temAlguma = (t: Tela | undefined) => !!t && FLAGS.some((f) => t[f]);

export async function listar(deps: Deps): Promise<PerfilResumo[]> {
  return deps.db
    .select(colunasResumo)
    .from(perfil)
    .where(naoExcluido)
    .orderBy(asc(sql`lower(${perfil.nome})`));
}

export async function paginado(deps: Deps, q: PerfilListQuery): Promise<Paged<PerfilResumo>> {
  const filtro = and(
    naoExcluido,
    q.nome ? contemSemAcento(perfil.nome, q.nome) : undefined,
    q.ativo === undefined ? undefined : eq(perfil.ativo, q.ativo),
  );
  const direcao = q.ordem === 'desc' ? desc : asc;
  const coluna = q.ordenarPor === 'id' ? perfil.id : sql`lower(${perfil.nome})`;
  const [itens, [contagem]] = await Promise.all([
    deps.db
      .select(colunasResumo)
      .from(perfil)
      .where(filtro)
      .orderBy(direcao(coluna), direcao(perfil.id))
      .limit(q.quantidade)
      .offset((q.pagina - 1) * q.quantidade),
    deps.db.select({ total: sql<number>`count(*)::int` }).from(perfil).where(filtro),
  ]);
  return { itens, total: contagem?.total ?? 0, pagina: q.pagina, quantidade: q.quantidade };
}

export async function opcoes(deps: Deps): Promise<SelectOpcao[]> {
  return deps.db
    .select({ value: perfil.id, label: perfil.nome })
    .from(perfil)
    .where(and(naoExcluido, eq(perfil.ativo, true)))
    .orderBy(asc(sql`lower(${perfil.nome})`));
}

/**
 * A profile with its screen and field rules in one round trip (the rules aggregated as JSON):
 * reading a profile is a hot path (benchmarked), and each query costs far more than its SQL.
 */
const colunasPerfil = {
  id: perfil.id,
  nome: perfil.nome,
  descricao: perfil.descricao,
  ativo: perfil.ativo,
  exige2FA: perfil.exige2FA,
  permissoes: sql<(Tela & { acesso: string })[]>`coalesce((
    select json_agg(json_build_object(
      'acesso', pp.acesso, 'listar', pp.listar, 'visualizar', pp.visualizar, 'criar', pp.criar,
      'atualizar', pp.atualizar, 'excluir', pp.excluir, 'somentePropriaOrganizacao', pp.somente_propria_organizacao
    ) order by pp.acesso)
    from ${perfilPermissao} pp where pp.perfil_id = ${perfil.id}), '[]'::json)`,
  campos: sql<PermissaoCampo[]>`coalesce((
    select json_agg(json_build_object(
      'acesso', pc.acesso, 'campo', pc.campo, 'visualizar', pc.visualizar, 'atualizar', pc.atualizar
    ) order by pc.acesso, pc.campo)
    from ${perfilCampo} pc where pc.perfil_id = ${perfil.id}), '[]'::json)`,
};

type LinhaPerfil = {
  id: number;
  nome: string;
  descricao: string | null;
  ativo: boolean;
  exige2FA: boolean;
  permissoes: (Tela & { acesso: string })[];
  campos: PermissaoCampo[];
};

const paraPerfil = (p: LinhaPerfil | undefined): Perfil => {
  if (!p) throw naoEncontrado();
  return {
    ...p,
    administrador: p.nome === PERFIL_ADMINISTRADOR,
    // A screen dropped from the catalogue keeps its old rows harmlessly; it is just not shown.
    permissoes: p.permissoes.filter((t) => ACESSO_POR_ID.has(t.acesso)),
  };
};

/** One profile with its rules; deleted or unknown reads as not found. */
async function carregar(db: DbOuTx, id: number, bloquear = false): Promise<Perfil> {
  const consulta = db
    .select(colunasPerfil)
    .from(perfil)
    .where(and(eq(perfil.id, id), naoExcluido));
  const [p] = bloquear ? await consulta.for('update') : await consulta;
  return paraPerfil(p);
}

const consultaPorId = (db: Db) =>
  db
    .select(colunasPerfil)
    .from(perfil)
    .where(and(eq(perfil.id, sql.placeholder('id')), naoExcluido))
    .prepare('perfil_por_id');
const preparadas = new WeakMap<Db, ReturnType<typeof consultaPorId>>();

/** Reads outside a transaction use a prepared statement (built once per database). */
async function carregarRapido(db: Db, id: number): Promise<Perfil> {
  let consulta = preparadas.get(db);
  if (!consulta) {
    consulta = consultaPorId(db);
    preparadas.set(db, consulta);
  }
  const [p] = await consulta.execute({ id });
  return paraPerfil(p);
}

export const obter = (deps: Deps, id: number) => carregarRapido(deps.db, id);

/** Spec §6 "permission load": the profile's name and only the screens it grants something on. */
export async function permissoesAcesso(deps: Deps, ctx: Contexto, id: number) {
  if (id !== ctx.perfilId) exigir(ctx, 'Perfil', 'R');
  const p = await carregarRapido(deps.db, id);
  if (!p.administrador) return { nome: p.nome, telas: p.permissoes.filter(temAlguma) };
  const telas = [...ACESSO_POR_ID.values()].map((a) => ({
    acesso: a.id,
    listar: a.acoes.includes('L'),
    visualizar: a.acoes.includes('R'),
    criar: a.acoes.includes('C'),
    atualizar: a.acoes.includes('U'),
    excluir: a.acoes.includes('D'),
    somentePropriaOrganizacao: false,
  }));
  return { nome: p.nome, telas };
}

type Regras = { permissoes: readonly (Tela & { acesso: string })[]; campos: readonly PermissaoCampo[] };

/**
 * The grant rule (platform/concessao.ts): what a write newly gives (compared with what the
 * profile had) must be within the writer's own rights, for screens, organization reach and field
 * rules alike. Profiles are linked anywhere, so the rights compared are the writer's where they act.
 */
function exigirSemExcesso(ctx: Contexto, anterior: Regras | null, novo: Regras) {
  const excessos = excessosDaConcessao(
    ctx,
    concessaoDe(novo.permissoes, novo.campos),
    ctx.organizacaoId,
    anterior && concessaoDe(anterior.permissoes, anterior.campos),
  );
  exigirSemExcessos(excessos, (e) => {
    if (e.tipo === 'tela') return `permissoes.${novo.permissoes.findIndex((t) => t.acesso === e.acesso)}.${e.flag}`;
    const i = e.tipo === 'campo' ? novo.campos.findIndex((c) => c.acesso === e.acesso && c.campo === e.campo) : -1;
    return i < 0 || e.tipo !== 'campo' ? 'campos' : `campos.${i}.${e.acao}`;
  });
}

const erroNome = (codigo: 'NOME_DUPLICADO' | 'PERFIL_ADMINISTRADOR_PROTEGIDO') =>
  new AppError(codigo, {}, [{ campo: 'nome', mensagem: `erros:${codigo}` }]);

/**
 * No other profile's name looks like this one (`chaveDoNome`). Profiles are few, so their names
 * are compared here; the transaction lock makes two writers of look-alike names take turns (the
 * unique index on lower(nome) only sees exact ones).
 */
async function exigirNomeLivre(db: DbOuTx, nome: string, ignorarId?: number) {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext('perfil.nome'))`);
  const outros = await db
    .select({ nome: perfil.nome })
    .from(perfil)
    .where(and(naoExcluido, ignorarId ? ne(perfil.id, ignorarId) : undefined));
  const chave = chaveDoNome(nome);
  if (outros.some((o) => chaveDoNome(o.nome) === chave)) throw erroNome('NOME_DUPLICADO');
}

/** Rows that grant nothing are not stored: "no row" already means "nothing" / "inherit". */
const normalizar = (e: PerfilInput) => ({
  permissoes: e.permissoes.filter(temAlguma).sort((a, b) => a.acesso.localeCompare(b.acesso)),
  campos: e.campos
    .filter((c) => c.visualizar !== null || c.atualizar !== null)
    .sort((a, b) => `${a.acesso}.${a.campo}`.localeCompare(`${b.acesso}.${b.campo}`)),
});

const paraHistorico = (p: Pick<Perfil, 'nome' | 'descricao' | 'ativo' | 'exige2FA' | 'permissoes' | 'campos'>) => ({
  nome: p.nome,
  descricao: p.descricao,
  ativo: p.ativo,
  exige2FA: p.exige2FA,
  permissoes: p.permissoes.filter(temAlguma),
  campos: p.campos,
});

async function gravarRegras(db: DbOuTx, perfilId: number, regras: ReturnType<typeof normalizar>) {
  await db.delete(perfilPermissao).where(eq(perfilPermissao.perfilId, perfilId));
  await db.delete(perfilCampo).where(eq(perfilCampo.perfilId, perfilId));
  if (regras.permissoes.length) {
    await db.insert(perfilPermissao).values(regras.permissoes.map((t) => ({ ...t, perfilId })));
  }
  if (regras.campos.length) await db.insert(perfilCampo).values(regras.campos.map((c) => ({ ...c, perfilId })));
}

/** The unique index on lower(nome) is the last word when two writers race past the check. */
function traduzirUnico(erro: unknown): never {
  if (erroPg(erro).code === VIOLACAO_UNICA) throw erroNome('NOME_DUPLICADO');
  throw erro;
}

export async function criar(deps: Deps, ctx: Contexto, entrada: PerfilInput): Promise<Perfil> {
  if (ehNomeAdministrador(entrada.nome)) throw erroNome('PERFIL_ADMINISTRADOR_PROTEGIDO');
  exigirSemExcesso(ctx, null, entrada);
  const regras = normalizar(entrada);
  return deps.db
    .transaction(async (tx) => {
      await exigirNomeLivre(tx, entrada.nome);
      const [novo] = await tx
        .insert(perfil)
        .values({ nome: entrada.nome, descricao: entrada.descricao, ativo: entrada.ativo, exige2FA: entrada.exige2FA })
        .returning({ id: perfil.id });
      await gravarRegras(tx, novo!.id, regras);
      const criado = await carregar(tx, novo!.id);
      await registrarAlteracao(tx, ctx, 'perfil', criado.id, null, paraHistorico(criado));
      return criado;
    })
    .catch(traduzirUnico);
}

export async function atualizar(deps: Deps, ctx: Contexto, id: number, entrada: PerfilInput): Promise<Perfil> {
  return deps.db
    .transaction(async (tx) => {
      const anterior = await carregar(tx, id, true);
      if (anterior.administrador) throw new AppError('PERFIL_ADMINISTRADOR_PROTEGIDO');
      // Editing the profile one acts with would let anyone widen their own rights.
      if (!ctx.permissoes.administrador && id === ctx.perfilId) throw new AppError('PERMISSAO_ACIMA_DA_PROPRIA');
      if (ehNomeAdministrador(entrada.nome)) throw erroNome('PERFIL_ADMINISTRADOR_PROTEGIDO');
      exigirSemExcesso(ctx, anterior, entrada);
      await exigirNomeLivre(tx, entrada.nome, id);
      await tx
        .update(perfil)
        .set({
          nome: entrada.nome,
          descricao: entrada.descricao,
          ativo: entrada.ativo,
          exige2FA: entrada.exige2FA,
          // Cached permission sets (platform/permissoes.ts) reload when this changes.
          versao: sql`${perfil.versao} + 1`,
        })
        .where(eq(perfil.id, id));
      await gravarRegras(tx, id, normalizar(entrada));
      const atualizado = await carregar(tx, id);
      await registrarAlteracao(tx, ctx, 'perfil', id, paraHistorico(anterior), paraHistorico(atualizado));
      return atualizado;
    })
    .catch(traduzirUnico);
}

const usoEmVinculo = (id: number) =>
  sql`select 1 from ${usuarioOrganizacao} where ${usuarioOrganizacao.perfilId} = ${id}`;

export async function excluir(deps: Deps, ctx: Contexto, id: number): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const anterior = await carregar(tx, id, true);
    if (anterior.administrador) throw new AppError('PERFIL_ADMINISTRADOR_PROTEGIDO');
    const [uso] = await tx
      .select({ padraoCadastro: perfil.padraoCadastro, vinculado: sql<boolean>`exists (${usoEmVinculo(id)})` })
      .from(perfil)
      .where(eq(perfil.id, id));
    // The sign-up default is "in use" too: without it nobody could register.
    if (uso?.vinculado || uso?.padraoCadastro) throw new AppError('REGISTRO_EM_USO');
    await tx
      .update(perfil)
      .set({ excluidoEm: new Date(), versao: sql`${perfil.versao} + 1` })
      .where(eq(perfil.id, id));
    await registrarAlteracao(tx, ctx, 'perfil', id, paraHistorico(anterior), null);
  });
}
