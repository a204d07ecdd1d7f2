import { timingSafeEqual } from 'node:crypto';
import { hojeNoBrasil, type StatusContaAReceber } from '@sig/contracts';
import { schema, type Tx } from '@sig/db';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Deps } from '../../platform/contexto.js';
import { AppError } from '../../platform/erros.js';
import { registrarAlteracao } from '../../platform/historico.js';
import { lancarPeloSistema } from '../financeiro/index.js';
import { avanca, statusDaConta, statusDoEvento } from './status-provedor.js';

/**
 * Provider webhooks (asaas-contract "Webhooks"): delivery is at least once, may repeat and may
 * come out of order. Each event is stored by id (a repeat is ignored), answered at once and
 * applied afterwards; an event left unapplied by a stop is applied at the next start.
 */
const { eventoProvedor: ev, cobranca: cob, contaAReceber: car } = schema;

/** The fields we read; anything else in the payload is kept but ignored. */
export type EventoAsaas = {
  id: string;
  event: string;
  dateCreated?: string;
  payment?: {
    id?: string;
    status?: string;
    value?: number;
    paymentDate?: string | null;
    clientPaymentDate?: string | null;
    confirmedDate?: string | null;
    creditDate?: string | null;
    estimatedCreditDate?: string | null;
  };
};

export function exigirToken(deps: Deps, recebido: string | string[] | undefined) {
  const esperado = deps.config.asaasWebhookToken;
  const token = Array.isArray(recebido) ? recebido[0] : recebido;
  const ok =
    !!esperado &&
    !!token &&
    Buffer.byteLength(token) === Buffer.byteLength(esperado) &&
    timingSafeEqual(Buffer.from(token), Buffer.from(esperado));
  if (!ok) throw new AppError('WEBHOOK_TOKEN_INVALIDO');
}

/** Stores the event; true when it is new (a repeat delivery answers 200 and does nothing). */
export async function registrarEvento(deps: Deps, e: EventoAsaas): Promise<boolean> {
  const novos = await deps.db
    .insert(ev)
    .values({ id: e.id, evento: e.event, pagamentoId: e.payment?.id ?? null, payload: e })
    .onConflictDoNothing()
    .returning({ id: ev.id });
  return novos.length > 0;
}

/** Applies one stored event, once: a concurrent worker holding it skips it. */
export async function processarEvento(deps: Deps, id: string): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const [linha] = await tx
      .select()
      .from(ev)
      .where(and(eq(ev.id, id), isNull(ev.processadoEm)))
      .for('update', { skipLocked: true });
    if (!linha) return;
    const e = linha.payload as EventoAsaas;
    const resultado = await aplicar(tx, e);
    await tx.update(ev).set({ processadoEm: new Date(), resultado }).where(eq(ev.id, id));
  });
}

async function aplicar(tx: Tx, e: EventoAsaas): Promise<string> {
  const p = e.payment;
  if (!p?.id) return 'sem-cobranca';
  const [c] = await tx
    .select()
    .from(cob)
    .where(and(eq(cob.provedorId, p.id), isNull(cob.canceladaEm)))
    .for('update');
  if (!c) return 'cobranca-desconhecida';
  const novo = statusDoEvento(e.event, p.status);
  const eventoEm = e.dateCreated ?? null;
  if (!novo || !avanca(c.status as StatusContaAReceber, novo, e.event, eventoEm, c.eventoEm)) {
    if (p.status && novo === c.status) await tx.update(cob).set({ statusProvedor: p.status }).where(eq(cob.id, c.id));
    return 'sem-mudanca';
  }
  const pago = novo === 'PAGO';
  await tx
    .update(cob)
    .set({
      status: novo,
      statusProvedor: p.status ?? c.statusProvedor,
      valor: pago && typeof p.value === 'number' ? p.value.toFixed(2) : c.valor,
      dataPagamento: pago ? (p.paymentDate ?? p.clientPaymentDate ?? p.confirmedDate ?? null) : null,
      dataCredito: pago ? (p.creditDate ?? p.estimatedCreditDate ?? null) : null,
      eventoEm: eventoEm && (!c.eventoEm || eventoEm > c.eventoEm) ? eventoEm : c.eventoEm,
      atualizadoEm: new Date(),
    })
    .where(eq(cob.id, c.id));
  const lancamento = await atualizarConta(tx, c.contaAReceberId);
  return `aplicado:${novo}${lancamento ? `;${lancamento}` : ''}`;
}

/**
 * The receivable follows its active charges: status, and the paid value and dates when paid.
 * Answers what became of the automatic cash entry when it has just been paid.
 */
async function atualizarConta(tx: Tx, contaId: number): Promise<string | undefined> {
  const [conta] = await tx.select().from(car).where(eq(car.id, contaId)).for('update');
  if (!conta) return undefined;
  const cobrancas = await tx
    .select({ status: cob.status, valor: cob.valor, dataPagamento: cob.dataPagamento, dataCredito: cob.dataCredito })
    .from(cob)
    .where(and(eq(cob.contaAReceberId, contaId), isNull(cob.canceladaEm)));
  const status = statusDaConta(cobrancas.map((x) => x.status as StatusContaAReceber)) ?? conta.status;
  const pagas = cobrancas.filter((x) => x.status === 'PAGO');
  const maior = (vs: (string | null)[]) =>
    vs
      .filter((v): v is string => !!v)
      .sort()
      .at(-1) ?? null;
  const novos = {
    status,
    valorPago: pagas.length ? pagas.reduce((s, x) => s + Number(x.valor), 0).toFixed(2) : null,
    dataPagamento: maior(pagas.map((x) => x.dataPagamento)),
    dataCredito: maior(pagas.map((x) => x.dataCredito)),
  };
  await tx
    .update(car)
    .set({ ...novos, atualizadoEm: new Date() })
    .where(eq(car.id, contaId));
  // No user: the provider changed it; filed under the owner so its history shows it.
  await registrarAlteracao(
    tx,
    { usuarioId: null, organizacaoId: conta.organizacaoId },
    'conta_a_receber',
    contaId,
    {
      status: conta.status,
      valorPago: conta.valorPago,
      dataPagamento: conta.dataPagamento,
      dataCredito: conta.dataCredito,
    },
    novos,
  );
  if (status === 'PAGO' && conta.status !== 'PAGO') return lancarRecebimento(tx, { ...conta, ...novos });
  return undefined;
}

/**
 * Spec §3 "auto cash posting": an organization that has it on gets the payment as money in on
 * its receipts cash account and credit ledger account, dated when the money is credited. A
 * refusal (no open period, settings missing) keeps the payment recorded and says why in the
 * event's result, for the treasurer to post by hand.
 */
async function lancarRecebimento(tx: Tx, conta: typeof car.$inferSelect): Promise<string> {
  const o = schema.organizacao;
  const [cfg] = await tx
    .select({ ligado: o.lancamentoCaixaAutomatico, caixa: o.contaCaixaEntradaId, plano: o.contaCreditoId })
    .from(o)
    .where(eq(o.id, conta.organizacaoId));
  if (!cfg?.ligado) return 'sem-lancamento-automatico';
  if (!cfg.caixa || !cfg.plano) return 'lancamento:CONFIGURACAO_INCOMPLETA';
  try {
    const id = await tx.transaction((sp) =>
      lancarPeloSistema(sp, {
        organizacaoId: conta.organizacaoId,
        contaCaixaId: cfg.caixa!,
        planoContaId: cfg.plano!,
        data: conta.dataCredito ?? conta.dataPagamento ?? hojeNoBrasil(),
        valor: conta.valorPago ?? conta.valorPrevisto,
        historico: `Recebimento: ${conta.descricao ?? `${conta.mesCompetencia}/${conta.anoCompetencia}`}`,
        pessoaId: conta.pessoaId,
        organizacaoReferenciaId: conta.organizacaoTitularId,
        origem: 'CONTA_A_RECEBER',
        origemId: conta.id,
      }),
    );
    return `lancamento:${id}`;
  } catch (e) {
    if (e instanceof AppError) return `lancamento:${e.codigo}`;
    throw e;
  }
}

/** Events stored but not applied (the process stopped in between), oldest first. */
export async function processarPendentes(deps: Deps, log: FastifyBaseLogger): Promise<void> {
  const pendentes = await deps.db
    .select({ id: ev.id })
    .from(ev)
    .where(isNull(ev.processadoEm))
    .orderBy(asc(ev.recebidoEm), sql`${ev.id}`);
  for (const { id } of pendentes) await processarComLog(deps, log, id);
}

/** An event that fails stays unapplied (retried at the next start) and is logged. */
export async function processarComLog(deps: Deps, log: FastifyBaseLogger, id: string): Promise<void> {
  try {
    await processarEvento(deps, id);
  } catch (err) {
    log.error({ err, evento: id }, 'webhook event not applied');
  }
}
