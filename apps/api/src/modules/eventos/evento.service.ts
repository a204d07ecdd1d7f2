import {
  ACESSO_EVENTO_COM_INSCRICAO,
  type Evento,
  type EventoComInscricao,
  type EventoComInscricaoInput,
  type EventoInput,
  type EventoListQuery,
  type EventoPagina,
  type FormularioEvento,
  STATUS_COM_VAGA,
} from '@sig/contracts';
import { type DbOuTx, schema } from '@sig/db';
import { and, asc, eq, gte, inArray, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import type { Contexto, Deps } from '../../platform/contexto.js';
import { AppError, naoEncontrado } from '../../platform/erros.js';
import {
  entreOrganizacoes,
  filtroOrganizacao,
  organizacoesAcima,
  organizacoesEscolhidas,
} from '../../platform/escopo.js';
import type { RegraReferencia } from '../../platform/referencias.js';
import { contemSemAcento } from '../../platform/sql.js';

/**
 * Events (issue 19): `/evento` holds the calendar entries, `/evento-com-inscricao` the events with
 * lots, workshops and a registration form. Each is changed within the user's scope of its screen;
 * an event shared down the hierarchy is also read (never changed) below its organizer.
 */
const { evento: ev, eventoLote: lt, eventoOficina: of, organizacao } = schema;

const COM_VAGA = sql.raw(STATUS_COM_VAGA.map((s) => `'${s}'`).join(', '));

/** The events a screen changes: of an organization in the user's scope. */
const proprios = (ctx: Contexto, acesso: string) => filtroOrganizacao(ctx, acesso, ev.organizacaoId);

/** The events a screen reads: its own, and those an organization above shares down. */
export function eventosVisiveis(ctx: Contexto, acesso: string): SQL {
  const acima = organizacoesAcima(ctx);
  const p = proprios(ctx, acesso);
  return acima.length ? or(p, and(eq(ev.visibilidade, 'HIERARQUIA'), inArray(ev.organizacaoId, acima)))! : p;
}

/** The events a write elsewhere may name (a staff registration): those the writer reads. */
export const REGRA_EVENTO: RegraReferencia = (ctx, acesso, ids) =>
  sql`select ${ev.id} as id from ${ev} where ${and(
    inArray(ev.id, [...ids]),
    isNull(ev.excluidoEm),
    eq(ev.comInscricao, true),
    eventosVisiveis(ctx, acesso),
  )}`;

const selecao = (ctx: Contexto, acesso: string) => ({
  id: ev.id,
  organizacaoId: ev.organizacaoId,
  organizacaoNome: organizacao.nomeFantasia,
  comInscricao: ev.comInscricao,
  tipoEvento: ev.tipoEvento,
  codigo: ev.codigo,
  nome: ev.nome,
  descricao: ev.descricao,
  inicio: ev.inicio,
  fim: ev.fim,
  local: ev.local,
  visibilidade: ev.visibilidade,
  somenteLeitura: sql<boolean>`not (${proprios(ctx, acesso)})`,
  criadoEm: ev.criadoEm,
  atualizadoEm: ev.atualizadoEm,
  prazoInscricao: ev.prazoInscricao,
  formasPagamento: ev.formasPagamento,
  diasVencimento: ev.diasVencimento,
  formulario: ev.formulario,
});
type Linha = Awaited<ReturnType<typeof ler>>[number];

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const paraEvento = (l: Linha): Evento => ({
  id: l.id,
  organizacaoId: l.organizacaoId,
  organizacaoNome: l.organizacaoNome,
  comInscricao: l.comInscricao,
  tipoEvento: l.tipoEvento as Evento['tipoEvento'],
  codigo: l.codigo,
  nome: l.nome,
  descricao: l.descricao,
  inicio: l.inicio.toISOString(),
  fim: l.fim.toISOString(),
  local: l.local,
  visibilidade: l.visibilidade as Evento['visibilidade'],
  somenteLeitura: l.somenteLeitura,
  criadoEm: l.criadoEm.toISOString(),
  atualizadoEm: l.atualizadoEm.toISOString(),
});

function ler(db: DbOuTx, ctx: Contexto, acesso: string, onde: SQL | undefined) {
  return db
    .select(selecao(ctx, acesso))
    .from(ev)
    .innerJoin(organizacao, eq(organizacao.id, ev.organizacaoId))
    .where(and(isNull(ev.excluidoEm), eventosVisiveis(ctx, acesso), onde));
}

const tipo = (acesso: string) => eq(ev.comInscricao, acesso === ACESSO_EVENTO_COM_INSCRICAO);

export async function listar(deps: Deps, ctx: Contexto, acesso: string, q: EventoListQuery): Promise<EventoPagina> {
  const escolhidas = q.organizacaoId ? await organizacoesEscolhidas(deps, ctx, acesso, q.organizacaoId) : null;
  const onde = and(
    tipo(acesso),
    escolhidas ? entreOrganizacoes(ev.organizacaoId, escolhidas) : undefined,
    q.nome ? or(contemSemAcento(ev.nome, q.nome), contemSemAcento(ev.codigo, q.nome)) : undefined,
    q.tipoEvento ? eq(ev.tipoEvento, q.tipoEvento) : undefined,
    q.de ? gte(ev.fim, new Date(`${q.de}T00:00:00-03:00`)) : undefined,
    q.ate ? lte(ev.inicio, new Date(`${q.ate}T23:59:59.999-03:00`)) : undefined,
  );
  const [linhas, [n]] = await Promise.all([
    ler(deps.db, ctx, acesso, onde)
      .orderBy(q.ordem === 'desc' ? sql`${ev.inicio} desc, ${ev.id} desc` : sql`${ev.inicio}, ${ev.id}`)
      .limit(q.quantidade)
      .offset((q.pagina - 1) * q.quantidade),
    deps.db
      .select({ n: sql<number>`count(*)::int` })
      .from(ev)
      .where(and(isNull(ev.excluidoEm), eventosVisiveis(ctx, acesso), onde)),
  ]);
  return { itens: linhas.map(paraEvento), total: n?.n ?? 0, pagina: q.pagina, quantidade: q.quantidade };
}

export async function obterEvento(db: DbOuTx, ctx: Contexto, acesso: string, id: number): Promise<Evento> {
  const [l] = await ler(db, ctx, acesso, and(eq(ev.id, id), tipo(acesso)));
  if (!l) throw naoEncontrado();
  return paraEvento(l);
}

/** Held (pending) and confirmed registrations of each lot / workshop of an event. */
export async function lotesEOficinas(db: DbOuTx, eventoId: number) {
  const [lotes, oficinas] = await Promise.all([
    db
      .select({
        id: lt.id,
        numero: lt.numero,
        valor: lt.valor,
        quantidade: lt.quantidade,
        inicio: lt.inicio,
        fim: lt.fim,
        ocupadas: sql<number>`(select count(*)::int from inscricao_evento i where i.lote_id = "evento_lote"."id" and i.status in (${COM_VAGA}))`,
        confirmadas: sql<number>`(select count(*)::int from inscricao_evento i where i.lote_id = "evento_lote"."id" and i.status in ('CONFIRMADA', 'CORTESIA'))`,
      })
      .from(lt)
      .where(eq(lt.eventoId, eventoId))
      .orderBy(asc(lt.numero)),
    db
      .select({
        id: of.id,
        nome: of.nome,
        vagas: of.vagas,
        categoria: of.categoria,
        horario: of.horario,
        ocupadas: sql<number>`(select count(*)::int from inscricao_oficina io join inscricao_evento i on i.id = io.inscricao_id
          where io.oficina_id = "evento_oficina"."id" and i.status in (${COM_VAGA}))`,
        confirmadas: sql<number>`(select count(*)::int from inscricao_oficina io join inscricao_evento i on i.id = io.inscricao_id
          where io.oficina_id = "evento_oficina"."id" and i.status in ('CONFIRMADA', 'CORTESIA'))`,
      })
      .from(of)
      .where(eq(of.eventoId, eventoId))
      .orderBy(asc(of.id)),
  ]);
  return { lotes, oficinas };
}

export async function obterComInscricao(db: DbOuTx, ctx: Contexto, id: number): Promise<EventoComInscricao> {
  const acesso = ACESSO_EVENTO_COM_INSCRICAO;
  const [l] = await ler(db, ctx, acesso, and(eq(ev.id, id), tipo(acesso)));
  if (!l) throw naoEncontrado();
  const { lotes, oficinas } = await lotesEOficinas(db, id);
  const [n] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(schema.inscricaoEvento)
    .where(and(eq(schema.inscricaoEvento.eventoId, id), sql`${schema.inscricaoEvento.status} in (${COM_VAGA})`));
  return {
    ...paraEvento(l),
    prazoInscricao: iso(l.prazoInscricao),
    formasPagamento: l.formasPagamento as EventoComInscricao['formasPagamento'],
    diasVencimento: l.diasVencimento,
    formulario: (l.formulario ?? { secoes: {}, perguntas: [] }) as FormularioEvento,
    lotes,
    oficinas,
    inscritos: n?.n ?? 0,
  };
}

const colunas = (e: EventoInput, comInscricao: boolean) => ({
  organizacaoId: e.organizacaoId,
  comInscricao,
  tipoEvento: e.tipoEvento,
  codigo: e.codigo,
  nome: e.nome,
  descricao: e.descricao,
  inicio: new Date(e.inicio),
  fim: new Date(e.fim),
  local: e.local,
  visibilidade: e.visibilidade,
});
const colunasInscricao = (e: EventoComInscricaoInput) => ({
  ...colunas(e, true),
  prazoInscricao: new Date(e.prazoInscricao),
  formasPagamento: e.formasPagamento,
  diasVencimento: e.diasVencimento,
  formulario: e.formulario,
});

/** A code names one event; taken, it answers on the field rather than as a bare conflict. */
async function exigirCodigoLivre(db: DbOuTx, codigo: string, id?: number) {
  const [outro] = await db
    .select({ id: ev.id })
    .from(ev)
    .where(and(sql`lower(${ev.codigo}) = lower(${codigo})`, id ? sql`${ev.id} <> ${id}` : undefined));
  if (outro)
    throw new AppError('REGISTRO_DUPLICADO', {}, [{ campo: 'codigo', mensagem: 'validacao:codigoEventoEmUso' }]);
}

export async function criarEvento(deps: Deps, ctx: Contexto, acesso: string, e: EventoInput): Promise<Evento> {
  await exigirCodigoLivre(deps.db, e.codigo);
  const [novo] = await deps.db.insert(ev).values(colunas(e, false)).returning({ id: ev.id });
  return obterEvento(deps.db, ctx, acesso, novo!.id);
}

/** The event row under the writer's scope, locked for the change. */
async function paraMudar(tx: DbOuTx, ctx: Contexto, acesso: string, id: number) {
  const [l] = await tx
    .select({ id: ev.id })
    .from(ev)
    .where(and(eq(ev.id, id), isNull(ev.excluidoEm), tipo(acesso), proprios(ctx, acesso)))
    .for('update');
  if (!l) throw naoEncontrado();
}

export async function atualizarEvento(
  deps: Deps,
  ctx: Contexto,
  acesso: string,
  id: number,
  e: EventoInput,
): Promise<Evento> {
  await deps.db.transaction(async (tx) => {
    await paraMudar(tx, ctx, acesso, id);
    await exigirCodigoLivre(tx, e.codigo, id);
    await tx
      .update(ev)
      .set({ ...colunas(e, false), atualizadoEm: new Date() })
      .where(eq(ev.id, id));
  });
  return obterEvento(deps.db, ctx, acesso, id);
}

export async function excluirEvento(deps: Deps, ctx: Contexto, acesso: string, id: number): Promise<void> {
  await deps.db.transaction(async (tx) => {
    await paraMudar(tx, ctx, acesso, id);
    const [ativa] = await tx
      .select({ id: schema.inscricaoEvento.id })
      .from(schema.inscricaoEvento)
      .where(and(eq(schema.inscricaoEvento.eventoId, id), sql`${schema.inscricaoEvento.status} in (${COM_VAGA})`))
      .limit(1);
    if (ativa) throw new AppError('REGISTRO_EM_USO');
    await tx.update(ev).set({ excluidoEm: new Date(), atualizadoEm: new Date() }).where(eq(ev.id, id));
  });
}

/**
 * Saves lots and workshops with the event: kept by id, added without one, removed when left out
 * (only while nothing holds a seat in them). A workshop's vacancies and a lot's quantity never go
 * below its confirmed registrants; the rows are locked, so a confirmation cannot slip in between.
 */
async function salvarFilhos(tx: DbOuTx, eventoId: number, e: EventoComInscricaoInput) {
  await tx.select({ id: lt.id }).from(lt).where(eq(lt.eventoId, eventoId)).orderBy(lt.id).for('update');
  await tx.select({ id: of.id }).from(of).where(eq(of.eventoId, eventoId)).orderBy(of.id).for('update');
  const { lotes, oficinas } = await lotesEOficinas(tx, eventoId);
  const erros: { campo: string; mensagem: string }[] = [];
  const loteAtual = new Map(lotes.map((l) => [l.id, l]));
  const oficinaAtual = new Map(oficinas.map((o) => [o.id, o]));
  e.lotes.forEach((l, i) => {
    const atual = l.id ? loteAtual.get(l.id) : undefined;
    if (l.id && !atual) erros.push({ campo: `lotes.${i}.id`, mensagem: 'erros:NAO_ENCONTRADO' });
    if (atual && l.quantidade < atual.confirmadas)
      erros.push({ campo: `lotes.${i}.quantidade`, mensagem: 'validacao:abaixoDasConfirmadas' });
  });
  e.oficinas.forEach((o, i) => {
    const atual = o.id ? oficinaAtual.get(o.id) : undefined;
    if (o.id && !atual) erros.push({ campo: `oficinas.${i}.id`, mensagem: 'erros:NAO_ENCONTRADO' });
    if (atual && o.vagas < atual.confirmadas)
      erros.push({ campo: `oficinas.${i}.vagas`, mensagem: 'validacao:abaixoDasConfirmadas' });
  });
  const lotesFora = lotes.filter((l) => !e.lotes.some((n) => n.id === l.id));
  const oficinasFora = oficinas.filter((o) => !e.oficinas.some((n) => n.id === o.id));
  const emUso = async (sqlUso: SQL) => ((await tx.execute(sqlUso)) as unknown as { rows: unknown[] }).rows.length > 0;
  for (const l of lotesFora)
    if (await emUso(sql`select 1 from inscricao_evento where lote_id = ${l.id} limit 1`))
      erros.push({ campo: 'lotes', mensagem: 'erros:REGISTRO_EM_USO' });
  for (const o of oficinasFora)
    if (await emUso(sql`select 1 from inscricao_oficina where oficina_id = ${o.id} limit 1`))
      erros.push({ campo: 'oficinas', mensagem: 'erros:REGISTRO_EM_USO' });
  if (erros.length) throw new AppError('VALIDACAO', {}, erros);

  if (lotesFora.length)
    await tx.delete(lt).where(
      inArray(
        lt.id,
        lotesFora.map((l) => l.id),
      ),
    );
  if (oficinasFora.length)
    await tx.delete(of).where(
      inArray(
        of.id,
        oficinasFora.map((o) => o.id),
      ),
    );
  // Numbers are unique per event: move the kept ones aside first so lots may swap numbers.
  const mantidos = e.lotes.filter((l) => l.id);
  if (mantidos.length)
    await tx
      .update(lt)
      .set({ numero: sql`-${lt.numero}` })
      .where(
        inArray(
          lt.id,
          mantidos.map((l) => l.id!),
        ),
      );
  for (const l of e.lotes) {
    const v = { numero: l.numero, valor: l.valor, quantidade: l.quantidade, inicio: l.inicio, fim: l.fim };
    if (l.id) await tx.update(lt).set(v).where(eq(lt.id, l.id));
    else await tx.insert(lt).values({ ...v, eventoId });
  }
  for (const o of e.oficinas) {
    const v = { nome: o.nome, vagas: o.vagas, categoria: o.categoria, horario: o.horario };
    if (o.id) await tx.update(of).set(v).where(eq(of.id, o.id));
    else await tx.insert(of).values({ ...v, eventoId });
  }
}

export async function criarComInscricao(
  deps: Deps,
  ctx: Contexto,
  e: EventoComInscricaoInput,
): Promise<EventoComInscricao> {
  const id = await deps.db.transaction(async (tx) => {
    await exigirCodigoLivre(tx, e.codigo);
    const [novo] = await tx.insert(ev).values(colunasInscricao(e)).returning({ id: ev.id });
    await salvarFilhos(tx, novo!.id, e);
    return novo!.id;
  });
  return obterComInscricao(deps.db, ctx, id);
}

export async function atualizarComInscricao(
  deps: Deps,
  ctx: Contexto,
  id: number,
  e: EventoComInscricaoInput,
): Promise<EventoComInscricao> {
  await deps.db.transaction(async (tx) => {
    await paraMudar(tx, ctx, ACESSO_EVENTO_COM_INSCRICAO, id);
    await exigirCodigoLivre(tx, e.codigo, id);
    await tx
      .update(ev)
      .set({ ...colunasInscricao(e), atualizadoEm: new Date() })
      .where(eq(ev.id, id));
    await salvarFilhos(tx, id, e);
  });
  return obterComInscricao(deps.db, ctx, id);
}

export async function selecionar(deps: Deps, ctx: Contexto, acesso: string, busca?: string) {
  return deps.db
    .select({ value: ev.id, label: ev.nome })
    .from(ev)
    .where(
      and(
        isNull(ev.excluidoEm),
        tipo(acesso),
        eventosVisiveis(ctx, acesso),
        busca ? contemSemAcento(ev.nome, busca) : undefined,
      ),
    )
    .orderBy(sql`${ev.inicio} desc`)
    .limit(50);
}
