import { randomUUID } from 'node:crypto';
import { ACESSO_TERMOS, type Termo, type TermoInput, type TermoPagina, type TermoResumo } from '@sig/contracts';
import { type DbOuTx, schema } from '@sig/db';
import { and, asc, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { Contexto, Deps } from '../../platform/contexto.js';
import { AppError, naoEncontrado } from '../../platform/erros.js';
import { entreOrganizacoes, filtroOrganizacao, organizacoesEscolhidas } from '../../platform/escopo.js';
import { contemSemAcento } from '../../platform/sql.js';

/**
 * Consent terms (issue 22): a draft edited in place, published as an immutable version; the
 * published one before it is superseded in the same transaction. All within the user's scope of
 * the Termos screen (404 outside it).
 */
const ACESSO = ACESSO_TERMOS;
const { termo: tm, organizacao } = schema;

const selecao = {
  id: tm.id,
  idCompartilhado: tm.idCompartilhado,
  organizacaoId: tm.organizacaoId,
  organizacaoNome: organizacao.nomeFantasia,
  nome: tm.nome,
  categoriaTermo: tm.categoriaTermo,
  versao: tm.versao,
  situacaoTermo: tm.situacaoTermo,
  remetente: tm.remetente,
  assuntoEmail: tm.assuntoEmail,
  corpoEmail: tm.corpoEmail,
  texto: tm.texto,
  obrigatorio: tm.obrigatorio,
  publicadoEm: tm.publicadoEm,
  criadoEm: tm.criadoEm,
  atualizadoEm: tm.atualizadoEm,
};
type Datas = { publicadoEm: Date | null; criadoEm: Date; atualizadoEm: Date };
const iso = <T extends Datas>(l: T) => ({
  ...l,
  publicadoEm: l.publicadoEm?.toISOString() ?? null,
  criadoEm: l.criadoEm.toISOString(),
  atualizadoEm: l.atualizadoEm.toISOString(),
});
const paraTermo = (l: Record<string, unknown> & Datas) => iso(l) as unknown as Termo;

export const termoNoEscopo = (ctx: Contexto) => filtroOrganizacao(ctx, ACESSO, tm.organizacaoId);

const contagem = (situacao: string) =>
  sql<number>`(select count(*)::int from termo_solicitacao s join termo v on v.id = s.termo_id
    where v.id_compartilhado = "termo"."id_compartilhado" and s.situacao_solicitacao = ${situacao})`;

/** One row per term: its latest version, with its draft and published version and its requests counted. */
export async function listar(
  deps: Deps,
  ctx: Contexto,
  q: {
    organizacaoId?: number;
    nome?: string;
    categoriaTermo?: string;
    pagina: number;
    quantidade: number;
    ordem: 'asc' | 'desc';
  },
): Promise<TermoPagina> {
  const escolhidas = q.organizacaoId ? await organizacoesEscolhidas(deps, ctx, ACESSO, q.organizacaoId) : null;
  const onde = and(
    termoNoEscopo(ctx),
    sql`${tm.versao} = (select max(u.versao) from termo u where u.id_compartilhado = ${tm.idCompartilhado})`,
    escolhidas ? entreOrganizacoes(tm.organizacaoId, escolhidas) : undefined,
    q.nome ? contemSemAcento(tm.nome, q.nome) : undefined,
    q.categoriaTermo ? eq(tm.categoriaTermo, q.categoriaTermo) : undefined,
  );
  const { corpoEmail: _c, texto: _t, ...resumo } = selecao;
  const [linhas, [n]] = await Promise.all([
    deps.db
      .select({
        ...resumo,
        temRascunho: sql<boolean>`exists (select 1 from termo r where r.id_compartilhado = "termo"."id_compartilhado" and r.situacao_termo = 'RASCUNHO')`,
        versaoPublicada: sql<
          number | null
        >`(select p.versao from termo p where p.id_compartilhado = "termo"."id_compartilhado" and p.situacao_termo = 'PUBLICADO')`,
        pendentes: contagem('PENDENTE'),
        aceitos: contagem('ACEITO'),
        desconsiderados: contagem('DESCONSIDERADO'),
      })
      .from(tm)
      .innerJoin(organizacao, eq(organizacao.id, tm.organizacaoId))
      .where(onde)
      .orderBy(q.ordem === 'desc' ? sql`${tm.nome} desc, ${tm.id} desc` : sql`${tm.nome}, ${tm.id}`)
      .limit(q.quantidade)
      .offset((q.pagina - 1) * q.quantidade),
    deps.db.select({ n: sql<number>`count(*)::int` }).from(tm).where(onde),
  ]);
  return {
    itens: linhas.map((l) => iso(l) as unknown as TermoResumo),
    total: n?.n ?? 0,
    pagina: q.pagina,
    quantidade: q.quantidade,
  };
}

async function lerUm(db: DbOuTx, ctx: Contexto, onde: SQL | undefined): Promise<Termo | undefined> {
  const [l] = await db
    .select(selecao)
    .from(tm)
    .innerJoin(organizacao, eq(organizacao.id, tm.organizacaoId))
    .where(and(onde, termoNoEscopo(ctx)));
  return l ? paraTermo(l) : undefined;
}

export async function obter(db: DbOuTx, ctx: Contexto, id: number): Promise<Termo> {
  const t = await lerUm(db, ctx, eq(tm.id, id));
  if (!t) throw naoEncontrado();
  return t;
}

/** A term's versions, oldest first (the history and its diff). 404 for a term outside the scope. */
export async function historico(deps: Deps, ctx: Contexto, idCompartilhado: string): Promise<Termo[]> {
  const linhas = await deps.db
    .select(selecao)
    .from(tm)
    .innerJoin(organizacao, eq(organizacao.id, tm.organizacaoId))
    .where(and(eq(tm.idCompartilhado, idCompartilhado), termoNoEscopo(ctx)))
    .orderBy(asc(tm.versao));
  if (!linhas.length) throw naoEncontrado();
  return linhas.map(paraTermo);
}

/** The published version of a term (what is sent), or null. */
export const publicada = (db: DbOuTx, ctx: Contexto, idCompartilhado: string) =>
  lerUm(db, ctx, and(eq(tm.idCompartilhado, idCompartilhado), eq(tm.situacaoTermo, 'PUBLICADO')));

const colunas = (e: TermoInput) => ({
  organizacaoId: e.organizacaoId,
  nome: e.nome,
  categoriaTermo: e.categoriaTermo,
  remetente: e.remetente,
  assuntoEmail: e.assuntoEmail,
  corpoEmail: e.corpoEmail,
  texto: e.texto,
  obrigatorio: e.obrigatorio ?? false,
});

/** A new term: its first version, a draft. */
export async function criar(deps: Deps, ctx: Contexto, e: TermoInput): Promise<Termo> {
  const [novo] = await deps.db
    .insert(tm)
    .values({ ...colunas(e), idCompartilhado: randomUUID(), versao: 1 })
    .returning({ id: tm.id });
  return obter(deps.db, ctx, novo!.id);
}

/**
 * The draft of a term to edit (`/termos/editar-rascunho/:idCompartilhado`): the one there is, or
 * a new one copied from the latest version (the next version number).
 */
export async function rascunho(deps: Deps, ctx: Contexto, idCompartilhado: string): Promise<Termo> {
  return deps.db.transaction(async (tx) => {
    const versoes = await historico({ ...deps, db: tx }, ctx, idCompartilhado);
    const aberto = versoes.find((v) => v.situacaoTermo === 'RASCUNHO');
    if (aberto) return aberto;
    const ultima = versoes.at(-1)!;
    const [novo] = await tx
      .insert(tm)
      .values({ ...colunas(ultima), idCompartilhado, versao: ultima.versao + 1 })
      .returning({ id: tm.id });
    return obter(tx, ctx, novo!.id);
  });
}

/** Only a draft changes; a published or superseded version is refused (it is what people accepted). */
export async function atualizar(deps: Deps, ctx: Contexto, id: number, e: TermoInput): Promise<Termo> {
  const atual = await obter(deps.db, ctx, id);
  if (atual.situacaoTermo !== 'RASCUNHO') throw new AppError('TERMO_NAO_RASCUNHO');
  const r = await deps.db
    .update(tm)
    .set({ ...colunas(e), atualizadoEm: new Date() })
    .where(and(eq(tm.id, id), eq(tm.situacaoTermo, 'RASCUNHO')))
    .returning({ id: tm.id });
  if (!r.length) throw new AppError('TERMO_NAO_RASCUNHO');
  return obter(deps.db, ctx, id);
}

/** A draft nobody received yet may be thrown away; versions that were published stay. */
export async function excluir(deps: Deps, ctx: Contexto, id: number): Promise<void> {
  const atual = await obter(deps.db, ctx, id);
  if (atual.situacaoTermo !== 'RASCUNHO') throw new AppError('TERMO_NAO_RASCUNHO');
  await deps.db.delete(tm).where(and(eq(tm.id, id), eq(tm.situacaoTermo, 'RASCUNHO')));
}

/**
 * Publishes a term's draft: the published version before it becomes SUBSTITUIDO and the draft
 * the published one, in one transaction (the partial unique index refuses a second published
 * version should two publications race); `aoSubstituir` runs in it when a version was replaced.
 */
export async function publicar(
  deps: Deps,
  ctx: Contexto,
  idCompartilhado: string,
  aoSubstituir?: (tx: DbOuTx, v: { anteriorId: number; novaId: number }) => Promise<void>,
): Promise<Termo> {
  return deps.db.transaction(async (tx) => {
    const versoes = await historico({ ...deps, db: tx }, ctx, idCompartilhado);
    const aberto = versoes.find((v) => v.situacaoTermo === 'RASCUNHO');
    if (!aberto) throw new AppError('TERMO_SEM_RASCUNHO');
    const agora = new Date();
    const anterior = versoes.find((v) => v.situacaoTermo === 'PUBLICADO');
    await tx
      .update(tm)
      .set({ situacaoTermo: 'SUBSTITUIDO', atualizadoEm: agora })
      .where(and(eq(tm.idCompartilhado, idCompartilhado), eq(tm.situacaoTermo, 'PUBLICADO')));
    await tx
      .update(tm)
      .set({ situacaoTermo: 'PUBLICADO', publicadoEm: agora, atualizadoEm: agora })
      .where(and(eq(tm.id, aberto.id), eq(tm.situacaoTermo, 'RASCUNHO'), isNull(tm.publicadoEm)));
    if (anterior && aoSubstituir) await aoSubstituir(tx, { anteriorId: anterior.id, novaId: aberto.id });
    return obter(tx, ctx, aberto.id);
  });
}
