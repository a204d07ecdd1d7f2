import {
  campoEstadoDaCidade,
  camposDoEsquema,
  type ReferenciaDoValor,
  referenciasDe,
  type TipoReferencia,
} from '@sig/contracts';
import { type DbOuTx, schema } from '@sig/db';
import { and, isNull, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodType } from 'zod';
import { type Arvore, arvoreDe } from './arvore.js';
import type { Contexto, Deps } from './contexto.js';
import { AppError, naoEncontrado } from './erros.js';
import { filtroOrganizacao } from './escopo.js';
import { somentePropria } from './permissoes.js';
import { umDosIds } from './sql.js';

/**
 * THE reference rule: every id a write names is one the writer may name. Input schemas declare
 * their references (`referencia('pessoa')`, contracts referencias.ts); before any write's service
 * runs, the route layer walks the validated body with its schema and checks every declared id,
 * all kinds in one statement, against the rule of its kind. A refused id answers 400 on its field
 * (`familia.2.parenteId`: "O registro informado em Parente não existe.") and the write never
 * starts — the same answer for an id that does not exist and one outside the scope, so the
 * answer tells nothing about other organizations' records.
 */

/** Which of `ids` the writer may name: a statement selecting them, as its one column `id`. */
export type RegraReferencia = (
  ctx: Contexto,
  acesso: string,
  ids: readonly number[],
  db: DbOuTx,
) => SQLWrapper | Promise<SQLWrapper>;

type TabelaComId = PgTable & { id: PgColumn; excluidoEm?: PgColumn };

/** The rows of `tabela` that exist (not deleted) and meet `onde`, the writer's part of them. */
export const linhasExistentes =
  (tabela: TabelaComId, onde?: (ctx: Contexto, acesso: string) => SQL | undefined): RegraReferencia =>
  (ctx, acesso, ids) =>
    sql`select ${tabela.id} as id from ${tabela} where ${and(
      umDosIds(tabela.id, ids),
      tabela.excluidoEm ? isNull(tabela.excluidoEm) : undefined,
      onde?.(ctx, acesso),
    )}`;

const { pessoa, usuario, usuarioOrganizacao, perfil } = schema;

/** A rule answered from the organization tree in memory: which of `ids` the writer may name. */
type RegraEmMemoria = (arvore: Arvore, ctx: Contexto, acesso: string, ids: readonly number[]) => number[];

/**
 * Organizations: those of the writer's subtree (or their own alone when the screen says so), not
 * deleted — read from the tree in memory (platform/arvore.ts), with no statement.
 */
const organizacoesAceitas: RegraEmMemoria = (arvore, ctx, acesso, ids) => {
  const propria = somentePropria(ctx, acesso);
  return ids.filter((id) => {
    const no = arvore.porId.get(id);
    return !!no && !no.excluida && (propria ? id === ctx.organizacaoId : no.caminho.startsWith(ctx.organizacaoCaminho));
  });
};
const regrasEmMemoria = new Map<TipoReferencia, RegraEmMemoria>([['organizacao', organizacoesAceitas]]);

/**
 * One rule per kind. The platform's own: people of the writer's scope (the subtree, or the own
 * organization alone when the screen says so), users linked to an organization of it or whose
 * person is of it (a person's new account, before any link of its own), profiles on record
 * (organizations are answered from the tree in memory, above). Each registry adds its own when
 * the engine registers it (platform/crud.ts), and the composition root the modules' kinds.
 */
const regras = new Map<TipoReferencia, RegraReferencia>([
  ['pessoa', linhasExistentes(pessoa, (ctx, acesso) => filtroOrganizacao(ctx, acesso, pessoa.organizacaoId))],
  [
    'usuarios',
    linhasExistentes(
      usuario,
      (ctx, acesso) =>
        sql`(exists (select 1 from ${usuarioOrganizacao} where ${usuarioOrganizacao.usuarioId} = ${usuario.id} and ${filtroOrganizacao(
          ctx,
          acesso,
          usuarioOrganizacao.organizacaoId,
        )}) or exists (select 1 from ${pessoa} where ${pessoa.id} = ${usuario.pessoaId} and ${filtroOrganizacao(
          ctx,
          acesso,
          pessoa.organizacaoId,
        )}))`,
    ),
  ],
  ['perfil', linhasExistentes(perfil)],
]);

export function registrarRegrasReferencia(novas: Partial<Record<TipoReferencia, RegraReferencia>>) {
  for (const [tipo, regra] of Object.entries(novas) as [TipoReferencia, RegraReferencia][]) regras.set(tipo, regra);
}

/** At most this many refused fields in one answer (a batch may name thousands of people). */
const MAXIMO_CAMPOS = 50;

/** The field of a reference with its items' positions left out: `familia.*.parenteId`. */
const noMesmoCampo = (r: ReferenciaDoValor) => `${r.tipo}:${r.campo.replace(/(^|\.)\d+(?=\.|$)/g, '$1*')}:${r.id}`;

/** Those of `refs` the writer may not name: the tree's kinds in memory, every other kind in one statement. */
async function recusadas(
  deps: Pick<Deps, 'db' | 'arvore'>,
  ctx: Contexto,
  acesso: string,
  refs: readonly ReferenciaDoValor[],
): Promise<ReferenciaDoValor[]> {
  const porTipo = new Map<TipoReferencia, Set<number>>();
  for (const r of refs) porTipo.set(r.tipo, (porTipo.get(r.tipo) ?? new Set()).add(r.id));
  const aceitas = new Set<string>();
  const consultas: SQL[] = [];
  for (const [tipo, ids] of porTipo) {
    const emMemoria = regrasEmMemoria.get(tipo);
    if (emMemoria) {
      for (const id of emMemoria(await arvoreDe(deps, ctx), ctx, acesso, [...ids])) aceitas.add(`${tipo}:${id}`);
      continue;
    }
    const regra = regras.get(tipo);
    if (!regra) throw new Error(`Reference kind ${tipo} has no rule`);
    consultas.push(sql`select ${tipo}::text as tipo, r.id from (${await regra(ctx, acesso, [...ids], deps.db)}) r`);
  }
  if (consultas.length) {
    const r = (await deps.db.execute(sql.join(consultas, sql` union all `))) as unknown as {
      rows: { tipo: string; id: number }[];
    };
    for (const l of r.rows) aceitas.add(`${l.tipo}:${l.id}`);
  }
  return refs.filter((x) => !aceitas.has(`${x.tipo}:${x.id}`));
}

/**
 * THE check: refuses (400, one message per field) the references the writer may not name.
 * `mantidas`, for a write that changes a record: the references the record holds now; one of
 * them sent again in the same field passes though it left the scope since (a relative who moved
 * to another synod, a past activity), as a record must stay savable. Read only when some
 * reference is refused.
 */
export async function exigirReferencias(
  deps: Pick<Deps, 'db' | 'arvore'>,
  ctx: Contexto,
  acesso: string,
  refs: readonly ReferenciaDoValor[],
  mantidas?: () => Promise<readonly ReferenciaDoValor[]>,
): Promise<void> {
  if (!refs.length) return;
  let fora = await recusadas(deps, ctx, acesso, refs);
  if (fora.length && mantidas) {
    const atuais = new Set((await mantidas()).map(noMesmoCampo));
    fora = fora.filter((r) => !atuais.has(noMesmoCampo(r)));
  }
  if (fora.length)
    throw new AppError(
      'VALIDACAO',
      {},
      fora.slice(0, MAXIMO_CAMPOS).map((r) => ({ campo: r.campo, mensagem: 'validacao:referenciaInexistente' })),
    );
}

/**
 * A city written beside a state must be of that state ("Porto Alegre - RN" is refused on the
 * city's field): every pair of the body in one statement, after the references themselves passed.
 */
async function exigirCidadesDosEstados(db: DbOuTx, refs: readonly ReferenciaDoValor[]): Promise<void> {
  const estados = new Map(refs.filter((r) => r.tipo === 'estado').map((r) => [r.campo, r.id]));
  const pares = refs.flatMap((r) => {
    const estado = r.tipo === 'cidade' ? estados.get(campoEstadoDaCidade(r.campo) ?? '') : undefined;
    return estado === undefined ? [] : [{ campo: r.campo, cidade: r.id, estado }];
  });
  if (!pares.length) return;
  const r = (await db.execute(sql`select t.i from (values ${sql.join(
    pares.map((p, i) => sql`(${i}::int, ${p.cidade}::int, ${p.estado}::int)`),
    sql`, `,
  )}) t(i, cidade, estado)
    where not exists (select 1 from cidade c where c.id = t.cidade and c.estado_id = t.estado)`)) as unknown as {
    rows: { i: number }[];
  };
  if (r.rows.length)
    throw new AppError(
      'VALIDACAO',
      {},
      r.rows
        .slice(0, MAXIMO_CAMPOS)
        .map((l) => ({ campo: pares[l.i]!.campo, mensagem: 'validacao:cidadeForaDoEstado' })),
    );
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A write that changes a record: the record as its read answers it (the body's shape), so a
     * reference it already holds may be sent again (`exigirReferencias`, `mantidas`).
     */
    registroAtual?: (req: FastifyRequest) => Promise<unknown>;
  }
}

/** The `:id` of a route, for its `registroAtual` (validated by then). */
export const idDaRota = (req: FastifyRequest) => (req.params as { id: number }).id;

/** The kinds a schema declares (empty for most: remembered per schema). */
const tiposDeclarados = new WeakMap<object, TipoReferencia[]>();
export function tiposDoEsquema(esquema: ZodType | undefined): TipoReferencia[] {
  if (!esquema) return [];
  let tipos = tiposDeclarados.get(esquema);
  if (!tipos) {
    tipos = [
      ...new Set(
        camposDoEsquema(esquema).flatMap((c) =>
          c.declaracao && 'referencia' in c.declaracao ? [c.declaracao.referencia] : [],
        ),
      ),
    ];
    tiposDeclarados.set(esquema, tipos);
  }
  return tipos;
}

/**
 * The ids a query names where its schema declares references (a list, report or export filtered
 * by an organization or a person): the same rules as a body's, answered 404 as a read by id
 * outside the scope is — what the user may not name does not exist for them.
 */
async function exigirReferenciasDaConsulta(
  deps: Pick<Deps, 'db' | 'arvore'>,
  ctx: Contexto,
  acesso: string,
  esquema: ZodType,
  consulta: unknown,
) {
  const refs = referenciasDe(esquema, consulta);
  if (refs.length && (await recusadas(deps, ctx, acesso, refs)).length) throw naoEncontrado();
}

/**
 * Every route's body and query go through the check before its handler (after validation, so the
 * ids are the parsed ones), each by the references its schema declares. A route naming a kind
 * without a rule, a public route declaring references (there is no user to check them against),
 * or one whose query declares them without a screen to check them for, stops the start.
 */
export function registrarReferencias(app: FastifyInstance) {
  const rotas: { nome: string; tipos: TipoReferencia[]; publica: boolean; semAcesso: boolean }[] = [];
  app.addHook('onRoute', (rota) => {
    const corpo = tiposDoEsquema(rota.schema?.body as ZodType | undefined);
    const consulta = tiposDoEsquema(rota.schema?.querystring as ZodType | undefined);
    if (corpo.length || consulta.length)
      rotas.push({
        nome: `${rota.method} ${rota.url}`,
        tipos: [...corpo, ...consulta],
        publica: !!rota.config?.publico,
        semAcesso: consulta.length > 0 && !rota.config?.acesso,
      });
  });
  app.addHook('onReady', async () => {
    for (const r of rotas) {
      if (r.publica) throw new Error(`${r.nome}: a public route declares references, with no writer to check them`);
      if (r.semAcesso) throw new Error(`${r.nome}: a query declares references on a route without a screen`);
      const semRegra = r.tipos.filter((t) => !regras.has(t) && !regrasEmMemoria.has(t));
      if (semRegra.length) throw new Error(`${r.nome}: no rule for the reference kinds ${semRegra.join(', ')}`);
    }
  });
  app.addHook('preHandler', async (req) => {
    const consulta = req.routeOptions.schema?.querystring as ZodType | undefined;
    const { acesso, registroAtual } = req.routeOptions.config;
    if (acesso && consulta && tiposDoEsquema(consulta).length)
      await exigirReferenciasDaConsulta(app.deps, req.ctx, acesso, consulta, req.query);
    const corpo = req.routeOptions.schema?.body as ZodType | undefined;
    if (!corpo || !tiposDoEsquema(corpo).length) return;
    const refs = referenciasDe(corpo, req.body);
    if (!refs.length) return;
    await exigirReferencias(
      app.deps,
      req.ctx,
      acesso ?? '',
      refs,
      registroAtual && (async () => referenciasDe(corpo, await registroAtual(req))),
    );
    await exigirCidadesDosEstados(app.deps.db, refs);
  });
}
