import {
  type DesfazerItensInput,
  type ItemLote,
  type ItensLoteQuery,
  type Paged,
  type ProcessamentoLote,
  type ProcessamentoLoteListQuery,
  STATUS_LOTE_ATIVOS,
  type TipoLote,
} from '@sig/contracts';
import { type DbOuTx, schema } from '@sig/db';
import { type Chave, tradutor } from '@sig/i18n';
import { and, asc, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Contexto, Deps } from '../../platform/contexto.js';
import { AppError, naoEncontrado } from '../../platform/erros.js';
import { entreOrganizacoes, filtroOrganizacao, organizacoesEscolhidas } from '../../platform/escopo.js';
import { publicar } from '../../platform/hub.js';
import { tipoLote } from './tipos.js';

/**
 * Bulk processing (spec §2 /processamentos-em-lote, §4): the batches of the user's scope, their
 * items, and the three actions on them — cancel, reprocess the errors, undo done items. The work
 * itself is the worker's (trabalhador.ts); here only rows change state.
 */
export const ACESSO_LOTE = 'ProcessamentosEmLote';
const { processamentoLote: lote, processamentoLoteItem: item, organizacao, usuario, pessoa } = schema;

const selecao = {
  id: lote.id,
  tipo: lote.tipo,
  organizacaoId: lote.organizacaoId,
  organizacaoNome: organizacao.nomeFantasia,
  criadoPorNome: sql<string>`coalesce(trim(${pessoa.nome} || ' ' || ${pessoa.sobrenome}), '')`,
  status: lote.status,
  total: lote.total,
  sucessos: lote.sucessos,
  erros: lote.erros,
  desfeitos: lote.desfeitos,
  criadoEm: lote.criadoEm,
  iniciadoEm: lote.iniciadoEm,
  concluidoEm: lote.concluidoEm,
  canceladoEm: lote.canceladoEm,
};
const consulta = (db: DbOuTx) =>
  db
    .select(selecao)
    .from(lote)
    .innerJoin(organizacao, eq(organizacao.id, lote.organizacaoId))
    .innerJoin(usuario, eq(usuario.id, lote.criadoPor))
    .leftJoin(pessoa, eq(pessoa.id, usuario.pessoaId));

const iso = (d: Date | null) => (d ? d.toISOString() : null);
type Linha = Awaited<ReturnType<ReturnType<typeof consulta>['execute']>>[number];
const paraLote = (l: Linha): ProcessamentoLote => ({
  ...l,
  tipo: l.tipo as TipoLote,
  status: l.status as ProcessamentoLote['status'],
  pendentes: l.total - l.sucessos - l.erros - l.desfeitos,
  desfazivel: !!tipoLote(l.tipo)?.desfazer,
  criadoEm: l.criadoEm.toISOString(),
  iniciadoEm: iso(l.iniciadoEm),
  concluidoEm: iso(l.concluidoEm),
  canceladoEm: iso(l.canceladoEm),
});

const ORDEM = { criadoEm: lote.criadoEm, status: lote.status, tipo: lote.tipo, id: lote.id } as const;

export async function listarLotes(
  deps: Deps,
  ctx: Contexto,
  q: ProcessamentoLoteListQuery,
  acesso = ACESSO_LOTE,
): Promise<Paged<ProcessamentoLote>> {
  const filtros: SQL[] = [filtroOrganizacao(ctx, acesso, lote.organizacaoId)];
  if (q.tipo) filtros.push(eq(lote.tipo, q.tipo));
  if (q.status?.length) filtros.push(inArray(lote.status, q.status));
  if (q.organizacaoId) {
    filtros.push(
      entreOrganizacoes(lote.organizacaoId, await organizacoesEscolhidas(deps, ctx, acesso, q.organizacaoId)),
    );
  }
  const onde = and(...filtros);
  const coluna = ORDEM[q.ordenarPor ?? 'criadoEm'];
  const [linhas, [contagem]] = await Promise.all([
    consulta(deps.db)
      .where(onde)
      .orderBy(q.ordem === 'desc' || !q.ordenarPor ? desc(coluna) : asc(coluna), desc(lote.id))
      .limit(q.quantidade)
      .offset((q.pagina - 1) * q.quantidade),
    deps.db.select({ total: sql<number>`count(*)::int` }).from(lote).where(onde),
  ]);
  return { itens: linhas.map(paraLote), total: contagem?.total ?? 0, pagina: q.pagina, quantidade: q.quantidade };
}

export async function obterLote(db: DbOuTx, ctx: Contexto, id: number, acesso = ACESSO_LOTE) {
  const [l] = await consulta(db).where(and(eq(lote.id, id), filtroOrganizacao(ctx, acesso, lote.organizacaoId)));
  if (!l) throw naoEncontrado();
  return paraLote(l);
}

export async function listarItens(
  deps: Deps,
  ctx: Contexto,
  loteId: number,
  q: ItensLoteQuery,
  acesso = ACESSO_LOTE,
): Promise<Paged<ItemLote>> {
  const { tipo } = await obterLote(deps.db, ctx, loteId, acesso);
  const descrever = tipoLote(tipo)?.descreverResultado;
  const onde = and(eq(item.loteId, loteId), q.status?.length ? inArray(item.status, q.status) : undefined);
  const [linhas, [contagem]] = await Promise.all([
    deps.db
      .select()
      .from(item)
      .where(onde)
      .orderBy(asc(item.id))
      .limit(q.quantidade)
      .offset((q.pagina - 1) * q.quantidade),
    deps.db.select({ total: sql<number>`count(*)::int` }).from(item).where(onde),
  ]);
  const t = tradutor(ctx.idioma);
  return {
    itens: linhas.map((l) => ({
      id: l.id,
      referenciaId: l.referenciaId,
      descricao: l.descricao,
      status: l.status as ItemLote['status'],
      acao: l.acao as ItemLote['acao'],
      erro: l.erroCodigo
        ? t(`erros:${l.erroCodigo}` as Chave, (l.erroParametros ?? {}) as Record<string, unknown>)
        : null,
      resultado: l.resultado && descrever ? descrever(l.resultado, t) : l.resultado,
      tentativas: l.tentativas,
      atualizadoEm: l.atualizadoEm.toISOString(),
    })),
    total: contagem?.total ?? 0,
    pagina: q.pagina,
    quantidade: q.quantidade,
  };
}

const ITENS_PARA_ANALISAR = 10_000;

/**
 * A new batch over the items a kind chose (`itens`: a select of `referenciaId, descricao`, so
 * a synod's hundred thousand people never pass through the process).
 */
export async function criarLote(
  deps: Deps,
  ctx: Contexto,
  dados: { tipo: TipoLote; organizacaoId: number; parametros: object; itens: SQL },
): Promise<number> {
  const { id, total } = await deps.db.transaction(async (tx) => {
    const [novo] = await tx
      .insert(lote)
      .values({
        tipo: dados.tipo,
        organizacaoId: dados.organizacaoId,
        criadoPor: ctx.usuarioId,
        parametros: dados.parametros,
      })
      .returning({ id: lote.id });
    const loteId = novo!.id;
    const r = (await tx.execute(
      sql`insert into ${item} (lote_id, referencia_id, descricao) select ${loteId}, x.referencia_id, x.descricao from (${dados.itens}) x order by x.referencia_id`,
    )) as unknown as { rowCount?: number; affectedRows?: number };
    const total = r.rowCount ?? r.affectedRows ?? 0;
    if (!total) throw new AppError('LOTE_SEM_ITENS');
    await tx.update(lote).set({ total }).where(eq(lote.id, loteId));
    return { id: loteId, total };
  });
  // Fresh statistics keep the worker's claim on its index from the first item of a large batch.
  if (total >= ITENS_PARA_ANALISAR) await deps.db.execute(sql`analyze ${item}`);
  await publicar(deps, { tipo: 'processamento_lote', id });
  return id;
}

/** Spec §4 "can be cancelled": items not started stay PENDENTE and are never worked; the one in hand finishes. */
export async function cancelarLote(deps: Deps, ctx: Contexto, id: number, acesso = ACESSO_LOTE) {
  await obterLote(deps.db, ctx, id, acesso);
  const mudou = await deps.db
    .update(lote)
    .set({ status: 'CANCELADO', canceladoEm: new Date() })
    .where(and(eq(lote.id, id), inArray(lote.status, [...STATUS_LOTE_ATIVOS])))
    .returning({ id: lote.id });
  if (!mudou.length) throw new AppError('LOTE_SITUACAO_INVALIDA');
  await publicar(deps, { tipo: 'processamento_lote', id });
  return obterLote(deps.db, ctx, id, acesso);
}

/** Back to work: items move to PENDENTE, their counts leave the batch's, the batch runs again. */
async function reabrir(deps: Deps, id: number, itens: SQL, contagens: Partial<Record<'sucessos' | 'erros', true>>) {
  await deps.db.transaction(async (tx) => {
    const [l] = await tx.select({ status: lote.status }).from(lote).where(eq(lote.id, id)).for('update');
    if (!l || !['CONCLUIDO', 'CONCLUIDO_COM_ERROS'].includes(l.status)) throw new AppError('LOTE_SITUACAO_INVALIDA');
    const r = (await tx.execute(
      sql`update ${item} set status = 'PENDENTE', acao = case when status = 'OK' then 'DESFAZER' else acao end,
          erro_codigo = null, erro_parametros = null, atualizado_em = now()
          where lote_id = ${id} and ${itens} returning status`,
    )) as unknown as { rows: unknown[] };
    const n = r.rows.length;
    if (!n) throw new AppError('LOTE_SEM_ITENS');
    await tx
      .update(lote)
      .set({
        status: 'PENDENTE',
        concluidoEm: null,
        ...(contagens.sucessos ? { sucessos: sql`${lote.sucessos} - ${n}` } : {}),
        ...(contagens.erros ? { erros: sql`${lote.erros} - ${n}` } : {}),
      })
      .where(eq(lote.id, id));
  });
  await publicar(deps, { tipo: 'processamento_lote', id });
}

/** Spec §4 "errors reprocessed": only the items in error run again (an undo that failed retries the undo). */
export async function reprocessarErros(deps: Deps, ctx: Contexto, id: number) {
  await obterLote(deps.db, ctx, id);
  await reabrir(deps, id, sql`status = 'ERRO'`, { erros: true });
  return obterLote(deps.db, ctx, id);
}

/** Spec §4 "items undone": done items (all, or the chosen ones) are undone by the worker. */
export async function desfazerItens(
  deps: Deps,
  ctx: Contexto,
  id: number,
  e: DesfazerItensInput,
  acesso = ACESSO_LOTE,
) {
  const l = await obterLote(deps.db, ctx, id, acesso);
  if (!l.desfazivel) throw new AppError('LOTE_DESFAZER_NAO_SUPORTADO');
  const ok = sql`status = 'OK'`;
  await reabrir(deps, id, e.itemIds ? sql`${ok} and ${inArray(item.id, e.itemIds)}` : ok, { sucessos: true });
  return obterLote(deps.db, ctx, id, acesso);
}
