import type {
  Lancamento,
  LancamentoInput,
  LancamentoListQuery,
  LancamentoPagina,
  Paged,
  Periodo,
  PeriodoInput,
} from '@sig/contracts';
import { hojeNoBrasil, negarValor, normalizarValor } from '@sig/contracts';
import { type DbOuTx, schema } from '@sig/db';
import { tradutor } from '@sig/i18n';
import dayjs from 'dayjs';
import { and, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { Contexto, Deps } from '../../platform/contexto.js';
import { AppError, erroDeCampo, naoEncontrado } from '../../platform/erros.js';
import { filtroCompartilhado, filtroOrganizacao } from '../../platform/escopo.js';
import { arquivoExportacao, type FormatoArquivo } from '../../platform/exportacao.js';
import { registrarAlteracao } from '../../platform/historico.js';
import { contemSemAcento } from '../../platform/sql.js';
import { type TextoTraduzivel, textoPadrao, textoTraduzivel, traduzirTexto } from '../../platform/textos.js';
import {
  descartarPendentes,
  JUSTIFICATIVA_REEMBOLSO,
  JUSTIFICATIVA_REEMBOLSO_TRADUZIVEL,
  lancarPendentesDaConta,
  marcarReembolsado,
  pender,
} from './lancamento-pendente.service.js';

/** A ledger entry keeps money out as a negative amount. */
const valorComSinal = (tipo: string, valor: string) =>
  tipo === 'ENTRADA' ? normalizarValor(valor) : negarValor(valor);

/**
 * The cash ledger (spec §2, §3, §4): accounting periods per cash account and the entries in
 * them. Balances are never stored per entry: a period's current balance is its initial balance
 * plus its entries; closing fixes the final one and carries it to the next period.
 */
export const ACESSO_PERIODO = 'PeriodoContabil';
export const ACESSO_LANCAMENTO = 'Lancamentos';
const { contaCaixa, periodoContabil: pc, lancamentoCaixa: lc, planoConta, controleGerencial, organizacao } = schema;

type Tx = DbOuTx;

// ---------------------------------------------------------------- cash accounts and references

/** A cash account the user may keep books in (its organization in scope), or a field error. */
async function contaNoEscopo(tx: Tx, ctx: Contexto, acesso: string, id: number, campo: string) {
  const [c] = await tx
    .select({ id: contaCaixa.id, organizacaoId: contaCaixa.organizacaoId, saldoInicial: contaCaixa.saldoInicial })
    .from(contaCaixa)
    .where(
      and(
        eq(contaCaixa.id, id),
        isNull(contaCaixa.excluidoEm),
        filtroOrganizacao(ctx, acesso, contaCaixa.organizacaoId),
      ),
    );
  if (!c) throw erroDeCampo(campo, 'referenciaInexistente');
  return c;
}

/**
 * Entries go to analytic (leaf) accounts of the chart the user sees; a transfer only to one of
 * transfer nature (issue 17: moving money between cash accounts is neither income nor expense).
 */
async function exigirPlanoConta(
  tx: Tx,
  ctx: Contexto,
  acesso: string,
  e: Pick<LancamentoInput, 'planoContaId' | 'tipo'>,
) {
  const id = e.planoContaId;
  const [p] = await tx
    .select({ tipo: planoConta.tipoPlanoConta, natureza: planoConta.naturezaPlanoConta })
    .from(planoConta)
    .where(
      and(
        eq(planoConta.id, id),
        isNull(planoConta.excluidoEm),
        filtroCompartilhado(ctx, acesso, planoConta.organizacaoId, planoConta.acessivelHierarquia),
      ),
    );
  if (!p) throw erroDeCampo('planoContaId', 'referenciaInexistente');
  if (p.tipo !== 'ANALITICA')
    throw new AppError('CONTA_SINTETICA', {}, [{ campo: 'planoContaId', mensagem: 'erros:CONTA_SINTETICA' }]);
  if (e.tipo === 'TRANSFERENCIA' && p.natureza !== 'TRANSFERENCIA')
    throw new AppError('CONTA_NAO_TRANSFERENCIA', {}, [
      { campo: 'planoContaId', mensagem: 'erros:CONTA_NAO_TRANSFERENCIA' },
    ]);
}

async function exigirControleGerencial(tx: Tx, ctx: Contexto, acesso: string, id: number | null | undefined) {
  if (!id) return;
  const [c] = await tx
    .select({ id: controleGerencial.id })
    .from(controleGerencial)
    .where(
      and(
        eq(controleGerencial.id, id),
        isNull(controleGerencial.excluidoEm),
        filtroCompartilhado(ctx, acesso, controleGerencial.organizacaoId, controleGerencial.acessivelHierarquia),
      ),
    );
  if (!c) throw erroDeCampo('controleGerencialId', 'referenciaInexistente');
}

// ---------------------------------------------------------------- periods

/**
 * Written out in full: drizzle leaves columns unqualified in a select from one table, and an
 * unqualified `id` inside the subquery would be the entry's own.
 */
const saldoAtual = sql<string>`("periodo_contabil"."saldo_inicial" + coalesce((select sum(lx.valor) from lancamento_caixa lx
  where lx.periodo_contabil_id = "periodo_contabil"."id"), 0))::text`;

const selecaoPeriodo = {
  id: pc.id,
  contaCaixaId: pc.contaCaixaId,
  contaCaixaNome: contaCaixa.nome,
  organizacaoNome: organizacao.nomeFantasia,
  dataInicio: pc.dataInicio,
  dataFim: pc.dataFim,
  situacao: pc.situacao,
  saldoInicial: pc.saldoInicial,
  saldoAtual,
  saldoFinal: pc.saldoFinal,
  fechadoEm: pc.fechadoEm,
};

type LinhaPeriodo = Omit<Periodo, 'fechadoEm' | 'situacao'> & { fechadoEm: Date | null; situacao: string };
const paraPeriodo = (l: LinhaPeriodo): Periodo => ({
  ...l,
  situacao: l.situacao as Periodo['situacao'],
  fechadoEm: l.fechadoEm ? l.fechadoEm.toISOString() : null,
});

const periodosNoEscopo = (ctx: Contexto) => filtroOrganizacao(ctx, ACESSO_PERIODO, contaCaixa.organizacaoId);

export async function listarPeriodos(
  deps: Deps,
  ctx: Contexto,
  q: { pagina: number; quantidade: number; ordem: 'asc' | 'desc'; contaCaixaId?: number; situacao?: string },
): Promise<Paged<Periodo>> {
  const onde = and(
    periodosNoEscopo(ctx),
    q.contaCaixaId ? eq(pc.contaCaixaId, q.contaCaixaId) : undefined,
    q.situacao ? eq(pc.situacao, q.situacao) : undefined,
  );
  const [{ n }] = (await deps.db
    .select({ n: sql<number>`count(*)::int` })
    .from(pc)
    .innerJoin(contaCaixa, eq(contaCaixa.id, pc.contaCaixaId))
    .where(onde)) as [{ n: number }];
  const linhas = await deps.db
    .select(selecaoPeriodo)
    .from(pc)
    .innerJoin(contaCaixa, eq(contaCaixa.id, pc.contaCaixaId))
    .innerJoin(organizacao, eq(organizacao.id, contaCaixa.organizacaoId))
    .where(onde)
    .orderBy(q.ordem === 'asc' ? sql`${pc.dataInicio} asc, ${pc.id} asc` : sql`${pc.dataInicio} desc, ${pc.id} desc`)
    .limit(q.quantidade)
    .offset((q.pagina - 1) * q.quantidade);
  return { itens: linhas.map(paraPeriodo), total: n, pagina: q.pagina, quantidade: q.quantidade };
}

export async function obterPeriodo(db: DbOuTx, ctx: Contexto, id: number): Promise<Periodo> {
  const [l] = await db
    .select(selecaoPeriodo)
    .from(pc)
    .innerJoin(contaCaixa, eq(contaCaixa.id, pc.contaCaixaId))
    .innerJoin(organizacao, eq(organizacao.id, contaCaixa.organizacaoId))
    .where(and(eq(pc.id, id), periodosNoEscopo(ctx)));
  if (!l) throw naoEncontrado();
  return paraPeriodo(l);
}

/** The current balance of the latest period ending before a date, or the account's opening balance. */
async function saldoAntes(tx: Tx, contaCaixaId: number, data: string, saldoAbertura: string): Promise<string> {
  const [anterior] = await tx
    .select({ saldo: saldoAtual })
    .from(pc)
    .where(and(eq(pc.contaCaixaId, contaCaixaId), sql`${pc.dataFim} < ${data}`))
    .orderBy(sql`${pc.dataFim} desc`)
    .limit(1);
  return anterior?.saldo ?? saldoAbertura;
}

/** Opens a period on a cash account; periods of one account never overlap. */
export async function criarPeriodo(deps: Deps, ctx: Contexto, e: PeriodoInput): Promise<Periodo> {
  const id = await deps.db.transaction(async (tx) => {
    const conta = await contaNoEscopo(tx, ctx, ACESSO_PERIODO, e.contaCaixaId, 'contaCaixaId');
    // One writer per account at a time: overlapping periods cannot slip in side by side.
    await tx.execute(sql`select 1 from ${contaCaixa} where ${contaCaixa.id} = ${conta.id} for update`);
    const [sobreposto] = await tx
      .select({ id: pc.id })
      .from(pc)
      .where(
        and(eq(pc.contaCaixaId, conta.id), sql`${pc.dataInicio} <= ${e.dataFim} and ${pc.dataFim} >= ${e.dataInicio}`),
      );
    if (sobreposto)
      throw new AppError('PERIODO_SOBREPOSTO', {}, [{ campo: 'dataInicio', mensagem: 'erros:PERIODO_SOBREPOSTO' }]);
    const saldoInicial = await saldoAntes(tx, conta.id, e.dataInicio, conta.saldoInicial);
    const [novo] = await tx
      .insert(pc)
      .values({ contaCaixaId: conta.id, dataInicio: e.dataInicio, dataFim: e.dataFim, saldoInicial })
      .returning({ id: pc.id });
    await registrarAlteracao(tx, ctx, 'periodo_contabil', novo!.id, null, { ...e, saldoInicial });
    await lancarPendentesDaConta(tx, conta.id);
    return novo!.id;
  });
  return obterPeriodo(deps.db, ctx, id);
}

/** The period after one: the next calendar month when it was one, otherwise one of the same length. */
function proximoIntervalo(inicio: string, fim: string): { dataInicio: string; dataFim: string } {
  const a = dayjs(inicio);
  const b = dayjs(fim);
  const proximo = b.add(1, 'day');
  const mensal = a.date() === 1 && b.isSame(b.endOf('month'), 'day') && a.isSame(b, 'month');
  const ate = mensal ? proximo.endOf('month') : proximo.add(b.diff(a, 'day'), 'day');
  return { dataInicio: proximo.format('YYYY-MM-DD'), dataFim: ate.format('YYYY-MM-DD') };
}

async function periodoParaMudar(tx: Tx, ctx: Contexto, id: number) {
  const [p] = await tx
    .select({
      id: pc.id,
      contaCaixaId: pc.contaCaixaId,
      dataInicio: pc.dataInicio,
      dataFim: pc.dataFim,
      situacao: pc.situacao,
    })
    .from(pc)
    .innerJoin(contaCaixa, eq(contaCaixa.id, pc.contaCaixaId))
    .where(and(eq(pc.id, id), periodosNoEscopo(ctx)))
    .for('update', { of: pc });
  if (!p) throw naoEncontrado();
  return p;
}

/**
 * Closes a period (spec §4, after the user confirmed): its final balance is fixed and the next
 * period opens with it — or, when the next one exists, takes it as its initial balance.
 */
export async function fecharPeriodo(deps: Deps, ctx: Contexto, id: number): Promise<Periodo> {
  await deps.db.transaction(async (tx) => {
    const p = await periodoParaMudar(tx, ctx, id);
    if (p.situacao === 'FECHADO') throw new AppError('PERIODO_FECHADO');
    const [{ saldo }] = (await tx.select({ saldo: saldoAtual }).from(pc).where(eq(pc.id, id))) as [{ saldo: string }];
    await tx
      .update(pc)
      .set({ situacao: 'FECHADO', saldoFinal: saldo, fechadoEm: new Date(), fechadoPor: ctx.usuarioId })
      .where(eq(pc.id, id));
    const seguinte = proximoIntervalo(p.dataInicio, p.dataFim);
    const [existente] = await tx
      .select({ id: pc.id })
      .from(pc)
      .where(and(eq(pc.contaCaixaId, p.contaCaixaId), eq(pc.dataInicio, seguinte.dataInicio)));
    if (existente) await tx.update(pc).set({ saldoInicial: saldo }).where(eq(pc.id, existente.id));
    else {
      await tx.insert(pc).values({ contaCaixaId: p.contaCaixaId, ...seguinte, saldoInicial: saldo });
      await lancarPendentesDaConta(tx, p.contaCaixaId);
    }
    await registrarAlteracao(
      tx,
      ctx,
      'periodo_contabil',
      id,
      { situacao: 'ABERTO' },
      { situacao: 'FECHADO', saldoFinal: saldo },
    );
  });
  return obterPeriodo(deps.db, ctx, id);
}

/**
 * Reopens a closed period (spec §4, after the user confirmed): only the latest closed one of its
 * account, so that closing it again carries its balance to the periods after it.
 */
export async function reabrirPeriodo(deps: Deps, ctx: Contexto, id: number): Promise<Periodo> {
  await deps.db.transaction(async (tx) => {
    const p = await periodoParaMudar(tx, ctx, id);
    if (p.situacao !== 'FECHADO') throw new AppError('PERIODO_NAO_REABRIVEL');
    const [posterior] = await tx
      .select({ id: pc.id })
      .from(pc)
      .where(
        and(eq(pc.contaCaixaId, p.contaCaixaId), eq(pc.situacao, 'FECHADO'), sql`${pc.dataInicio} > ${p.dataInicio}`),
      )
      .limit(1);
    if (posterior) throw new AppError('PERIODO_NAO_REABRIVEL');
    await tx
      .update(pc)
      .set({ situacao: 'ABERTO', saldoFinal: null, fechadoEm: null, fechadoPor: null })
      .where(eq(pc.id, id));
    await registrarAlteracao(tx, ctx, 'periodo_contabil', id, { situacao: 'FECHADO' }, { situacao: 'ABERTO' });
    await lancarPendentesDaConta(tx, p.contaCaixaId);
  });
  return obterPeriodo(deps.db, ctx, id);
}

// ---------------------------------------------------------------- entries

/**
 * The open period of a cash account that holds a date, locked against closing while the entry
 * is written. Spec §8: 'no accounting period for the cash account'; a closed one refuses too.
 */
async function periodoAberto(tx: Tx, contaCaixaId: number, data: string, campo = 'data'): Promise<number> {
  const [p] = await tx
    .select({ id: pc.id, situacao: pc.situacao })
    .from(pc)
    .where(and(eq(pc.contaCaixaId, contaCaixaId), sql`${data} between ${pc.dataInicio} and ${pc.dataFim}`))
    .for('share');
  if (!p) throw new AppError('PERIODO_INEXISTENTE', {}, [{ campo, mensagem: 'erros:PERIODO_INEXISTENTE' }]);
  if (p.situacao !== 'ABERTO')
    throw new AppError('PERIODO_FECHADO', {}, [{ campo, mensagem: 'erros:PERIODO_FECHADO' }]);
  return p.id;
}

/** Entries of the scope; the running balance is the account's opening balance plus all its entries up to the row. */
function consultaLancamentos(ctx: Contexto, onde: SQL | undefined) {
  return sql`select l.id, to_char(l.data, 'YYYY-MM-DD') as "data", l.tipo, l.conta_caixa_id as "contaCaixaId",
      c.nome as "contaCaixaNome", l.periodo_contabil_id as "periodoContabilId", l.valor::text as "valor",
      l.plano_conta_id as "planoContaId", p.nome as "planoContaNome", l.controle_gerencial_id as "controleGerencialId",
      l.historico, l.documento, l.pessoa_id as "pessoaId", l.organizacao_referencia_id as "organizacaoReferenciaId",
      l.transferencia_id as "transferenciaId", l.estorno_de_id as "estornoDeId", l.estornado_em as "estornadoEm",
      l.justificativa_estorno as "justificativaEstorno", l.historico_traduzivel as "historicoTraduzivel",
      l.justificativa_traduzivel as "justificativaTraduzivel",
      (c.saldo_inicial + sum(l.valor) over (partition by l.conta_caixa_id order by l.data, l.id))::text as "saldo"
    from ${lc} l
      join ${contaCaixa} c on c.id = l.conta_caixa_id
      join ${planoConta} p on p.id = l.plano_conta_id
    where ${filtroOrganizacao(ctx, ACESSO_LANCAMENTO, sql`l.organizacao_id`)} ${onde ? sql`and ${onde}` : sql``}`;
}

type LinhaLancamento = Omit<Lancamento, 'estornadoEm'> & {
  estornadoEm: Date | string | null;
  historicoTraduzivel: TextoTraduzivel | null;
  justificativaTraduzivel: TextoTraduzivel | null;
};
/** An entry as its reader sees it: the texts the system wrote, in the reader's language. */
const paraLancamento = (
  { historicoTraduzivel, justificativaTraduzivel, ...l }: LinhaLancamento,
  idioma: Contexto['idioma'],
): Lancamento => ({
  ...l,
  historico: historicoTraduzivel ? traduzirTexto(idioma, historicoTraduzivel) : l.historico,
  justificativaEstorno: justificativaTraduzivel
    ? traduzirTexto(idioma, justificativaTraduzivel)
    : l.justificativaEstorno,
  estornadoEm: l.estornadoEm ? new Date(l.estornadoEm).toISOString() : null,
});

/** A reversal's description: the entry's own, marked as reversed (its key when it had one). */
const historicoDoEstorno = (l: { historico: string; historicoTraduzivel: TextoTraduzivel | null }) =>
  textoTraduzivel('financeiro:textos.estorno', { historico: l.historicoTraduzivel ?? l.historico });

/** The filtered ledger as a query: every earlier entry of the account counts in the balance, the filters narrow the rows. */
function lancamentosFiltrados(ctx: Contexto, q: FiltrosLancamentos) {
  const daConta = q.contaCaixaId ? sql`l.conta_caixa_id = ${q.contaCaixaId}` : undefined;
  const ate = q.periodoAte ? sql`l.data <= ${q.periodoAte}` : undefined;
  const filtros = and(
    q.periodoDe ? sql`x."data" >= ${q.periodoDe}` : undefined,
    q.periodoContabilId ? sql`x."periodoContabilId" = ${q.periodoContabilId}` : undefined,
    q.planoContaId ? sql`x."planoContaId" = ${q.planoContaId}` : undefined,
    q.controleGerencialId ? sql`x."controleGerencialId" = ${q.controleGerencialId}` : undefined,
    q.historico ? contemSemAcento(sql`x.historico`, q.historico) : undefined,
  );
  return sql`with x as (${consultaLancamentos(ctx, and(daConta, ate))})
    select x.*, count(*) over ()::int as "total", (sum(x.valor::numeric) over ())::numeric(16, 2)::text as "soma"
    from x ${filtros ? sql`where ${filtros}` : sql``}`;
}

type FiltrosLancamentos = Omit<LancamentoListQuery, 'pagina' | 'quantidade' | 'ordem'>;
type LinhaFiltrada = LinhaLancamento & { total: number; soma: string };

export async function listarLancamentos(deps: Deps, ctx: Contexto, q: LancamentoListQuery): Promise<LancamentoPagina> {
  const dir = sql.raw(q.ordem === 'desc' ? 'desc' : 'asc');
  const r = (await deps.db.execute(sql`${lancamentosFiltrados(ctx, q)}
    order by x."data" ${dir}, x.id ${dir} limit ${q.quantidade} offset ${(q.pagina - 1) * q.quantidade}`)) as unknown as {
    rows: LinhaFiltrada[];
  };
  return {
    itens: r.rows.map(({ total: _, soma: _s, ...l }) => paraLancamento(l, ctx.idioma)),
    total: r.rows[0]?.total ?? 0,
    pagina: q.pagina,
    quantidade: q.quantidade,
    // Issue 17: the totals row is the net of the whole filtered set, not of the page.
    totais: { valor: r.rows[0]?.soma ?? '0.00' },
  };
}

const LIMITE_EXPORTACAO = 100_000;
const LOTE_EXPORTACAO = 2_000;

/**
 * The filtered ledger as CSV or XLSX, in date order, with the texts the system wrote in the
 * reader's language; the balance column only when one cash account is filtered (it is per account).
 */
export async function exportarLancamentos(
  deps: Deps,
  ctx: Contexto,
  q: FiltrosLancamentos,
  formato: FormatoArquivo,
  origem: { ip: string; userAgent: string | null; rota: string },
) {
  deps.auditoria.exportacao(ctx, ACESSO_LANCAMENTO, origem);
  const t = tradutor(ctx.idioma);
  const campos = [
    ['data', 'data'],
    ['contaCaixaNome', 'texto'],
    ['historico', 'texto'],
    ['planoContaNome', 'texto'],
    ['documento', 'texto'],
    ['valor', 'dinheiro'],
    ...(q.contaCaixaId ? ([['saldo', 'dinheiro']] as const) : []),
    ['justificativaEstorno', 'texto'],
  ] as const;
  const colunas = campos.map(([c, tipo]) => ({ titulo: t(`campos:${c}`, { defaultValue: c }), tipo }));
  async function* lotes(): AsyncGenerator<unknown[][]> {
    for (let offset = 0; offset < LIMITE_EXPORTACAO; offset += LOTE_EXPORTACAO) {
      const r = (await deps.db.execute(sql`${lancamentosFiltrados(ctx, q)}
        order by x."data", x.id limit ${LOTE_EXPORTACAO} offset ${offset}`)) as unknown as { rows: LinhaFiltrada[] };
      if (!r.rows.length) return;
      yield r.rows.map(({ total: _, soma: _s, ...l }) => {
        const x = paraLancamento(l, ctx.idioma);
        return campos.map(([c]) => x[c] ?? null);
      });
      if (r.rows.length < LOTE_EXPORTACAO) return;
    }
  }
  return {
    nomeArquivo: `lancamentos-${hojeNoBrasil()}.${formato}`,
    conteudo: arquivoExportacao(formato, {
      titulo: t('menu:acessos.Lancamentos'),
      idioma: ctx.idioma,
      colunas,
      lotes: lotes(),
    }),
  };
}

export async function obterLancamento(db: DbOuTx, ctx: Contexto, id: number): Promise<Lancamento> {
  const r = (await db.execute(
    sql`select * from (${consultaLancamentos(ctx, sql`l.conta_caixa_id = (select conta_caixa_id from ${lc} where id = ${id})`)}) x where x.id = ${id}`,
  )) as unknown as { rows: LinhaLancamento[] };
  if (!r.rows[0]) throw naoEncontrado();
  return paraLancamento(r.rows[0], ctx.idioma);
}

const valoresLancamento = (e: LancamentoInput) => ({
  data: e.data,
  planoContaId: e.planoContaId,
  controleGerencialId: e.controleGerencialId ?? null,
  historico: e.historico,
  documento: e.documento ?? null,
  pessoaId: e.pessoaId ?? null,
  organizacaoReferenciaId: e.organizacaoReferenciaId ?? null,
});

/**
 * The ledger accounts an entry posts to, checked here too: besides the body's, those a record
 * posting its own entry chose (a worship offering's plan). The person or organization an entry
 * names comes only from a body, checked before the write (platform/referencias.ts).
 */
async function exigirContas(tx: Tx, ctx: Contexto, acesso: string, e: LancamentoInput) {
  await exigirPlanoConta(tx, ctx, acesso, e);
  await exigirControleGerencial(tx, ctx, acesso, e.controleGerencialId);
}

/** A record whose save posts an entry (a worship offering): the entry points back at it. */
export type OrigemLancamento = { origem: string; origemId: number };
/** What a record posting its own entry wrote as its description, as a key for the reader's language. */
type ComTexto = { historicoTraduzivel?: TextoTraduzivel | null };

type NovoLancamento = Omit<typeof lc.$inferInsert, 'periodoContabilId' | 'criadoPor'>;

/**
 * Writes one entry in the open period that holds its date, by a user or by the system (null);
 * who may post on which accounts is the caller's check.
 */
async function gravar(tx: Tx, criadoPor: number | null, v: NovoLancamento, campo = 'data'): Promise<number> {
  const periodoContabilId = await periodoAberto(tx, v.contaCaixaId, v.data, campo);
  const [novo] = await tx
    .insert(lc)
    .values({ ...v, periodoContabilId, criadoPor })
    .returning({ id: lc.id });
  return novo!.id;
}

/**
 * An entry made with no user behind it (spec §3 "auto cash posting": a payment received through
 * the provider): money in on the organization's own cash account and an analytic ledger account,
 * in an open period, or the period's error — the caller decides what a refusal means.
 */
export async function lancarPeloSistema(
  tx: Tx,
  l: {
    organizacaoId: number;
    contaCaixaId: number;
    planoContaId: number;
    data: string;
    valor: string;
    historico: string;
    pessoaId: number | null;
    organizacaoReferenciaId: number | null;
  } & OrigemLancamento &
    ComTexto,
): Promise<number> {
  const [conta] = await tx
    .select({ id: contaCaixa.id })
    .from(contaCaixa)
    .where(
      and(
        eq(contaCaixa.id, l.contaCaixaId),
        eq(contaCaixa.organizacaoId, l.organizacaoId),
        isNull(contaCaixa.excluidoEm),
      ),
    );
  if (!conta) throw erroDeCampo('contaCaixaId', 'referenciaInexistente');
  const [plano] = await tx
    .select({ tipo: planoConta.tipoPlanoConta })
    .from(planoConta)
    .where(and(eq(planoConta.id, l.planoContaId), isNull(planoConta.excluidoEm)));
  if (plano?.tipo !== 'ANALITICA') throw new AppError('CONTA_SINTETICA');
  const id = await gravar(tx, null, { ...l, tipo: 'ENTRADA', valor: normalizarValor(l.valor) });
  await registrarAlteracao(tx, { usuarioId: null, organizacaoId: l.organizacaoId }, 'lancamento_caixa', id, null, l);
  return id;
}

type LancamentoDoSistema = Parameters<typeof lancarPeloSistema>[1];
const ERROS_DE_PERIODO = new Set(['PERIODO_INEXISTENTE', 'PERIODO_FECHADO']);

/**
 * A system entry, or — when its date has no open period — a pending posting that the period's
 * opening posts (issue 17 item 3). Answers `lancamento:<id>`, `pendente:<id>`, or the refusal's code.
 */
export async function lancarOuPender(tx: Tx, l: LancamentoDoSistema): Promise<string> {
  try {
    return `lancamento:${await tx.transaction((sp) => lancarPeloSistema(sp, l))}`;
  } catch (e) {
    if (!(e instanceof AppError)) throw e;
    if (!ERROS_DE_PERIODO.has(e.codigo)) return `lancamento:${e.codigo}`;
    return `pendente:${await pender(tx, { ...l, valor: normalizarValor(l.valor), motivo: e.codigo })}`;
  }
}

/**
 * Undoes what an origin put in the ledger (a payment refunded at the provider): its standing
 * entry is reversed on `data`, or the reversal waits as a pending posting when that date has no
 * open period; an entry still pending is dropped instead.
 */
export async function estornarPeloSistema(
  tx: Tx,
  o: OrigemLancamento & { organizacaoId: number; data: string },
): Promise<string> {
  const [l] = await tx
    .select()
    .from(lc)
    .where(
      and(
        eq(lc.origem, o.origem),
        eq(lc.origemId, o.origemId),
        isNull(lc.estornadoEm),
        isNull(lc.estornoDeId),
        eq(lc.organizacaoId, o.organizacaoId),
      ),
    )
    .for('update');
  if (!l) return (await descartarPendentes(tx, o.origem, o.origemId)) ? 'pendente-descartado' : 'sem-lancamento';
  const estorno = {
    organizacaoId: l.organizacaoId,
    contaCaixaId: l.contaCaixaId,
    planoContaId: l.planoContaId,
    data: o.data,
    valor: negarValor(l.valor),
    historico: textoPadrao(historicoDoEstorno(l)),
    historicoTraduzivel: historicoDoEstorno(l),
    pessoaId: l.pessoaId,
    organizacaoReferenciaId: l.organizacaoReferenciaId,
  };
  try {
    const periodoContabilId = await tx.transaction((sp) => periodoAberto(sp, l.contaCaixaId, o.data));
    const [novo] = await tx
      .insert(lc)
      .values({
        ...estorno,
        tipo: l.tipo,
        periodoContabilId,
        estornoDeId: l.id,
        justificativaEstorno: JUSTIFICATIVA_REEMBOLSO,
        justificativaTraduzivel: JUSTIFICATIVA_REEMBOLSO_TRADUZIVEL,
      })
      .returning({ id: lc.id });
    await marcarReembolsado(tx, l.id);
    await registrarAlteracao(
      tx,
      { usuarioId: null, organizacaoId: l.organizacaoId },
      'lancamento_caixa',
      l.id,
      { estornado: false },
      { estornado: true, justificativa: JUSTIFICATIVA_REEMBOLSO },
    );
    return `estorno:${novo!.id}`;
  } catch (e) {
    if (!(e instanceof AppError) || !ERROS_DE_PERIODO.has(e.codigo)) throw e;
    return `estorno-pendente:${await pender(tx, { ...estorno, origem: o.origem, origemId: o.origemId, estornoDeId: l.id, motivo: e.codigo })}`;
  }
}

/**
 * Records an entry, or a transfer as two entries (out of one account, into the other), inside
 * the caller's transaction: a record that posts an entry is saved with it or not at all.
 * `acesso` is the screen whose scope the cash account must lie in.
 */
export async function lancar(
  tx: Tx,
  ctx: Contexto,
  acesso: string,
  e: LancamentoInput,
  origem?: OrigemLancamento & ComTexto,
): Promise<number> {
  const conta = await contaNoEscopo(tx, ctx, acesso, e.contaCaixaId, 'contaCaixaId');
  await exigirContas(tx, ctx, acesso, e);
  const id = await gravar(tx, ctx.usuarioId, {
    ...valoresLancamento(e),
    organizacaoId: conta.organizacaoId,
    contaCaixaId: conta.id,
    tipo: e.tipo,
    valor: valorComSinal(e.tipo, e.valor),
    origem: origem?.origem ?? null,
    origemId: origem?.origemId ?? null,
    historicoTraduzivel: origem?.historicoTraduzivel ?? null,
  });
  if (e.tipo === 'TRANSFERENCIA') {
    const destino = await contaNoEscopo(tx, ctx, acesso, e.contaCaixaDestinoId!, 'contaCaixaDestinoId');
    await gravar(
      tx,
      ctx.usuarioId,
      {
        ...valoresLancamento(e),
        organizacaoId: destino.organizacaoId,
        contaCaixaId: destino.id,
        tipo: e.tipo,
        valor: normalizarValor(e.valor),
        transferenciaId: id,
      },
      'contaCaixaDestinoId',
    );
    await tx.update(lc).set({ transferenciaId: id }).where(eq(lc.id, id));
  }
  await registrarAlteracao(tx, ctx, 'lancamento_caixa', id, null, { ...e });
  return id;
}

export async function criarLancamento(deps: Deps, ctx: Contexto, e: LancamentoInput): Promise<Lancamento> {
  const id = await deps.db.transaction((tx) => lancar(tx, ctx, ACESSO_LANCAMENTO, e));
  return obterLancamento(deps.db, ctx, id);
}

async function lancamentoParaMudar(tx: Tx, ctx: Contexto, acesso: string, id: number) {
  const [l] = await tx
    .select()
    .from(lc)
    .where(and(eq(lc.id, id), filtroOrganizacao(ctx, acesso, lc.organizacaoId)))
    .for('update');
  if (!l) throw naoEncontrado();
  return l;
}

/**
 * Corrects an entry of an open period (not a transfer, not reversed: those are reversed and
 * redone), inside the caller's transaction; both the entry's date and the new one must fall in
 * open periods.
 */
export async function corrigir(
  tx: Tx,
  ctx: Contexto,
  acesso: string,
  id: number,
  e: LancamentoInput,
  texto: ComTexto = {},
): Promise<void> {
  const atual = await lancamentoParaMudar(tx, ctx, acesso, id);
  if (atual.estornadoEm || atual.estornoDeId || atual.transferenciaId || e.tipo === 'TRANSFERENCIA')
    throw new AppError('LANCAMENTO_ESTORNADO');
  if (e.contaCaixaId !== atual.contaCaixaId) throw erroDeCampo('contaCaixaId', 'naoAlteravel');
  await periodoAberto(tx, atual.contaCaixaId, atual.data);
  const periodo = await periodoAberto(tx, atual.contaCaixaId, e.data);
  await exigirContas(tx, ctx, acesso, e);
  const novos = { ...valoresLancamento(e), tipo: e.tipo, valor: valorComSinal(e.tipo, e.valor) };
  await tx
    .update(lc)
    // A description typed by a user replaces the system's key.
    .set({
      ...novos,
      historicoTraduzivel: texto.historicoTraduzivel ?? null,
      periodoContabilId: periodo,
      atualizadoEm: new Date(),
    })
    .where(eq(lc.id, id));
  const antes = {
    data: atual.data,
    tipo: atual.tipo,
    valor: atual.valor,
    planoContaId: atual.planoContaId,
    controleGerencialId: atual.controleGerencialId,
    historico: atual.historico,
    documento: atual.documento,
    pessoaId: atual.pessoaId,
    organizacaoReferenciaId: atual.organizacaoReferenciaId,
  };
  await registrarAlteracao(tx, ctx, 'lancamento_caixa', id, antes, novos);
}

export async function atualizarLancamento(
  deps: Deps,
  ctx: Contexto,
  id: number,
  e: LancamentoInput,
): Promise<Lancamento> {
  await deps.db.transaction((tx) => corrigir(tx, ctx, ACESSO_LANCAMENTO, id, e));
  return obterLancamento(deps.db, ctx, id);
}

/**
 * Reverses an entry (spec §4, with a justification) inside the caller's transaction: a
 * counter-entry on the reversal's date, in an open period, and the entry marked reversed; a
 * transfer is reversed on both accounts.
 */
export async function estornar(
  tx: Tx,
  ctx: Contexto,
  acesso: string,
  id: number,
  e: { justificativa: string; data?: string; justificativaTraduzivel?: TextoTraduzivel },
): Promise<void> {
  const original = await lancamentoParaMudar(tx, ctx, acesso, id);
  if (original.estornadoEm || original.estornoDeId) throw new AppError('LANCAMENTO_ESTORNADO');
  const pernas = original.transferenciaId
    ? await tx.select().from(lc).where(eq(lc.transferenciaId, original.transferenciaId)).for('update')
    : [original];
  const data = e.data ?? hojeNoBrasil();
  for (const l of pernas) {
    const periodo = await periodoAberto(tx, l.contaCaixaId, data);
    const { id: idOriginal, criadoEm: _c, atualizadoEm: _a, ...resto } = l;
    await tx.insert(lc).values({
      ...resto,
      data,
      periodoContabilId: periodo,
      valor: negarValor(l.valor),
      historico: textoPadrao(historicoDoEstorno(l)),
      historicoTraduzivel: historicoDoEstorno(l),
      estornoDeId: idOriginal,
      estornadoEm: null,
      justificativaEstorno: e.justificativa,
      justificativaTraduzivel: e.justificativaTraduzivel ?? null,
      origem: null,
      origemId: null,
      criadoPor: ctx.usuarioId,
    });
    await tx
      .update(lc)
      .set({
        estornadoEm: new Date(),
        justificativaEstorno: e.justificativa,
        justificativaTraduzivel: e.justificativaTraduzivel ?? null,
        atualizadoEm: new Date(),
      })
      .where(eq(lc.id, idOriginal));
    await registrarAlteracao(
      tx,
      ctx,
      'lancamento_caixa',
      idOriginal,
      { estornado: false },
      {
        estornado: true,
        justificativa: e.justificativa,
      },
    );
  }
}

export async function estornarLancamento(
  deps: Deps,
  ctx: Contexto,
  id: number,
  e: { justificativa: string; data?: string },
): Promise<Lancamento> {
  await deps.db.transaction((tx) => estornar(tx, ctx, ACESSO_LANCAMENTO, id, e));
  return obterLancamento(deps.db, ctx, id);
}
