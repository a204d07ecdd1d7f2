import { type DbOuTx, schema } from '@sig/db';
import { and, eq, inArray, isNull, like, or, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { arvoreDe } from './arvore.js';
import type { Contexto, Deps } from './contexto.js';
import { naoEncontrado } from './erros.js';
import { pode, somentePropria } from './permissoes.js';
import { umDosIds } from './sql.js';

/**
 * The one organization-scope service: what a user acting for an organization may see is
 * that organization and its descendants, or that organization alone when the screen's
 * permission says "own organization only". Every service filters reads and checks writes here.
 */
export const prefixoSubarvore = (ctx: Contexto) => `${ctx.organizacaoCaminho}%`;

/**
 * The first path past every path of a subtree (`/1/5/` → `/1/50`: a path ends in '/', and '0'
 * follows it), so the subtree is a range of paths compared bytewise, as `like` and the path
 * index (text_pattern_ops) compare.
 */
export const fimDaSubarvore = (caminho: string) => `${caminho.slice(0, -1)}0`;

/** How a condition writes each path it compares: a parameter unless told otherwise. */
type Valor = (caminho: string) => SQL;
const comoParametro: Valor = (caminho) => sql`${caminho}`;

/** A path column within the subtree at `caminho`, as a range (an index with text_pattern_ops reads it). */
const naSubarvore = (coluna: PgColumn | SQL, caminho: string, valor = comoParametro) =>
  sql`${coluna} ~>=~ ${valor(caminho)} and ${coluna} ~<~ ${valor(fimDaSubarvore(caminho))}`;

/** A condition on a column holding an organization's path. */
export type CondicaoCaminho = (coluna: PgColumn | SQL, valor?: Valor) => SQL;
const igualA =
  (caminho: string): CondicaoCaminho =>
  (coluna, valor = comoParametro) =>
    sql`${coluna} = ${valor(caminho)}`;
const sob =
  (caminho: string): CondicaoCaminho =>
  (coluna, valor) =>
    naSubarvore(coluna, caminho, valor);

/** The user's subtree as a range of the path index. */
const condicaoSubarvore = (ctx: Contexto) => naSubarvore(schema.organizacao.caminho, ctx.organizacaoCaminho);

/** Ids of the organizations above the user's one, read off its materialized path (`/1/5/23/`). */
export const organizacoesAcima = (ctx: Contexto): number[] =>
  ctx.organizacaoCaminho
    .split('/')
    .filter(Boolean)
    .map(Number)
    .filter((id) => id !== ctx.organizacaoId);

/** Whether the user's scope is a root organization's subtree: usually every organization. */
export const escopoSobRaiz = (ctx: Contexto, acesso: string) =>
  !somentePropria(ctx, acesso) && !organizacoesAcima(ctx).length;

/** Condition on a column holding an organization id. */
export function filtroOrganizacao(ctx: Contexto, acesso: string, coluna: PgColumn | SQL): SQL {
  if (somentePropria(ctx, acesso)) return sql`${coluna} = ${ctx.organizacaoId}`;
  // A range, not `like`: a prepared statement's generic plan cannot read the index for a `like` parameter.
  return sql`${coluna} in (select ${schema.organizacao.id} from ${schema.organizacao} where ${condicaoSubarvore(ctx)})`;
}

/**
 * Condition on a column holding an organization's path (a copy kept beside the rows, as the
 * people's name words keep it): the scope is then one range of an index on it, with no look-up.
 */
export function filtroCaminho(ctx: Contexto, acesso: string): CondicaoCaminho {
  return somentePropria(ctx, acesso) ? caminhoProprio(ctx) : sob(ctx.organizacaoCaminho);
}

/** The user's own organization alone, on a path column. */
export const caminhoProprio = (ctx: Contexto): CondicaoCaminho => igualA(ctx.organizacaoCaminho);

/** Condition on the organization table itself. */
export function filtroArvore(ctx: Contexto, acesso: string): SQL {
  if (somentePropria(ctx, acesso)) return eq(schema.organizacao.id, ctx.organizacaoId);
  return like(schema.organizacao.caminho, prefixoSubarvore(ctx));
}

/**
 * The people screen: who may see other people (list or read them) may see their records on other
 * screens too; anyone else reaches only the records of their own person (a member's own gifts
 * tests), whatever the screen's organization reach.
 */
const ACESSO_PESSOAS = 'Pessoa';
export const somenteProprioRegistro = (ctx: Contexto) =>
  !pode(ctx, ACESSO_PESSOAS, 'L') && !pode(ctx, ACESSO_PESSOAS, 'R');

/**
 * Condition on a table of a person's own records (a person and their organization column): the
 * organization in the screen's scope and, for whoever may not see people, the user's own person.
 */
export function filtroPessoal(ctx: Contexto, acesso: string, colunaOrganizacao: PgColumn, colunaPessoa: PgColumn): SQL {
  const escopo = filtroOrganizacao(ctx, acesso, colunaOrganizacao);
  return somenteProprioRegistro(ctx) ? and(escopo, eq(colunaPessoa, ctx.pessoaId))! : escopo;
}

/** Whether an organization id lies in the user's scope for the screen. */
export async function estaNoEscopo(db: DbOuTx, ctx: Contexto, acesso: string, organizacaoId: number): Promise<boolean> {
  if (somentePropria(ctx, acesso)) return organizacaoId === ctx.organizacaoId;
  const [linha] = await db
    .select({ id: schema.organizacao.id })
    .from(schema.organizacao)
    .where(
      and(
        eq(schema.organizacao.id, organizacaoId),
        like(schema.organizacao.caminho, prefixoSubarvore(ctx)),
        isNull(schema.organizacao.excluidoEm),
      ),
    );
  return !!linha;
}

/** Out of scope reads as "not found": ids of other organizations' records reveal nothing. */
export async function exigirNoEscopo(db: DbOuTx, ctx: Contexto, acesso: string, organizacaoId: number) {
  if (!(await estaNoEscopo(db, ctx, acesso, organizacaoId))) throw naoEncontrado();
}

/**
 * Rows of an organization registry a user sees: those of the scope, and, when `compartilhada`
 * (the row's "accessible by hierarchy" flag) is given, those an organization above shares down.
 */
export function filtroCompartilhado(ctx: Contexto, acesso: string, coluna: PgColumn, compartilhada?: PgColumn): SQL {
  const proprias = filtroOrganizacao(ctx, acesso, coluna);
  const acima = organizacoesAcima(ctx);
  if (!compartilhada || !acima.length) return proprias;
  return or(proprias, and(eq(compartilhada, true), inArray(coluna, acima)))!;
}

/**
 * The scope's organization ids, read once (for a query that wants them as a literal list the
 * planner can see, rather than a subquery per statement).
 */
export async function organizacoesDoEscopo(db: DbOuTx, ctx: Contexto, acesso: string): Promise<number[]> {
  if (somentePropria(ctx, acesso)) return [ctx.organizacaoId];
  const linhas = await db
    .select({ id: schema.organizacao.id })
    .from(schema.organizacao)
    .where(like(schema.organizacao.caminho, prefixoSubarvore(ctx)));
  return linhas.map((l) => l.id);
}

/**
 * The organizations a list, report or batch covers when the user names one: that organization
 * (404 when outside the scope or deleted) and its descendants, or it alone when `somenteEla` or
 * the permission is own-organization-only. Read as ids from the tree in memory (platform/arvore.ts),
 * which a query then takes as one literal list the planner can estimate (a subquery on a computed
 * path it cannot). The subtree of an organization in scope is in scope, so no scope filter is
 * needed beside it.
 */
export async function organizacoesEscolhidas(
  deps: Pick<Deps, 'arvore'>,
  ctx: Contexto,
  acesso: string,
  escolhidaId: number,
  somenteEla = false,
): Promise<number[]> {
  const { no, unica, arvore } = await escolhida(deps, ctx, acesso, escolhidaId, somenteEla);
  return unica ? [no.id] : arvore.entreCaminhos(no.caminho, fimDaSubarvore(no.caminho));
}

/** The chosen organization in the tree in memory: in the scope (on its path) and not deleted, else 404. */
async function escolhida(
  deps: Pick<Deps, 'arvore'>,
  ctx: Contexto,
  acesso: string,
  escolhidaId: number,
  somenteEla: boolean,
) {
  const propria = somentePropria(ctx, acesso);
  if (propria && escolhidaId !== ctx.organizacaoId) throw naoEncontrado();
  const arvore = await arvoreDe(deps, ctx);
  const no = arvore.porId.get(escolhidaId);
  if (!no || no.excluida || !no.caminho.startsWith(ctx.organizacaoCaminho)) throw naoEncontrado();
  return { no, unica: somenteEla || propria, arvore };
}

/**
 * `organizacoesEscolhidas` as a condition on a column holding an organization's path
 * (`filtroCaminho`): the chosen organization's path (404 as there), and its subtree as one range.
 */
export async function caminhoEscolhido(
  deps: Pick<Deps, 'arvore'>,
  ctx: Contexto,
  acesso: string,
  escolhidaId: number,
  somenteEla = false,
): Promise<CondicaoCaminho> {
  const { no, unica } = await escolhida(deps, ctx, acesso, escolhidaId, somenteEla);
  return unica ? igualA(no.caminho) : sob(no.caminho);
}

/** Condition "the column holds one of these organization ids" (`umDosIds`). */
export const entreOrganizacoes = umDosIds;
