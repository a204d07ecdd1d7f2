import type { DefinicaoTipoLote } from '../processamento-lote/index.js';
import { executarAnalise } from './migracao.service.js';

/**
 * MIGRACAO_ANALISE: a run's dry run, one item worked in the background (the run shows its
 * progress and may cancel it). Nothing of the registry is written, so there is nothing to undo;
 * an item taken again after a kill -9 checks the file over from its start.
 */
export const TIPO_MIGRACAO_ANALISE: DefinicaoTipoLote = {
  processar: (deps, item) => executarAnalise(deps, item),
};
