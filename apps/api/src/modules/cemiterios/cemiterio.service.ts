import {
  ACESSO_CEMITERIO,
  type Cemiterio,
  type CemiterioInput,
  type CemiterioPagina,
  type GerarJazigosInput,
  type GradeJazigos,
  type Jazigo,
} from '@sig/contracts';
import { type DbOuTx, schema } from '@sig/db';
import { and, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { Contexto, Deps } from '../../platform/contexto.js';
import { AppError, naoEncontrado } from '../../platform/erros.js';
import { entreOrganizacoes, filtroOrganizacao, organizacoesEscolhidas } from '../../platform/escopo.js';
import { contemSemAcento } from '../../platform/sql.js';

/**
 * Cemeteries (issue 20): an organization's cemetery and its plots, laid out a block at a time;
 * seen and changed only within the user's scope of the Cemiterio screen.
 */
const ACESSO = ACESSO_CEMITERIO;
const { cemiterio: ce, jazigo: jz, organizacao } = schema;

const contagem = (filtro: SQL) =>
  sql<number>`(select count(*)::int from jazigo j where j.cemiterio_id = "cemiterio"."id" and ${filtro})`;

const selecao = {
  id: ce.id,
  organizacaoId: ce.organizacaoId,
  organizacaoNome: organizacao.nomeFantasia,
  nome: ce.nome,
  endereco: ce.endereco,
  prazoExumacaoAnos: ce.prazoExumacaoAnos,
  buscaPublica: ce.buscaPublica,
  jazigos: contagem(sql`true`),
  livres: contagem(sql`j.situacao_jazigo = 'LIVRE'`),
  criadoEm: ce.criadoEm,
  atualizadoEm: ce.atualizadoEm,
};
type Linha = Omit<Cemiterio, 'criadoEm' | 'atualizadoEm'> & { criadoEm: Date; atualizadoEm: Date };
const paraCemiterio = (l: Linha): Cemiterio => ({
  ...l,
  criadoEm: l.criadoEm.toISOString(),
  atualizadoEm: l.atualizadoEm.toISOString(),
});

/** The cemeteries a screen reaches: not deleted, of an organization of the user's scope for it. */
export const cemiterioNoEscopo = (ctx: Contexto, acesso: string, coluna: SQL | typeof ce.id = ce.id) =>
  sql`${coluna} in (select c.id from cemiterio c where c.excluido_em is null and ${filtroOrganizacao(
    ctx,
    acesso,
    sql`c.organizacao_id`,
  )})`;

const doEscopo = (ctx: Contexto) => and(isNull(ce.excluidoEm), filtroOrganizacao(ctx, ACESSO, ce.organizacaoId));

type Filtros = { organizacaoId?: number; nome?: string };

export async function listar(
  deps: Deps,
  ctx: Contexto,
  q: Filtros & { pagina: number; quantidade: number; ordem: 'asc' | 'desc' },
): Promise<CemiterioPagina> {
  const escolhidas = q.organizacaoId ? await organizacoesEscolhidas(deps, ctx, ACESSO, q.organizacaoId) : null;
  const onde = and(
    doEscopo(ctx),
    escolhidas ? entreOrganizacoes(ce.organizacaoId, escolhidas) : undefined,
    q.nome ? contemSemAcento(ce.nome, q.nome) : undefined,
  );
  const [linhas, [n]] = await Promise.all([
    deps.db
      .select(selecao)
      .from(ce)
      .innerJoin(organizacao, eq(organizacao.id, ce.organizacaoId))
      .where(onde)
      .orderBy(q.ordem === 'desc' ? sql`${ce.nome} desc, ${ce.id} desc` : sql`${ce.nome}, ${ce.id}`)
      .limit(q.quantidade)
      .offset((q.pagina - 1) * q.quantidade),
    deps.db.select({ n: sql<number>`count(*)::int` }).from(ce).where(onde),
  ]);
  return {
    itens: (linhas as Linha[]).map(paraCemiterio),
    total: n?.n ?? 0,
    pagina: q.pagina,
    quantidade: q.quantidade,
  };
}

export async function obter(db: DbOuTx, ctx: Contexto, id: number): Promise<Cemiterio> {
  const [l] = await db
    .select(selecao)
    .from(ce)
    .innerJoin(organizacao, eq(organizacao.id, ce.organizacaoId))
    .where(and(eq(ce.id, id), doEscopo(ctx)));
  if (!l) throw naoEncontrado();
  return paraCemiterio(l as Linha);
}

const colunas = (e: CemiterioInput) => ({
  organizacaoId: e.organizacaoId,
  nome: e.nome,
  endereco: e.endereco ?? null,
  prazoExumacaoAnos: e.prazoExumacaoAnos,
  buscaPublica: e.buscaPublica ?? false,
});

export async function criar(deps: Deps, ctx: Contexto, e: CemiterioInput): Promise<Cemiterio> {
  const [novo] = await deps.db.insert(ce).values(colunas(e)).returning({ id: ce.id });
  return obter(deps.db, ctx, novo!.id);
}

export async function atualizar(deps: Deps, ctx: Contexto, id: number, e: CemiterioInput): Promise<Cemiterio> {
  const r = await deps.db
    .update(ce)
    .set({ ...colunas(e), atualizadoEm: new Date() })
    .where(and(eq(ce.id, id), doEscopo(ctx)))
    .returning({ id: ce.id });
  if (!r.length) throw naoEncontrado();
  return obter(deps.db, ctx, id);
}

/** Logical delete; a cemetery with a standing concession stays (its plots are in use). */
export async function excluir(deps: Deps, ctx: Contexto, id: number): Promise<void> {
  await deps.db.transaction(async (tx) => {
    await obter(tx, ctx, id);
    const [uso] = (
      (await tx.execute(sql`select 1 as x from arrendatario a join jazigo j on j.id = a.jazigo_id
        where j.cemiterio_id = ${id} and a.excluido_em is null and a.encerrada_em is null limit 1`)) as unknown as {
        rows: unknown[];
      }
    ).rows;
    if (uso) throw new AppError('REGISTRO_EM_USO');
    await tx.update(ce).set({ excluidoEm: new Date(), atualizadoEm: new Date() }).where(eq(ce.id, id));
  });
}

export async function selecionar(deps: Deps, ctx: Contexto, busca?: string) {
  return deps.db
    .select({ value: ce.id, label: ce.nome })
    .from(ce)
    .where(and(doEscopo(ctx), busca ? contemSemAcento(ce.nome, busca) : undefined))
    .orderBy(ce.nome)
    .limit(50);
}

/**
 * Lays out a block of plots (rows × numbers); the plots already there are kept as they are, so
 * a block can be extended by generating it again with a wider range.
 */
export async function gerarJazigos(deps: Deps, ctx: Contexto, cemiterioId: number, e: GerarJazigosInput) {
  await obter(deps.db, ctx, cemiterioId);
  const pedidos = (e.fileiraAte - e.fileiraDe + 1) * (e.numeroAte - e.numeroDe + 1);
  const r =
    (await deps.db.execute(sql`insert into jazigo (cemiterio_id, quadra, fileira, numero, tipo_jazigo, capacidade)
    select ${cemiterioId}, ${e.quadra}, f, n, ${e.tipoJazigo}, ${e.capacidade}
    from generate_series(${e.fileiraDe}::int, ${e.fileiraAte}::int) f, generate_series(${e.numeroDe}::int, ${e.numeroAte}::int) n
    on conflict (cemiterio_id, quadra, fileira, numero) do nothing
    returning id`)) as unknown as { rows: unknown[] };
  return { criados: r.rows.length, existentes: pedidos - r.rows.length };
}

/** What a plot shows in grids and selects, read with its cemetery's name. */
export const selecaoJazigo = {
  id: jz.id,
  cemiterioId: jz.cemiterioId,
  cemiterioNome: ce.nome,
  quadra: jz.quadra,
  fileira: jz.fileira,
  numero: jz.numero,
  rotulo: sql<string>`${jz.quadra} || '-' || ${jz.fileira} || '-' || ${jz.numero}`,
  tipoJazigo: jz.tipoJazigo,
  capacidade: jz.capacidade,
  situacaoJazigo: jz.situacaoJazigo,
  ocupantes: sql<number>`(select count(*)::int from falecido f where f.jazigo_id = "jazigo"."id" and f.excluido_em is null and f.data_exumacao is null)`,
};

/** The plots of one block of a cemetery (the first block when none is asked), row by row. */
export async function grade(deps: Deps, ctx: Contexto, cemiterioId: number, quadra?: string): Promise<GradeJazigos> {
  await obter(deps.db, ctx, cemiterioId);
  const quadras = (
    await deps.db
      .selectDistinct({ quadra: jz.quadra })
      .from(jz)
      .where(eq(jz.cemiterioId, cemiterioId))
      .orderBy(jz.quadra)
  ).map((q) => q.quadra);
  const escolhida = quadra && quadras.includes(quadra) ? quadra : (quadras[0] ?? null);
  if (escolhida === null) return { quadras, quadra: null, jazigos: [] };
  const jazigos = await deps.db
    .select(selecaoJazigo)
    .from(jz)
    .innerJoin(ce, eq(ce.id, jz.cemiterioId))
    .where(and(eq(jz.cemiterioId, cemiterioId), eq(jz.quadra, escolhida)))
    .orderBy(jz.fileira, jz.numero);
  return { quadras, quadra: escolhida, jazigos: jazigos as Jazigo[] };
}
