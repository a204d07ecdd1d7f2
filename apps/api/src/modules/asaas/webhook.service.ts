import { timingSafeEqual } from 'node:crypto';
import { hojeNoBrasil, type StatusContaAReceber, somarValores } from '@sig/contracts';
import { schema, type Tx } from '@sig/db';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Deps } from '../../platform/contexto.js';
import { AppError } from '../../platform/erros.js';
import { registrarAlteracao } from '../../platform/historico.js';
import { type DefinicaoTarefa, mensagemDeFalha } from '../../platform/tarefas.js';
import { textoPadrao, textoTraduzivel } from '../../platform/textos.js';
import { estornarPeloSistema, lancarOuPender } from '../financeiro/index.js';
import { avanca, statusDaConta, statusDoEvento } from './status-provedor.js';

/**
 * Provider webhooks (asaas-contract "Webhooks"): delivery is at least once, may repeat and may
 * come out of order. Each event is stored by id (a repeat is ignored) together with the job that
 * applies it, and answered at once; the job applies it, retried with backoff when it fails (a
 * deadlock, the database away), and the event row keeps its attempts and last error.
 */
const { eventoProvedor: ev, cobranca: cob, contaAReceber: car, recibo, reciboItem } = schema;
/** What a receipt cancelled by a refund at the provider says, in its reader's language. */
export const JUSTIFICATIVA_RECIBO_REEMBOLSO = textoTraduzivel('financeiro:textos.reembolsoRecibo');
const FILA_APLICAR = 'asaas.aplicar-evento';
/** How an applied event says it brought money for no active charge of ours (an exception). */
export const PAGAMENTO_SEM_COBRANCA = 'pagamento-sem-cobranca';
/** The most an error text kept on the event row may hold. */
const MAX_ERRO = 500;

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

/** Stores the event and its applying job; true when it is new (a repeat delivery answers 200 and does nothing). */
export async function registrarEvento(deps: Deps, e: EventoAsaas): Promise<boolean> {
  return deps.db.transaction(async (tx) => {
    const novos = await tx
      .insert(ev)
      .values({ id: e.id, evento: e.event, pagamentoId: e.payment?.id ?? null, payload: e })
      .onConflictDoNothing()
      .returning({ id: ev.id });
    if (!novos.length) return false;
    await deps.tarefas.enviar(FILA_APLICAR, { eventoId: e.id }, { em: tx, chave: e.id });
    return true;
  });
}

/**
 * Applies one stored event, once: the row stays locked while it is applied, and an event
 * already applied is left alone (its result answered). A failure rolls the application back and
 * is counted on the row.
 */
export async function processarEvento(deps: Deps, id: string): Promise<string | null> {
  try {
    return await deps.db.transaction(async (tx) => {
      const [linha] = await tx.select().from(ev).where(eq(ev.id, id)).for('update');
      if (!linha) return null;
      if (linha.processadoEm) return linha.resultado;
      const resultado = await aplicar(tx, linha.payload as EventoAsaas);
      if (resultado.startsWith('aplicado:PAGO') || resultado.startsWith(`${PAGAMENTO_SEM_COBRANCA}:cancelada:`))
        await avisarPagamentoDeEvento(deps, tx, linha.payload as EventoAsaas);
      await tx
        .update(ev)
        .set({ processadoEm: new Date(), resultado, tentativas: sql`${ev.tentativas} + 1`, erro: null })
        .where(eq(ev.id, id));
      return resultado;
    });
  } catch (err) {
    await deps.db
      .update(ev)
      .set({ tentativas: sql`${ev.tentativas} + 1`, erro: mensagemDeFalha(err).slice(0, MAX_ERRO) })
      .where(eq(ev.id, id));
    throw err;
  }
}

/**
 * An event registration's receivable just paid (or paid after its registration was released and
 * its charge cancelled): the registrations' job (queue named here, not imported: events build on
 * this module) confirms or re-seats it now, not at its next scheduled run.
 */
async function avisarPagamentoDeEvento(deps: Deps, tx: Tx, e: EventoAsaas) {
  const [conta] = await tx
    .select({ tipo: car.tipo })
    .from(cob)
    .innerJoin(car, eq(car.id, cob.contaAReceberId))
    .where(eq(cob.provedorId, e.payment!.id!));
  if (conta?.tipo === 'EVENTO') await deps.tarefas.enviar(FILA_INSCRICOES_EVENTOS, {}, { em: tx });
}
const FILA_INSCRICOES_EVENTOS = 'eventos.processar-inscricoes';

async function aplicar(tx: Tx, e: EventoAsaas): Promise<string> {
  const p = e.payment;
  if (!p?.id) return 'sem-cobranca';
  // Receivable first, then its charge: the order a user's cancel locks them in, so the two never
  // wait on each other (issue 17 item 5).
  const [alvo] = await tx
    .select({ contaId: cob.contaAReceberId })
    .from(cob)
    .where(and(eq(cob.provedorId, p.id), isNull(cob.canceladaEm)));
  if (alvo) await tx.select({ id: car.id }).from(car).where(eq(car.id, alvo.contaId)).for('update');
  const [c] = alvo
    ? await tx
        .select()
        .from(cob)
        .where(and(eq(cob.provedorId, p.id), isNull(cob.canceladaEm)))
        .for('update')
    : [];
  if (!c) return semCobranca(tx, e);
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
 * An event for a charge we do not hold as active. Money taken for it (cancelled here, or never
 * ours) is recorded on the event and raised in the exceptions view until someone resolves it.
 */
async function semCobranca(tx: Tx, e: EventoAsaas): Promise<string> {
  const [cancelada] = await tx.select({ id: cob.id }).from(cob).where(eq(cob.provedorId, e.payment!.id!)).limit(1);
  if (statusDoEvento(e.event, e.payment?.status) !== 'PAGO') return 'cobranca-desconhecida';
  return cancelada ? `${PAGAMENTO_SEM_COBRANCA}:cancelada:${cancelada.id}` : `${PAGAMENTO_SEM_COBRANCA}:desconhecida`;
}

/**
 * Takes back a charge cancelled in SIG whose money came all the same (an applied event whose
 * result is a payment for a cancelled charge): the charge and its receivable are active again and
 * the event is applied anew in the caller's transaction, so the receivable is paid (and posted) as
 * any other. Answers the new result, or null when the event is not such a payment (any more).
 */
export async function retomarPagamentoCancelado(tx: Tx, eventoId: string): Promise<string | null> {
  const [linha] = await tx.select().from(ev).where(eq(ev.id, eventoId)).for('update');
  const prefixo = `${PAGAMENTO_SEM_COBRANCA}:cancelada:`;
  if (!linha?.resultado?.startsWith(prefixo) || linha.resolvidoEm) return null;
  const cobrancaId = Number(linha.resultado.slice(prefixo.length));
  const [c] = await tx.select({ contaId: cob.contaAReceberId }).from(cob).where(eq(cob.id, cobrancaId));
  if (!c) return null;
  const [conta] = await tx.select().from(car).where(eq(car.id, c.contaId)).for('update');
  if (!conta) return null;
  await tx
    .update(cob)
    .set({ canceladaEm: null, status: 'ABERTO', atualizadoEm: new Date() })
    .where(eq(cob.id, cobrancaId));
  const reaberta = { status: 'ABERTO', motivoCancelamento: null };
  await tx
    .update(car)
    .set({ ...reaberta, cobrancaGerada: true, atualizadoEm: new Date() })
    .where(eq(car.id, c.contaId));
  await registrarAlteracao(
    tx,
    { usuarioId: null, organizacaoId: conta.organizacaoId },
    'conta_a_receber',
    c.contaId,
    { status: conta.status, motivoCancelamento: conta.motivoCancelamento },
    reaberta,
  );
  const resultado = await aplicar(tx, linha.payload as EventoAsaas);
  await tx.update(ev).set({ resultado, processadoEm: new Date() }).where(eq(ev.id, eventoId));
  return resultado;
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
    valorPago: pagas.length ? somarValores(pagas.map((x) => x.valor)) : null,
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
  if (status === 'ESTORNADO' && conta.status === 'PAGO') return desfazerRecebimento(tx, conta);
  return undefined;
}

/**
 * Spec §3 "auto cash posting": an organization that has it on gets the payment as money in on
 * its receipts cash account and credit ledger account, dated when the money is credited. With no
 * open period for that date it waits as a pending posting (posted when the period opens); other
 * refusals (settings missing) keep the payment recorded and say why in the event's result.
 */
async function lancarRecebimento(tx: Tx, conta: typeof car.$inferSelect): Promise<string> {
  const o = schema.organizacao;
  const [cfg] = await tx
    .select({ ligado: o.lancamentoCaixaAutomatico, caixa: o.contaCaixaEntradaId, plano: o.contaCreditoId })
    .from(o)
    .where(eq(o.id, conta.organizacaoId));
  if (!cfg?.ligado) return 'sem-lancamento-automatico';
  if (!cfg.caixa || !cfg.plano) return 'lancamento:CONFIGURACAO_INCOMPLETA';
  const historico = textoTraduzivel('financeiro:textos.recebimento', {
    referencia: conta.descricao ?? `${conta.mesCompetencia}/${conta.anoCompetencia}`,
  });
  return lancarOuPender(tx, {
    organizacaoId: conta.organizacaoId,
    contaCaixaId: cfg.caixa,
    planoContaId: cfg.plano,
    data: conta.dataCredito ?? conta.dataPagamento ?? hojeNoBrasil(),
    valor: conta.valorPago ?? conta.valorPrevisto,
    historico: textoPadrao(historico),
    historicoTraduzivel: historico,
    pessoaId: conta.pessoaId,
    organizacaoReferenciaId: conta.organizacaoTitularId,
    origem: 'CONTA_A_RECEBER',
    origemId: conta.id,
  });
}

/**
 * A payment refunded at the provider after it was received (issue 17 item 3): its cash entry is
 * reversed (or its pending posting dropped), and a receipt that covers it is cancelled with the
 * reason, freeing its receivables, instead of standing as valid.
 */
async function desfazerRecebimento(tx: Tx, conta: typeof car.$inferSelect): Promise<string> {
  const partes = [
    await estornarPeloSistema(tx, {
      organizacaoId: conta.organizacaoId,
      origem: 'CONTA_A_RECEBER',
      origemId: conta.id,
      data: hojeNoBrasil(),
    }),
  ];
  const [item] = await tx
    .select({ reciboId: reciboItem.reciboId })
    .from(reciboItem)
    .where(and(eq(reciboItem.contaAReceberId, conta.id), eq(reciboItem.ativo, true)));
  if (item) {
    await tx
      .update(recibo)
      .set({
        estornadoEm: new Date(),
        justificativaEstorno: textoPadrao(JUSTIFICATIVA_RECIBO_REEMBOLSO),
        justificativaTraduzivel: JUSTIFICATIVA_RECIBO_REEMBOLSO,
      })
      .where(eq(recibo.id, item.reciboId));
    await tx.update(reciboItem).set({ ativo: false }).where(eq(reciboItem.reciboId, item.reciboId));
    await registrarAlteracao(
      tx,
      { usuarioId: null, organizacaoId: conta.organizacaoId },
      'recibo',
      item.reciboId,
      { estornadoEm: null },
      { estornadoEm: new Date(), justificativaEstorno: textoPadrao(JUSTIFICATIVA_RECIBO_REEMBOLSO) },
    );
    partes.push(`recibo-cancelado:${item.reciboId}`);
  }
  return partes.join(';');
}

/**
 * A job for every event stored but not applied whose job is gone (failed for good, or stored
 * before the job layer): an event with a job queued or running keeps it.
 */
export async function reaplicarPendentes(deps: Deps): Promise<number> {
  const pendentes = await deps.db
    .select({ id: ev.id })
    .from(ev)
    .where(isNull(ev.processadoEm))
    .orderBy(asc(ev.recebidoEm), sql`${ev.id}`);
  let n = 0;
  for (const { id } of pendentes) if (await deps.tarefas.enviar(FILA_APLICAR, { eventoId: id }, { chave: id })) n++;
  return n;
}

/** Applies a stored event; eight retries over about twenty minutes, then the reconciliation's. */
export const TAREFA_APLICAR_EVENTO: DefinicaoTarefa<Deps, { eventoId: string }> = {
  fila: FILA_APLICAR,
  unica: true,
  tentativas: 8,
  esperaSegundos: 5,
  expiraSegundos: 120,
  concorrencia: 2,
  executar: async (deps, t) => ({ resultado: await processarEvento(deps, t.dados.eventoId) }),
};
