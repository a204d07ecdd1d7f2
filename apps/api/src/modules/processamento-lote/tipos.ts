import type { TipoLote } from '@sig/contracts';
import { schema } from '@sig/db';
import type { Tradutor } from '@sig/i18n';
import { type SQL, sql } from 'drizzle-orm';
import type { Deps } from '../../platform/contexto.js';

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
 * True while this attempt still holds its item. A worker taken for dead (its lease lapsed on a
 * starved process) may still be running when another takes the item; a kind whose work spans
 * several transactions puts this in each, so the superseded attempt writes nothing more.
 */
export function aindaComOItem(t: Pick<ItemEmTrabalho, 'id' | 'tentativas'>): SQL {
  const i = schema.processamentoLoteItem;
  return sql`exists (select 1 from ${i} where ${i.id} = ${t.id} and ${i.status} = 'EM_ANDAMENTO' and ${i.tentativas} = ${t.tentativas})`;
}

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
  descreverResultado?: (resultado: string, t: Tradutor) => string;
};

const registrados = new Map<string, DefinicaoTipoLote>();

/**
 * The composition root gives every kind its definition, each from the module that owns it (the
 * record's type makes a kind left out fail to compile); this module imports none of them.
 */
export function registrarTiposLote(tipos: Record<TipoLote, DefinicaoTipoLote>) {
  for (const [tipo, definicao] of Object.entries(tipos)) registrados.set(tipo, definicao);
}

/** The kind's definition; undefined for a kind this build does not know. */
export const tipoLote = (tipo: string): DefinicaoTipoLote | undefined => registrados.get(tipo);
