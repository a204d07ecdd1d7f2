import { EventEmitter } from 'node:events';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Deps } from './contexto.js';

/**
 * The spec's "hub": open screens learn that something changed and ask the API again, so an
 * event carries only what changed (`atendimento` 12), never data a user might not be allowed
 * to see. An event is a PostgreSQL NOTIFY on `sig_hub` (PGlite has it too); each process
 * LISTENs once and hands what arrives to its own open streams, so a change made on one API
 * instance reaches the screens served by every other.
 */
export type EventoHub = { tipo: 'atendimento' | 'processamento_lote'; id: number };

const CANAL = 'sig_hub';

/** Sent after the change is committed: a listener that refetches must find it. */
export async function publicar(deps: Pick<Deps, 'db'>, evento: EventoHub) {
  await deps.db.execute(sql`select pg_notify(${CANAL}, ${JSON.stringify(evento)})`);
}

// A comment line every 25 s keeps proxies from closing an idle stream.
const BATIMENTO_MS = 25_000;

/** `GET /api/hub`: a server-sent-events stream of EventoHub for any signed-in user. */
export const hubRoutes: FastifyPluginAsyncZod = async (app) => {
  const local = new EventEmitter();
  local.setMaxListeners(0);
  const pararDeOuvir = await app.deps.ouvir(CANAL, (carga) => local.emit('evento', carga));
  const abertos = new Set<() => void>();
  // Streams never end by themselves: closing the app ends them, or it would wait forever.
  app.addHook('onClose', async () => {
    for (const encerrar of abertos) encerrar();
    await pararDeOuvir();
  });

  app.get('/', { config: { autenticado: true, semAuditoria: true }, schema: { tags: ['hub'] } }, (req, reply) => {
    reply.hijack();
    reply.raw.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
    });
    reply.raw.write(': conectado\n\n');
    const enviar = (carga: string) => {
      const evento = JSON.parse(carga) as EventoHub;
      reply.raw.write(`event: ${evento.tipo}\ndata: ${carga}\n\n`);
    };
    local.on('evento', enviar);
    const batimento = setInterval(() => reply.raw.write(': batimento\n\n'), BATIMENTO_MS);
    const encerrar = () => {
      clearInterval(batimento);
      local.off('evento', enviar);
      abertos.delete(encerrar);
      reply.raw.end();
    };
    abertos.add(encerrar);
    req.raw.on('close', encerrar);
  });
};
