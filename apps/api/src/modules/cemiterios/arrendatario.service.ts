import {
  ACESSO_ARRENDATARIO,
  type Arrendatario,
  type ArrendatarioInput,
  type ArrendatarioPagina,
  type ConservacaoInput,
  type ConversaoInput,
  DIAS_A_VENCER,
  type EncerramentoInput,
  type EstadoConcessao,
  type Herdeiro,
  hojeNoBrasil,
  normalizarValor,
  type RenovacaoInput,
  STATUS_EDITAVEIS,
  type StatusContaAReceber,
  type SucessaoInput,
} from '@sig/contracts';
import { type DbOuTx, schema } from '@sig/db';
import { tradutor } from '@sig/i18n';
import { and, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { Contexto, Deps } from '../../platform/contexto.js';
import { AppError, naoEncontrado } from '../../platform/erros.js';
import { lerHistorico, registrarAlteracao } from '../../platform/historico.js';
import { contemSemAcento, nomeCompletoPessoa } from '../../platform/sql.js';
import { nomeNoIdioma } from '../../platform/textos.js';
import { cobrarContasGeradas, exigirCobranca, retirarConta } from '../cobrancas/index.js';
import { cemiterioNoEscopo } from './cemiterio.service.js';
import { jazigoParaMudar, recalcularSituacao } from './jazigo.service.js';
import { contasDaConcessao, type Geradas, gerarParcelas, listarParcelas, temParcelas } from './parcela.service.js';

/**
 * Lease holders (spec §2 /arrendatario, §3): the concession of a plot to a person of the registry.
 * One standing concession per plot, decided under the plot's lock and backed by a partial unique
 * index; granting reserves a free plot, ending the concession frees it.
 */
const ACESSO = ACESSO_ARRENDATARIO;
/** The most history rows one concession shows. */
const LIMITE_HISTORICO = 500;
const { arrendatario: ar, jazigo: jz, cemiterio: ce, pessoa } = schema;

/** The deceased lying under the concession now (the exhumed have left). */
const sepultados = sql<number>`(select count(*)::int from falecido f where f.arrendatario_id = "arrendatario"."id" and f.excluido_em is null and f.data_exumacao is null)`;

/**
 * The concession's state on `hoje` (Brazil's day), derived in SQL so lists filter and count by it.
 * Closed and in exhumation first (the plot's state, set by hand, says the remains are leaving);
 * then the term, as it asks for action; reserved while no one lies in the plot, as the plot's own
 * state says.
 */
const estadoConcessao = (hoje: string) => sql<EstadoConcessao>`case
  when ${ar.encerradaEm} is not null then 'ENCERRADA'
  when ${jz.situacaoJazigo} = 'EM_EXUMACAO' then 'EM_EXUMACAO'
  when ${ar.tipoConcessao} <> 'PERPETUA' and ${ar.renovadoAte} < ${hoje}::date then 'VENCIDA'
  when ${ar.tipoConcessao} <> 'PERPETUA' and ${ar.renovadoAte} <= ${hoje}::date + ${DIAS_A_VENCER}::int then 'A_VENCER'
  when ${sepultados} = 0 then 'RESERVADA'
  else 'VIGENTE' end`;

const selecao = {
  id: ar.id,
  jazigoId: ar.jazigoId,
  jazigoRotulo: sql<string>`${jz.quadra} || '-' || ${jz.fileira} || '-' || ${jz.numero}`,
  cemiterioId: jz.cemiterioId,
  cemiterioNome: ce.nome,
  pessoaId: ar.pessoaId,
  pessoaNome: nomeCompletoPessoa,
  tipoConcessao: ar.tipoConcessao,
  inicio: ar.inicio,
  renovadoAte: ar.renovadoAte,
  valor: ar.valor,
  parcelas: ar.parcelas,
  isento: ar.isento,
  motivoIsencao: ar.motivoIsencao,
  convertidaEm: ar.convertidaEm,
  diferencaConversao: ar.diferencaConversao,
  encerradaEm: ar.encerradaEm,
  falecidos: sepultados,
  criadoEm: ar.criadoEm,
  atualizadoEm: ar.atualizadoEm,
};
type Linha = Omit<Arrendatario, 'criadoEm' | 'atualizadoEm' | 'tipoConcessao'> & {
  tipoConcessao: string;
  criadoEm: Date;
  atualizadoEm: Date;
};
const paraArrendatario = (l: Linha): Arrendatario => ({
  ...l,
  tipoConcessao: l.tipoConcessao as Arrendatario['tipoConcessao'],
  criadoEm: l.criadoEm.toISOString(),
  atualizadoEm: l.atualizadoEm.toISOString(),
});

const doEscopo = (ctx: Contexto) => and(isNull(ar.excluidoEm), cemiterioNoEscopo(ctx, ACESSO, sql`${jz.cemiterioId}`));

const consulta = (db: DbOuTx, onde: SQL | undefined) =>
  db
    .select({ ...selecao, estadoConcessao: estadoConcessao(hojeNoBrasil()) })
    .from(ar)
    .innerJoin(jz, eq(jz.id, ar.jazigoId))
    .innerJoin(ce, eq(ce.id, jz.cemiterioId))
    .innerJoin(pessoa, eq(pessoa.id, ar.pessoaId))
    .where(onde);

type Filtros = {
  cemiterioId?: number;
  nome?: string;
  vencendoAte?: string;
  venceEmMeses?: number;
  estadoConcessao?: EstadoConcessao;
};

/**
 * What expires in the next `meses` months: a standing concession with a term ending from today
 * on; a perpetual one never does.
 */
const venceEm = (hoje: string, meses: number) =>
  sql`(${ar.tipoConcessao} <> 'PERPETUA' and ${ar.encerradaEm} is null and ${ar.renovadoAte} >= ${hoje}::date
    and ${ar.renovadoAte} <= (${hoje}::date + make_interval(months => ${meses}::int))::date)`;

export async function listar(
  deps: Deps,
  ctx: Contexto,
  q: Filtros & { pagina: number; quantidade: number; ordem: 'asc' | 'desc' },
): Promise<ArrendatarioPagina> {
  const onde = and(
    doEscopo(ctx),
    q.cemiterioId ? eq(jz.cemiterioId, q.cemiterioId) : undefined,
    q.nome ? contemSemAcento(nomeCompletoPessoa, q.nome) : undefined,
    q.vencendoAte ? sql`${ar.renovadoAte} <= ${q.vencendoAte}` : undefined,
    q.venceEmMeses ? venceEm(hojeNoBrasil(), q.venceEmMeses) : undefined,
    q.estadoConcessao ? sql`${estadoConcessao(hojeNoBrasil())} = ${q.estadoConcessao}` : undefined,
  );
  const [linhas, [n]] = await Promise.all([
    consulta(deps.db, onde)
      .orderBy(
        q.ordem === 'desc'
          ? sql`${ce.nome} desc, ${jz.quadra} desc, ${jz.fileira} desc, ${jz.numero} desc`
          : sql`${ce.nome}, ${jz.quadra}, ${jz.fileira}, ${jz.numero}`,
      )
      .limit(q.quantidade)
      .offset((q.pagina - 1) * q.quantidade),
    deps.db
      .select({ n: sql<number>`count(*)::int` })
      .from(ar)
      .innerJoin(jz, eq(jz.id, ar.jazigoId))
      .innerJoin(pessoa, eq(pessoa.id, ar.pessoaId))
      .where(onde),
  ]);
  return {
    itens: (linhas as Linha[]).map(paraArrendatario),
    total: n?.n ?? 0,
    pagina: q.pagina,
    quantidade: q.quantidade,
  };
}

export async function obter(db: DbOuTx, ctx: Contexto, id: number): Promise<Arrendatario> {
  const [l] = await consulta(db, and(eq(ar.id, id), doEscopo(ctx)));
  if (!l) throw naoEncontrado();
  return paraArrendatario(l as Linha);
}

const campoJazigo = (codigo: 'JAZIGO_JA_CONCEDIDO' | 'JAZIGO_INDISPONIVEL') =>
  new AppError(codigo, {}, [{ campo: 'jazigoId', mensagem: `erros:${codigo}` }]);

/** The plot a concession goes to, locked: one neither unavailable nor granted already. */
async function concederJazigo(tx: DbOuTx, jazigoId: number) {
  const j = await jazigoParaMudar(tx, jazigoId);
  if (j.situacaoJazigo === 'INDISPONIVEL' || j.situacaoJazigo === 'EM_EXUMACAO')
    throw campoJazigo('JAZIGO_INDISPONIVEL');
  const [outra] = await tx
    .select({ id: ar.id })
    .from(ar)
    .where(and(eq(ar.jazigoId, jazigoId), isNull(ar.excluidoEm), isNull(ar.encerradaEm)));
  if (outra) throw campoJazigo('JAZIGO_JA_CONCEDIDO');
}

/** The plot a concession leaves: free again, which needs no one buried under the concession. */
async function liberarJazigo(tx: DbOuTx, arrendatarioId: number, jazigoId: number) {
  await jazigoParaMudar(tx, jazigoId);
  const [sepultado] = await tx
    .select({ id: schema.falecido.id })
    .from(schema.falecido)
    .where(
      and(
        eq(schema.falecido.arrendatarioId, arrendatarioId),
        isNull(schema.falecido.excluidoEm),
        isNull(schema.falecido.dataExumacao),
      ),
    )
    .limit(1);
  if (sepultado) throw new AppError('REGISTRO_EM_USO');
}

const colunas = (e: ArrendatarioInput) => ({
  jazigoId: e.jazigoId,
  pessoaId: e.pessoaId,
  tipoConcessao: e.tipoConcessao,
  inicio: e.inicio,
  renovadoAte: e.renovadoAte ?? null,
  valor: normalizarValor(e.valor),
  parcelas: e.parcelas,
  isento: e.isento,
  motivoIsencao: e.isento ? e.motivoIsencao : null,
});

/** The fields a concession's history keeps, as the input names them. */
const paraHistorico = (a: Arrendatario) => ({
  jazigoId: a.jazigoId,
  pessoaId: a.pessoaId,
  tipoConcessao: a.tipoConcessao,
  inicio: a.inicio,
  renovadoAte: a.renovadoAte,
  valor: a.valor,
  parcelas: a.parcelas,
  isento: a.isento,
  motivoIsencao: a.motivoIsencao,
});

type FormaCobranca = ArrendatarioInput['formaCobranca'];

/** The user's right to charge, asked before any installment is generated to be charged. */
const podeCobrar = (ctx: Contexto, forma: FormaCobranca) => {
  if (forma) exigirCobranca(ctx);
};

/**
 * The installments just committed charged at the provider, when the user asked: a batch, worked
 * outside the transaction (a provider's call never runs inside one).
 */
const cobrar = (deps: Deps, ctx: Contexto, forma: FormaCobranca, g: Geradas) =>
  forma ? cobrarContasGeradas(deps, ctx, { ...g, forma }) : undefined;

export async function criar(deps: Deps, ctx: Contexto, e: ArrendatarioInput): Promise<Arrendatario> {
  podeCobrar(ctx, e.formaCobranca);
  const { criado, geradas } = await deps.db.transaction(async (tx) => {
    await concederJazigo(tx, e.jazigoId);
    const [novo] = await tx.insert(ar).values(colunas(e)).returning({ id: ar.id });
    await recalcularSituacao(tx, e.jazigoId);
    const geradas = await parcelasDaConcessao(tx, ctx, novo!.id, e);
    const criado = await obter(tx, ctx, novo!.id);
    await registrarAlteracao(tx, ctx, 'arrendatario', criado.id, null, paraHistorico(criado));
    return { criado, geradas };
  });
  await cobrar(deps, ctx, e.formaCobranca, geradas);
  return criado;
}

/** The installments of the concession itself, by the price and terms of its form. */
const parcelasDaConcessao = (tx: DbOuTx, ctx: Contexto, id: number, e: ArrendatarioInput) =>
  gerarParcelas(tx, ctx, {
    arrendatarioId: id,
    pessoaId: e.pessoaId,
    jazigoId: e.jazigoId,
    isento: e.isento,
    origem: 'CONCESSAO',
    referencia: e.inicio,
    valor: e.valor,
    parcelas: e.parcelas,
  });

/** What an event of the concession needs to generate its installments. */
const doEvento = (a: Arrendatario) => ({
  arrendatarioId: a.id,
  pessoaId: a.pessoaId,
  jazigoId: a.jazigoId,
  isento: a.isento,
});

/**
 * The concession locked for a change; a closed one is only read. Locked before it is read: a change
 * that waited on another one reads what that one wrote (a second renewal at once is refused, not
 * applied on the stale term).
 */
async function paraMudar(tx: DbOuTx, ctx: Contexto, id: number, { encerrada = false } = {}) {
  await tx.select({ id: ar.id }).from(ar).where(eq(ar.id, id)).for('update');
  const antes = await obter(tx, ctx, id);
  if (antes.encerradaEm && !encerrada) throw new AppError('CONCESSAO_ENCERRADA');
  return antes;
}

export async function atualizar(deps: Deps, ctx: Contexto, id: number, e: ArrendatarioInput): Promise<Arrendatario> {
  podeCobrar(ctx, e.formaCobranca);
  const geradas = await deps.db.transaction(async (tx) => {
    const antes = await paraMudar(tx, ctx, id);
    // A temporary concession becomes perpetual only by the conversion, which adds the difference.
    if (antes.tipoConcessao !== e.tipoConcessao)
      throw new AppError('TIPO_CONCESSAO_NA_EDICAO', {}, [
        { campo: 'tipoConcessao', mensagem: 'erros:TIPO_CONCESSAO_NA_EDICAO' },
      ]);
    // Its receivables were made from what it cost: the price and its terms stay as charged. One
    // granted free or exempt and priced now gets its installments here.
    const mudouCobranca =
      normalizarValor(e.valor) !== normalizarValor(antes.valor) ||
      e.parcelas !== antes.parcelas ||
      e.isento !== antes.isento;
    const cobrada = await temParcelas(tx, id, 'CONCESSAO');
    if (mudouCobranca && cobrada) throw new AppError('CONCESSAO_COM_PARCELAS');
    if (antes.jazigoId !== e.jazigoId) {
      await liberarJazigo(tx, id, antes.jazigoId);
      // The row leaves its plot first, so the check of the new plot does not find it.
      await tx.update(ar).set({ excluidoEm: new Date() }).where(eq(ar.id, id));
      await concederJazigo(tx, e.jazigoId);
    }
    await tx
      .update(ar)
      .set({ ...colunas(e), excluidoEm: null, atualizadoEm: new Date() })
      .where(eq(ar.id, id));
    await recalcularSituacao(tx, antes.jazigoId);
    await recalcularSituacao(tx, e.jazigoId);
    const geradas = cobrada ? null : await parcelasDaConcessao(tx, ctx, id, e);
    await registrarAlteracao(
      tx,
      ctx,
      'arrendatario',
      id,
      paraHistorico(antes),
      paraHistorico(await obter(tx, ctx, id)),
    );
    return geradas;
  });
  if (geradas) await cobrar(deps, ctx, e.formaCobranca, geradas);
  return obter(deps.db, ctx, id);
}

/**
 * A renewal: a later "renewed until" for a concession with a term (a perpetual one has none),
 * kept in the record's change history.
 */
export async function renovar(deps: Deps, ctx: Contexto, id: number, e: RenovacaoInput): Promise<Arrendatario> {
  podeCobrar(ctx, e.formaCobranca);
  const geradas = await deps.db.transaction(async (tx) => {
    const antes = await paraMudar(tx, ctx, id);
    if (antes.tipoConcessao === 'PERPETUA') throw new AppError('CONCESSAO_PERPETUA');
    // With no term yet, the renewal still starts after the concession does.
    const limite = antes.renovadoAte ?? antes.inicio;
    if (e.renovadoAte <= limite)
      throw new AppError('RENOVACAO_NAO_POSTERIOR', { data: limite }, [
        { campo: 'renovadoAte', mensagem: 'erros:RENOVACAO_NAO_POSTERIOR' },
      ]);
    await tx.update(ar).set({ renovadoAte: e.renovadoAte, atualizadoEm: new Date() }).where(eq(ar.id, id));
    const geradas = await gerarParcelas(tx, ctx, {
      ...doEvento(antes),
      origem: 'RENOVACAO',
      referencia: e.renovadoAte,
      valor: e.valor ?? '0',
      parcelas: e.parcelas ?? 1,
    });
    await registrarAlteracao(
      tx,
      ctx,
      'arrendatario',
      id,
      { renovadoAte: antes.renovadoAte },
      { renovadoAte: e.renovadoAte },
    );
    return geradas;
  });
  await cobrar(deps, ctx, e.formaCobranca, geradas);
  return obter(deps.db, ctx, id);
}

/**
 * A temporary concession made perpetual within its term (issue 20): the difference paid is
 * added to its value and kept on the record; the term ends, as a perpetual one has none. The
 * change history keeps each field's before and after, as a renewal's.
 */
export async function converterPerpetua(
  deps: Deps,
  ctx: Contexto,
  id: number,
  e: ConversaoInput,
): Promise<Arrendatario> {
  podeCobrar(ctx, e.formaCobranca);
  const geradas = await deps.db.transaction(async (tx) => {
    const antes = await paraMudar(tx, ctx, id);
    if (antes.tipoConcessao !== 'TEMPORARIA') throw new AppError('CONCESSAO_NAO_TEMPORARIA');
    if (e.convertidaEm < antes.inicio || (antes.renovadoAte && e.convertidaEm > antes.renovadoAte))
      throw new AppError('CONVERSAO_FORA_DO_PRAZO', { inicio: antes.inicio, fim: antes.renovadoAte ?? '—' }, [
        { campo: 'convertidaEm', mensagem: 'erros:CONVERSAO_FORA_DO_PRAZO' },
      ]);
    const diferenca = normalizarValor(e.diferencaConversao);
    const [depois] = await tx
      .update(ar)
      .set({
        tipoConcessao: 'PERPETUA',
        renovadoAte: null,
        valor: sql`${ar.valor} + ${diferenca}::numeric`,
        convertidaEm: e.convertidaEm,
        diferencaConversao: diferenca,
        atualizadoEm: new Date(),
      })
      .where(eq(ar.id, id))
      .returning({ valor: ar.valor });
    const geradas = await gerarParcelas(tx, ctx, {
      ...doEvento(antes),
      origem: 'CONVERSAO',
      referencia: e.convertidaEm,
      valor: diferenca,
      parcelas: e.parcelas ?? 1,
    });
    await registrarAlteracao(
      tx,
      ctx,
      'arrendatario',
      id,
      {
        tipoConcessao: antes.tipoConcessao,
        renovadoAte: antes.renovadoAte,
        valor: antes.valor,
        convertidaEm: null,
        diferencaConversao: null,
      },
      {
        tipoConcessao: 'PERPETUA',
        renovadoAte: null,
        valor: depois!.valor,
        convertidaEm: e.convertidaEm,
        diferencaConversao: diferenca,
      },
    );
    return geradas;
  });
  await cobrar(deps, ctx, e.formaCobranca, geradas);
  return obter(deps.db, ctx, id);
}

/**
 * The end of a concession (issue 20: after the exhumation, closed): its plot, with no one left
 * in it, is free for a new grant; unlike a deletion, the concession stays on the list, closed.
 */
export async function encerrar(deps: Deps, ctx: Contexto, id: number, e: EncerramentoInput): Promise<Arrendatario> {
  await deps.db.transaction(async (tx) => {
    const antes = await paraMudar(tx, ctx, id);
    if (e.encerradaEm < antes.inicio)
      throw new AppError('ENCERRAMENTO_ANTES_DO_INICIO', { data: antes.inicio }, [
        { campo: 'encerradaEm', mensagem: 'erros:ENCERRAMENTO_ANTES_DO_INICIO' },
      ]);
    await liberarJazigo(tx, id, antes.jazigoId);
    await tx.update(ar).set({ encerradaEm: e.encerradaEm, atualizadoEm: new Date() }).where(eq(ar.id, id));
    await recalcularSituacao(tx, antes.jazigoId);
    await registrarAlteracao(tx, ctx, 'arrendatario', id, { encerradaEm: null }, { encerradaEm: e.encerradaEm });
  });
  return obter(deps.db, ctx, id);
}

/** The concession's change history, newest first, with who made each change. */
export async function historico(deps: Deps, ctx: Contexto, id: number) {
  await obter(deps.db, ctx, id);
  return lerHistorico(deps.db, 'arrendatario', id, LIMITE_HISTORICO);
}

const { pessoaFamilia: familia, grauParentesco: grau } = schema;

/** The holder's living relatives (the registry's family links): who may succeed the holder. */
const familiaresVivos = (titularId: number) =>
  and(
    eq(familia.pessoaId, titularId),
    isNull(familia.excluidoEm),
    isNull(pessoa.excluidoEm),
    sql`${pessoa.status} <> 'FALECIDO'`,
    isNull(pessoa.dataFalecimento),
  );

/** Who may succeed the concession's holder: the holder's living relatives, by name. */
export async function herdeiros(deps: Deps, ctx: Contexto, id: number): Promise<Herdeiro[]> {
  const a = await obter(deps.db, ctx, id);
  return deps.db
    .select({ pessoaId: pessoa.id, nome: nomeCompletoPessoa, grau: nomeNoIdioma(grau.nome, grau.nomeEn, ctx.idioma) })
    .from(familia)
    .innerJoin(pessoa, eq(pessoa.id, familia.parenteId))
    .innerJoin(grau, eq(grau.id, familia.grauParentescoId))
    .where(familiaresVivos(a.pessoaId))
    .orderBy(nomeCompletoPessoa);
}

/**
 * The holder's succession (issue 20): the holder died, and the concession passes to an heir among
 * the holder's living relatives; the change of holder, with its day, stays in the history.
 */
export async function suceder(deps: Deps, ctx: Contexto, id: number, e: SucessaoInput): Promise<Arrendatario> {
  await deps.db.transaction(async (tx) => {
    const antes = await paraMudar(tx, ctx, id);
    const [titular] = await tx
      .select({ status: pessoa.status, dataFalecimento: pessoa.dataFalecimento })
      .from(pessoa)
      .where(eq(pessoa.id, antes.pessoaId));
    if (titular?.status !== 'FALECIDO' && !titular?.dataFalecimento) throw new AppError('TITULAR_NAO_FALECIDO');
    const [parente] = await tx
      .select({ id: pessoa.id })
      .from(familia)
      .innerJoin(pessoa, eq(pessoa.id, familia.parenteId))
      .where(and(familiaresVivos(antes.pessoaId), eq(familia.parenteId, e.herdeiroId)));
    if (!parente)
      throw new AppError('HERDEIRO_SEM_VINCULO', {}, [{ campo: 'herdeiroId', mensagem: 'erros:HERDEIRO_SEM_VINCULO' }]);
    if (e.sucedidaEm < antes.inicio)
      throw new AppError('SUCESSAO_ANTES_DO_INICIO', { data: antes.inicio }, [
        { campo: 'sucedidaEm', mensagem: 'erros:SUCESSAO_ANTES_DO_INICIO' },
      ]);
    await tx.update(ar).set({ pessoaId: e.herdeiroId, atualizadoEm: new Date() }).where(eq(ar.id, id));
    await registrarAlteracao(
      tx,
      ctx,
      'arrendatario',
      id,
      { pessoaId: antes.pessoaId, sucedidaEm: null },
      { pessoaId: e.herdeiroId, sucedidaEm: e.sucedidaEm },
    );
  });
  return obter(deps.db, ctx, id);
}

/**
 * A year's upkeep fee of the concession (issue 20): one receivable due on the day given; the
 * same day twice is refused by the installments' unique key. An exempt concession pays none.
 */
export async function lancarConservacao(deps: Deps, ctx: Contexto, id: number, e: ConservacaoInput) {
  await deps.db.transaction(async (tx) => {
    const antes = await paraMudar(tx, ctx, id);
    if (antes.isento) throw new AppError('CONCESSAO_ISENTA');
    await gerarParcelas(tx, ctx, {
      ...doEvento(antes),
      origem: 'CONSERVACAO',
      referencia: e.vencimento,
      valor: e.valor,
      parcelas: 1,
    });
  });
  return listarParcelas(deps.db, id);
}

/** The concession's installments and the state of their receivables. */
export async function parcelas(deps: Deps, ctx: Contexto, id: number) {
  await obter(deps.db, ctx, id);
  return listarParcelas(deps.db, id);
}

/**
 * Logical delete of a concession with no one buried under it; its plot is free again. What it still
 * owed leaves with it: its open installments are withdrawn with their charges at the provider,
 * after the commit (no provider call inside a transaction), the reason in each one's history. A
 * paid installment refuses the delete: money received for a plot is undone by the treasurer first.
 */
export async function excluir(deps: Deps, ctx: Contexto, id: number): Promise<void> {
  const abertas = await deps.db.transaction(async (tx) => {
    const antes = await paraMudar(tx, ctx, id, { encerrada: true });
    const contas = await contasDaConcessao(tx, id);
    if (contas.some((c) => c.status === 'PAGO')) throw new AppError('CONCESSAO_COM_PARCELA_PAGA');
    await liberarJazigo(tx, id, antes.jazigoId);
    await tx.update(ar).set({ excluidoEm: new Date(), atualizadoEm: new Date() }).where(eq(ar.id, id));
    await recalcularSituacao(tx, antes.jazigoId);
    return contas.filter((c) => STATUS_EDITAVEIS.includes(c.status as StatusContaAReceber)).map((c) => c.id);
  });
  const motivo = tradutor('pt-BR')('cemiterios:parcelaRetirada');
  for (const contaId of abertas) await retirarConta(deps, contaId, motivo);
}

/** The standing concession of a plot (the one a burial goes under), if any. */
export async function concessaoDoJazigo(tx: DbOuTx, jazigoId: number) {
  const [a] = await tx
    .select({ id: ar.id })
    .from(ar)
    .where(and(eq(ar.jazigoId, jazigoId), isNull(ar.excluidoEm), isNull(ar.encerradaEm)));
  return a?.id ?? null;
}
