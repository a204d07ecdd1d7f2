import type { StatusContaAReceber } from '@sig/contracts';

/**
 * THE mapping from the provider's payment statuses and events to our statuses (spec §4), and
 * the rank that keeps a late or repeated webhook from moving a charge backwards. Documented in
 * docs/asaas-status.md; keep both in step.
 */
const POR_STATUS: Record<string, StatusContaAReceber> = {
  PENDING: 'ABERTO',
  AWAITING_RISK_ANALYSIS: 'PENDENTE',
  OVERDUE: 'VENCIDO',
  DUNNING_REQUESTED: 'VENCIDO',
  CONFIRMED: 'PAGO',
  RECEIVED: 'PAGO',
  RECEIVED_IN_CASH: 'PAGO',
  DUNNING_RECEIVED: 'PAGO',
  // The money is still ours until the refund or chargeback completes.
  REFUND_REQUESTED: 'PAGO',
  REFUND_IN_PROGRESS: 'PAGO',
  CHARGEBACK_REQUESTED: 'PAGO',
  CHARGEBACK_DISPUTE: 'PAGO',
  AWAITING_CHARGEBACK_REVERSAL: 'PAGO',
  REFUNDED: 'ESTORNADO',
};

/** Events that say more than the payment's status does. */
const POR_EVENTO: Record<string, StatusContaAReceber> = {
  PAYMENT_DELETED: 'CANCELADO',
  PAYMENT_REFUNDED: 'ESTORNADO',
};

/** Events that legitimately undo a later status: applied backwards, but only when not stale. */
export const EVENTOS_DESFAZER = new Set(['PAYMENT_RESTORED', 'PAYMENT_RECEIVED_IN_CASH_UNDONE']);

const RANK: Record<StatusContaAReceber, number> = {
  ABERTO: 0,
  PENDENTE: 1,
  VENCIDO: 1,
  PAGO: 2,
  ESTORNADO: 3,
  CANCELADO: 3,
  EXCLUIDO: 3,
  FECHADO: 3,
};

/** Our status for an event, or null when it tells nothing we track (an unknown status never reads as paid). */
export function statusDoEvento(evento: string, statusProvedor: string | undefined): StatusContaAReceber | null {
  return POR_EVENTO[evento] ?? (statusProvedor ? (POR_STATUS[statusProvedor] ?? null) : null);
}

/**
 * Whether a charge at `atual` takes `novo`: forward always, sideways between statuses of one
 * rank, backwards only through an undo event no older than the last one applied.
 */
export function avanca(
  atual: StatusContaAReceber,
  novo: StatusContaAReceber,
  evento: string,
  eventoEm: string | null,
  ultimoEventoEm: string | null,
): boolean {
  if (novo === atual) return false;
  if (RANK[novo] >= RANK[atual]) return true;
  return EVENTOS_DESFAZER.has(evento) && (!ultimoEventoEm || (eventoEm ?? '') >= ultimoEventoEm);
}

/**
 * A receivable's status from its active charges (one per installment): paid when all are,
 * refunded or cancelled when any is, else the most urgent of overdue, pending, open.
 */
export function statusDaConta(cobrancas: readonly StatusContaAReceber[]): StatusContaAReceber | null {
  if (!cobrancas.length) return null;
  if (cobrancas.every((s) => s === 'PAGO')) return 'PAGO';
  for (const s of ['ESTORNADO', 'CANCELADO', 'VENCIDO', 'PENDENTE'] as const) if (cobrancas.includes(s)) return s;
  return 'ABERTO';
}
