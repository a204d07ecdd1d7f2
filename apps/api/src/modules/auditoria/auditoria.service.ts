import type { Readable } from 'node:stream';
import type {
  AuditoriaFiltros,
  AuditoriaItem,
  AuditoriaListQuery,
  HistoricoItem,
  OrdenacaoAuditoria,
  Paged,
} from '@sig/contracts';
import { hojeNoBrasil } from '@sig/contracts';
import { schema } from '@sig/db';
import { tradutor } from '@sig/i18n';
import { and, asc, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { OrigemPedido } from '../../platform/auditoria.js';
import type { Contexto, Deps } from '../../platform/contexto.js';
import { naoEncontrado } from '../../platform/erros.js';
import { filtroOrganizacao } from '../../platform/escopo.js';
import { arquivoExportacao, type ColunaArquivo } from '../../platform/exportacao.js';
import { lerHistorico } from '../../platform/historico.js';
import { nomeCompletoPessoa } from '../../platform/sql.js';
import { localizador } from './registros.js';

export const ACESSO = 'AuditoriaAcesso';
/** Period filters are calendar days where the church is (not UTC). */
export const FUSO = 'America/Sao_Paulo';
export const LIMITE_EXPORTACAO = 100_000;
export const LOTE_EXPORTACAO = 2_000;
export const LIMITE_HISTORICO = 500;

const a = schema.auditoriaAcesso;

export type Origem = OrigemPedido;

/** The national church's administrators see everything, rows without organization (failed logins) included. */
const veTudo = (ctx: Contexto) => ctx.permissoes.administrador && /^\/\d+\/$/.test(ctx.organizacaoCaminho);

const escopo = (ctx: Contexto, coluna: PgColumn): SQL | undefined =>
  veTudo(ctx) ? undefined : filtroOrganizacao(ctx, ACESSO, coluna);

function condicoes(ctx: Contexto, f: AuditoriaFiltros): SQL | undefined {
  return and(
    escopo(ctx, a.organizacaoId),
    f.usuarioId ? eq(a.usuarioId, f.usuarioId) : undefined,
    f.organizacaoId ? eq(a.organizacaoId, f.organizacaoId) : undefined,
    f.evento ? eq(a.evento, f.evento) : undefined,
    f.acesso ? eq(a.acesso, f.acesso) : undefined,
    f.metodo ? eq(a.metodo, f.metodo) : undefined,
    f.status ? eq(a.status, f.status) : undefined,
    f.periodoDe ? sql`${a.criadoEm} >= (${f.periodoDe}::date)::timestamp at time zone ${FUSO}` : undefined,
    f.periodoAte ? sql`${a.criadoEm} < (${f.periodoAte}::date + 1)::timestamp at time zone ${FUSO}` : undefined,
  );
}

/**
 * Sort keys. Nullable columns sort through coalesce so that (key, id) is a total order
 * without nulls: the export pages through it by keyset, the list shows the same order.
 */
const CHAVES: Record<OrdenacaoAuditoria, { expr: SQL; tipo: 'timestamptz' | 'text' | 'int' }> = {
  criadoEm: { expr: sql`${a.criadoEm}`, tipo: 'timestamptz' },
  evento: { expr: sql`${a.evento}`, tipo: 'text' },
  usuarioId: { expr: sql`coalesce(${a.usuarioId}, 0)`, tipo: 'int' },
  login: { expr: sql`coalesce(${a.login}, '')`, tipo: 'text' },
  organizacaoId: { expr: sql`coalesce(${a.organizacaoId}, 0)`, tipo: 'int' },
  acesso: { expr: sql`coalesce(${a.acesso}, '')`, tipo: 'text' },
  metodo: { expr: sql`coalesce(${a.metodo}, '')`, tipo: 'text' },
  rota: { expr: sql`coalesce(${a.rota}, '')`, tipo: 'text' },
  status: { expr: sql`coalesce(${a.status}, 0)`, tipo: 'int' },
  ip: { expr: sql`coalesce(${a.ip}, '')`, tipo: 'text' },
};

/** Without a column, newest first; with one, the requested direction. */
const ordenacao = (f: Pick<AuditoriaFiltros, 'ordenarPor' | 'ordem'>) => ({
  chave: CHAVES[f.ordenarPor ?? 'criadoEm'],
  direcao: f.ordenarPor ? f.ordem : ('desc' as const),
});

const nomeUsuario = sql<string | null>`nullif(${nomeCompletoPessoa}, '')`;

const camposItem = {
  id: a.id,
  evento: a.evento,
  usuarioId: a.usuarioId,
  usuarioNome: nomeUsuario,
  login: a.login,
  organizacaoId: a.organizacaoId,
  acesso: a.acesso,
  metodo: a.metodo,
  rota: a.rota,
  status: a.status,
  ip: a.ip,
  userAgent: a.userAgent,
  criadoEm: a.criadoEm,
};

type Linha = Omit<AuditoriaItem, 'criadoEm'> & { criadoEm: Date | string };
const paraItem = ({ criadoEm, ...resto }: Linha): AuditoriaItem => ({
  ...resto,
  criadoEm: new Date(criadoEm).toISOString(),
});

const comUsuario = eq(schema.usuario.id, a.usuarioId);
const comPessoa = eq(schema.pessoa.id, schema.usuario.pessoaId);

export async function listar(deps: Deps, ctx: Contexto, q: AuditoriaListQuery): Promise<Paged<AuditoriaItem>> {
  const onde = condicoes(ctx, q);
  const { chave, direcao } = ordenacao(q);
  const dir = direcao === 'asc' ? asc : desc;
  const [linhas, [contagem]] = await Promise.all([
    deps.db
      .select(camposItem)
      .from(a)
      .leftJoin(schema.usuario, comUsuario)
      .leftJoin(schema.pessoa, comPessoa)
      .where(onde)
      .orderBy(dir(chave.expr), dir(a.id))
      .limit(q.quantidade)
      .offset((q.pagina - 1) * q.quantidade),
    deps.db.select({ n: sql<number>`count(*)::int` }).from(a).where(onde),
  ]);
  return { itens: linhas.map(paraItem), total: contagem?.n ?? 0, pagina: q.pagina, quantidade: q.quantidade };
}

/**
 * The change history of one record, newest first. It is read where the record is now (one of its
 * organizations within the reader's scope, or a church-wide record), not where its writers were:
 * a record outside the scope, missing, or of a kind without history is a 404.
 */
export async function historico(
  deps: Deps,
  ctx: Contexto,
  entidade: string,
  entidadeId: number,
): Promise<HistoricoItem[]> {
  const onde = localizador(entidade);
  if (!onde) throw naoEncontrado();
  const [noEscopo] = (
    (await deps.db.execute(sql`select 1 as sim from (${onde(entidadeId)}) as registro (organizacao_id)
      where registro.organizacao_id is null or ${filtroOrganizacao(ctx, ACESSO, sql`registro.organizacao_id`)}
      limit 1`)) as unknown as { rows: unknown[] }
  ).rows;
  if (!noEscopo) throw naoEncontrado();
  // An empty name is no name, as in the audit list.
  return (await lerHistorico(deps.db, entidade, entidadeId, LIMITE_HISTORICO)).map((l) => ({
    ...l,
    usuarioNome: l.usuarioNome || null,
  }));
}

/* ---------- export ---------- */

const COLUNAS_CSV = [
  'id',
  'criadoEm',
  'evento',
  'usuarioId',
  'usuarioNome',
  'login',
  'organizacaoId',
  'acesso',
  'metodo',
  'rota',
  'status',
  'ip',
  'userAgent',
] as const satisfies readonly (keyof AuditoriaItem)[];
const TIPOS_CSV: Partial<Record<(typeof COLUNAS_CSV)[number], Omit<ColunaArquivo, 'titulo'>>> = {
  id: { tipo: 'numero' },
  criadoEm: { tipo: 'dataHora' },
  evento: { tipo: 'opcao', rotulos: 'configuracoes:auditoria.eventos' },
  usuarioId: { tipo: 'numero' },
  organizacaoId: { tipo: 'numero' },
  acesso: { tipo: 'opcao', rotulos: 'menu:acessos' },
  status: { tipo: 'numero' },
};

export type Exportacao = {
  nomeArquivo: string;
  /** Rows the file will hold (at most LIMITE_EXPORTACAO). */
  linhas: number;
  truncada: boolean;
  conteudo: Readable;
};

/**
 * CSV of the filtered set, read in keyset batches of (sort key, id): memory stays flat
 * and no transaction or connection is held while the client downloads.
 */
export async function exportar(deps: Deps, ctx: Contexto, f: AuditoriaFiltros, origem: Origem): Promise<Exportacao> {
  const onde = condicoes(ctx, f);
  const [contagem] = await deps.db
    .select({ n: sql<number>`count(*)::int` })
    .from(sql`(select 1 from ${a} where ${onde ?? sql`true`} limit ${LIMITE_EXPORTACAO + 1}) as x`);
  const total = contagem?.n ?? 0;
  deps.auditoria.exportacao(ctx, ACESSO, origem);
  const t = tradutor(ctx.idioma);
  const colunas = COLUNAS_CSV.map(
    (c): ColunaArquivo => ({ titulo: t(`campos:${c}`, { defaultValue: c }), ...TIPOS_CSV[c] }),
  );
  const data = hojeNoBrasil();
  return {
    nomeArquivo: `auditoria-acesso-${data}.csv`,
    linhas: Math.min(total, LIMITE_EXPORTACAO),
    truncada: total > LIMITE_EXPORTACAO,
    conteudo: arquivoExportacao('csv', {
      titulo: t('menu:acessos.AuditoriaAcesso'),
      idioma: ctx.idioma,
      colunas,
      lotes: lotesCsv(deps, onde, ordenacao(f)),
    }),
  };
}

type Ordem = ReturnType<typeof ordenacao>;
type Posicao = { chave: string; id: number };

/** One batch after `depois` in (sort key, id) order. */
function lote(deps: Deps, onde: SQL | undefined, { chave, direcao }: Ordem, depois: Posicao | null, tamanho: number) {
  const dir = direcao === 'asc' ? asc : desc;
  const posicao = depois
    ? sql`(${chave.expr}, ${a.id}) ${direcao === 'asc' ? sql`>` : sql`<`} (${depois.chave}::${sql.raw(chave.tipo)}, ${depois.id}::bigint)`
    : undefined;
  return deps.db
    .select({ ...camposItem, chave: sql<string>`(${chave.expr})::text` })
    .from(a)
    .leftJoin(schema.usuario, comUsuario)
    .leftJoin(schema.pessoa, comPessoa)
    .where(and(onde, posicao))
    .orderBy(dir(chave.expr), dir(a.id))
    .limit(tamanho);
}

async function* lotesCsv(deps: Deps, onde: SQL | undefined, ordem: Ordem): AsyncGenerator<unknown[][]> {
  let depois: Posicao | null = null;
  let enviadas = 0;
  while (enviadas < LIMITE_EXPORTACAO) {
    const tamanho = Math.min(LOTE_EXPORTACAO, LIMITE_EXPORTACAO - enviadas);
    const linhas = await lote(deps, onde, ordem, depois, tamanho);
    if (!linhas.length) return;
    yield linhas.map((l) => {
      const item = paraItem(l);
      return COLUNAS_CSV.map((c) => item[c]);
    });
    enviadas += linhas.length;
    const ultima = linhas[linhas.length - 1]!;
    depois = { chave: ultima.chave, id: ultima.id };
    if (linhas.length < tamanho) return;
  }
}
