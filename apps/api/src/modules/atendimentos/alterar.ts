import type { FilaAtendimento } from '@sig/contracts';
import type { Tx } from '@sig/db';
import type { Contexto, Deps } from '../../platform/contexto.js';
import { publicar } from '../../platform/hub.js';
import { ler, obter } from './consulta.service.js';
import { exigirVisivel } from './fila.js';

export type AtendimentoGravado = Awaited<ReturnType<typeof exigirVisivel>>;

/**
 * The one shape of every change to an existing ticket: in one transaction the ticket is read as
 * this queue shows it (not found otherwise) and changed; then the change is announced and the
 * ticket answered. `ler` answers a ticket the change took out of the queue (triage).
 */
export async function alterar(
  deps: Deps,
  ctx: Contexto,
  fila: FilaAtendimento,
  id: number,
  mudar: (tx: Tx, anterior: AtendimentoGravado) => Promise<void>,
  resposta: 'obter' | 'ler' = 'obter',
) {
  await deps.db.transaction(async (tx) => mudar(tx, await exigirVisivel(tx, ctx, fila, id)));
  await publicar(deps, { tipo: 'atendimento', id });
  return resposta === 'ler' ? ler(deps, ctx, fila, id) : obter(deps, ctx, fila, id);
}
