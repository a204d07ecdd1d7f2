import type { TipoLote } from '@sig/contracts';
import type { TFunction } from 'i18next';
import type { Deps } from '../../platform/contexto.js';
import { TIPO_CLIENTES_ASAAS } from '../asaas/clientes-lote.tipo.js';
import { TIPO_CARNES } from '../carnes/carne.tipo.js';
import { TIPO_COBRANCAS } from '../cobrancas/cobrancas-lote.tipo.js';
import { TIPO_CONTAS_A_RECEBER } from '../receber/contas-a-receber-lote.tipo.js';

/** What a kind's functions get: the item and its batch. */
export type ItemEmTrabalho = {
  id: number;
  loteId: number;
  referenciaId: number;
  resultado: string | null;
  organizacaoId: number;
  /** This claim's number: above 1, an earlier attempt may have done part of the work. */
  tentativas: number;
  /** The batch's parameters as its kind's service saved them, and who created it. */
  parametros: unknown;
  criadoPor: number;
};

/**
 * A kind of bulk processing. `processar` may run again for an item already done (the worker
 * died before recording it): it must find what the first run did rather than do it twice.
 * Throwing an AppError records its code on the item (ERRO).
 */
export type DefinicaoTipoLote = {
  /** Returns what the item produced (shown on the item). */
  processar: (deps: Deps, item: ItemEmTrabalho) => Promise<string | null>;
  /** Absent when the kind's work cannot honestly be undone. */
  desfazer?: (deps: Deps, item: ItemEmTrabalho) => Promise<void>;
  /** The worker's pause after an item of this kind, when it differs from the usual one. */
  pausaMs?: number;
  /** The stored result in the reader's language, when the kind stores more than a plain id. */
  descreverResultado?: (resultado: string, t: TFunction) => string;
};

export const TIPOS: Record<TipoLote, DefinicaoTipoLote> = {
  CLIENTES_ASAAS: TIPO_CLIENTES_ASAAS,
  CARNES: TIPO_CARNES,
  CONTAS_A_RECEBER: TIPO_CONTAS_A_RECEBER,
  COBRANCAS: TIPO_COBRANCAS,
};
