import { schema } from '@sig/db';
import { and, eq } from 'drizzle-orm';
import type { DefinicaoTipoLote } from '../processamento-lote/index.js';
import {
  abertas,
  buscarCodigos,
  faltamCodigos,
  linhas,
  naSubarvore,
  noPeriodo,
  periodoDoLote,
} from './carne-boletos.js';

const { pessoa } = schema;

/**
 * CARNES: one person of a booklet batch. Fetches the codes of the person's open charges in the
 * batch's period that still lack them; a run again (reprocess, or after a crash) finds them kept
 * and asks the provider nothing. Returns the person's slip count. No undo: the codes are facts of
 * the charges, and nothing was created at the provider.
 */
export const TIPO_CARNES: DefinicaoTipoLote = {
  // Each item already throttles itself through the provider client's cap on calls in flight;
  // the worker's usual pause would add 500 ms per person (over 8 minutes for 1,000 people).
  pausaMs: 0,
  async processar(deps, item) {
    const { periodo, organizacaoId } = await periodoDoLote(deps, item.loteId);
    const doPessoa = await linhas(deps).where(
      and(eq(pessoa.id, item.referenciaId), abertas(), noPeriodo(periodo), naSubarvore(organizacaoId)),
    );
    await buscarCodigos(deps, doPessoa.filter(faltamCodigos));
    return String(doPessoa.length);
  },
};
