import { FILAS_ATENDIMENTO, type FilaAtendimento } from '@sig/contracts';
import { schema } from '@sig/db';
import { and, sql } from 'drizzle-orm';
import type { RegraReferencia } from '../../platform/referencias.js';
import { umDosIds } from '../../platform/sql.js';
import { destinosPermitidos, usuariosEscolhiveis, visiveis } from './fila.js';

const { atendimento, organizacao, usuario } = schema;

/** The queue a route's access id is the screen of. */
const filaDe = (acesso: string): FilaAtendimento => {
  const fila = (Object.keys(FILAS_ATENDIMENTO) as FilaAtendimento[]).find((f) => FILAS_ATENDIMENTO[f] === acesso);
  if (!fila) throw new Error(`${acesso} is not a ticket queue`);
  return fila;
};

/**
 * What a ticket may name, as its form offers it (platform/referencias.ts): a parent ticket the
 * queue shows, a destination the request may go to, and the users the queue lists.
 */
export const REGRAS_ATENDIMENTO = {
  atendimento: async (ctx, acesso, ids, db) =>
    sql`select ${atendimento.id} as id from ${atendimento} where ${and(
      umDosIds(atendimento.id, ids),
      await visiveis(db, ctx, filaDe(acesso)),
    )}`,
  'destino-atendimento': (ctx, acesso, ids) =>
    sql`select ${organizacao.id} as id from ${organizacao} where ${and(
      umDosIds(organizacao.id, ids),
      destinosPermitidos(ctx, filaDe(acesso)),
    )}`,
  'usuario-atendimento': (ctx, _acesso, ids) =>
    sql`select ${usuario.id} as id from ${usuario} where ${and(umDosIds(usuario.id, ids), usuariosEscolhiveis(ctx))}`,
} satisfies Record<string, RegraReferencia>;
