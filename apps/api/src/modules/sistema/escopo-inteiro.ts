import type { Contexto } from '../../platform/contexto.js';
import { AppError } from '../../platform/erros.js';
import { escopoSobRaiz } from '../../platform/escopo.js';

/**
 * The jobs and the outbox belong to no organization: they speak of the whole installation, so
 * only a user whose scope is the whole tree (acting at the top, not "own organization only")
 * reads or acts on them, whatever screens a profile grants.
 */
export function exigirEscopoInteiro(ctx: Contexto, acesso: string) {
  if (!escopoSobRaiz(ctx, acesso)) throw new AppError('SEM_PERMISSAO_ORGANIZACAO');
}
