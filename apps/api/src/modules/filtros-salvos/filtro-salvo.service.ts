import { type FiltroSalvo, type FiltroSalvoInput, type FiltroSalvoUpdate, isAcessoId } from '@sig/contracts';
import { type DbOuTx, schema } from '@sig/db';
import { and, asc, desc, eq, ne, sql } from 'drizzle-orm';
import type { Contexto, Deps } from '../../platform/contexto.js';
import { AppError, erroDeCampo, naoEncontrado } from '../../platform/erros.js';
import { exigir } from '../../platform/permissoes.js';
import { erroPg, VIOLACAO_UNICA } from '../../platform/sql.js';

/**
 * Saved filters belong to the signed-in user: every read and write is narrowed to
 * `usuario_id = ctx.usuarioId`, so another user's id reads as not found.
 */

const f = schema.filtroSalvo;

const colunas = {
  id: f.id,
  acesso: f.acesso,
  nome: f.nome,
  padrao: f.padrao,
  filtros: f.filtros,
  criadoEm: f.criadoEm,
  atualizadoEm: f.atualizadoEm,
};

type Linha = Omit<FiltroSalvo, 'criadoEm' | 'atualizadoEm'> & { criadoEm: Date; atualizadoEm: Date };
const paraItem = (l: Linha): FiltroSalvo => ({
  ...l,
  criadoEm: l.criadoEm.toISOString(),
  atualizadoEm: l.atualizadoEm.toISOString(),
});

const doUsuario = (ctx: Contexto) => eq(f.usuarioId, ctx.usuarioId);

function exigirAcessoConhecido(acesso: string) {
  if (!isAcessoId(acesso)) throw erroDeCampo('acesso', 'acessoDesconhecido');
}

/** Spec §8: an unnamed filter cannot be saved. */
function exigirNome(nome: string | null | undefined): string {
  if (!nome) throw new AppError('FILTRO_NAO_SALVO', {}, [{ campo: 'nome', mensagem: 'validacao:obrigatorio' }]);
  return nome;
}

async function exigirNomeLivre(tx: DbOuTx, ctx: Contexto, acesso: string, nome: string, ignorarId?: number) {
  const [outro] = await tx
    .select({ id: f.id })
    .from(f)
    .where(
      and(
        doUsuario(ctx),
        eq(f.acesso, acesso),
        sql`lower(${f.nome}) = ${nome.toLowerCase()}`,
        ignorarId ? ne(f.id, ignorarId) : undefined,
      ),
    );
  if (outro) throw new AppError('NOME_DUPLICADO', {}, [{ campo: 'nome', mensagem: 'erros:NOME_DUPLICADO' }]);
}

/** One default per user and screen: choosing a new one clears the others. */
async function limparPadrao(tx: DbOuTx, ctx: Contexto, acesso: string, exceto?: number) {
  await tx
    .update(f)
    .set({ padrao: false, atualizadoEm: new Date() })
    .where(and(doUsuario(ctx), eq(f.acesso, acesso), eq(f.padrao, true), exceto ? ne(f.id, exceto) : undefined));
}

function traduzirUnico(erro: unknown): never {
  const pg = erroPg(erro);
  if (pg.code !== VIOLACAO_UNICA) throw erro;
  if (pg.constraint === 'filtro_salvo_nome_uq') {
    throw new AppError('NOME_DUPLICADO', {}, [{ campo: 'nome', mensagem: 'erros:NOME_DUPLICADO' }]);
  }
  throw new AppError('FILTRO_NAO_SALVO');
}

/** The user's filters of one screen, or of every screen (grouped by screen) when none is named. */
export async function listar(deps: Deps, ctx: Contexto, acesso?: string): Promise<FiltroSalvo[]> {
  if (acesso !== undefined) exigirAcessoConhecido(acesso);
  const linhas = await deps.db
    .select(colunas)
    .from(f)
    .where(and(doUsuario(ctx), acesso === undefined ? undefined : eq(f.acesso, acesso)))
    .orderBy(asc(f.acesso), desc(f.padrao), asc(sql`lower(${f.nome})`), asc(f.id));
  return linhas.map(paraItem);
}

export async function criar(deps: Deps, ctx: Contexto, e: FiltroSalvoInput): Promise<FiltroSalvo> {
  exigirAcessoConhecido(e.acesso);
  // A filter is saved for a list the user may open.
  exigir(ctx, e.acesso, 'L');
  const nome = exigirNome(e.nome);
  return deps.db
    .transaction(async (tx) => {
      await exigirNomeLivre(tx, ctx, e.acesso, nome);
      if (e.padrao) await limparPadrao(tx, ctx, e.acesso);
      const [novo] = await tx
        .insert(f)
        .values({ usuarioId: ctx.usuarioId, acesso: e.acesso, nome, padrao: e.padrao, filtros: e.filtros })
        .returning(colunas);
      return paraItem(novo!);
    })
    .catch(traduzirUnico);
}

export async function atualizar(deps: Deps, ctx: Contexto, id: number, e: FiltroSalvoUpdate): Promise<FiltroSalvo> {
  const nome = exigirNome(e.nome);
  return deps.db
    .transaction(async (tx) => {
      const [atual] = await tx
        .select({ acesso: f.acesso })
        .from(f)
        .where(and(eq(f.id, id), doUsuario(ctx)))
        .for('update');
      if (!atual) throw naoEncontrado();
      await exigirNomeLivre(tx, ctx, atual.acesso, nome, id);
      if (e.padrao) await limparPadrao(tx, ctx, atual.acesso, id);
      const [novo] = await tx
        .update(f)
        .set({ nome, padrao: e.padrao, filtros: e.filtros, atualizadoEm: new Date() })
        .where(eq(f.id, id))
        .returning(colunas);
      return paraItem(novo!);
    })
    .catch(traduzirUnico);
}

/** A saved filter is the user's own preference: removing it keeps nothing. */
export async function excluir(deps: Deps, ctx: Contexto, id: number): Promise<void> {
  const apagados = await deps.db
    .delete(f)
    .where(and(eq(f.id, id), doUsuario(ctx)))
    .returning({ id: f.id });
  if (!apagados.length) throw naoEncontrado();
}
