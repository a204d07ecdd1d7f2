import { z } from 'zod';
import { listQuery } from './paginacao.js';

/**
 * The financial exceptions view (`/pendencias-financeiras`, issue 17): everything about money that
 * did not go through by itself, each with the action that resolves it.
 */
export const TIPOS_PENDENCIA_FINANCEIRA = [
  /** A provider webhook event stored but not applied (its retries ran out). */
  'EVENTO_NAO_APLICADO',
  /** An automatic cash entry waiting for an open period on its date. */
  'LANCAMENTO_PENDENTE',
  /** Money taken at the provider for a charge cancelled in SIG, or one SIG does not know. */
  'PAGAMENTO_SEM_COBRANCA',
  /** A sub-account whose webhook could not be registered: its payments are not heard. */
  'SUBCONTA_SEM_WEBHOOK',
  /** The provider shows a charge in a status SIG could not take. */
  'STATUS_DIVERGENTE',
  /** A payment refunded at the provider after its receipt was issued (the receipt was cancelled). */
  'REEMBOLSO_APOS_RECIBO',
  /**
   * A payment for an event registration released unpaid whose seat was gone when the money came
   * (issue 19): re-seated once its lot and workshops have room, or refunded.
   */
  'INSCRICAO_PAGA_SEM_VAGA',
] as const;
export type TipoPendenciaFinanceira = (typeof TIPOS_PENDENCIA_FINANCEIRA)[number];

/** What resolves it: a POST of this API, or a screen to look at. */
export const ACOES_PENDENCIA_FINANCEIRA = [
  'REAPLICAR_EVENTO',
  'LANCAR_PENDENTE',
  'MARCAR_RESOLVIDA',
  'CONFERIR_WEBHOOK',
  'VER_RECIBO',
  'REACOMODAR_INSCRICAO',
] as const;

export const pendenciaFinanceira = z.object({
  /** `tipo:id`, unique across kinds. */
  chave: z.string(),
  tipo: z.enum(TIPOS_PENDENCIA_FINANCEIRA),
  /** The row the action works on (event id, pending posting, sub-account, charge or receipt). */
  referenciaId: z.string(),
  /** What it is about, for people (a provider payment id, a receivable, a receipt number). */
  referencia: z.string(),
  organizacaoId: z.number().int().nullable(),
  organizacaoNome: z.string().nullable(),
  valor: z.string().nullable(),
  data: z.string(),
  /** The last error or reason, when there is one. */
  detalhe: z.string().nullable(),
  acao: z.enum(ACOES_PENDENCIA_FINANCEIRA),
});
export type PendenciaFinanceira = z.infer<typeof pendenciaFinanceira>;

export const pendenciaFinanceiraListQuery = listQuery.extend({
  tipo: z.enum(TIPOS_PENDENCIA_FINANCEIRA).optional(),
});
export type PendenciaFinanceiraListQuery = z.infer<typeof pendenciaFinanceiraListQuery>;

export const contagemPendenciasFinanceiras = z.object({
  total: z.number().int(),
  porTipo: z.array(z.object({ tipo: z.enum(TIPOS_PENDENCIA_FINANCEIRA), total: z.number().int() })),
});
export type ContagemPendenciasFinanceiras = z.infer<typeof contagemPendenciasFinanceiras>;
