import type { DefinicaoTipoLote } from '../processamento-lote/index.js';
import { emitirDoLote } from './oficio.service.js';

/**
 * OFICIOS: one person of a letters batch gets the batch template's letter, numbered. Returns the
 * letter's number. No undo: a numbered letter stays on record (deleting it would leave a gap).
 */
export const TIPO_OFICIOS: DefinicaoTipoLote = {
  // Issuing is a few queries in the database; the usual pause would add minutes to a thousand letters.
  pausaMs: 0,
  processar: async (deps, item) => (await emitirDoLote(deps, item)).numeroAno,
};
