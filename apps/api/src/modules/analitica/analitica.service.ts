import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.js';
import type { Contexto } from '../../platform/contexto.js';

export type VisualizacaoPagina = {
  caminho: string;
  titulo: string;
  organizacaoId: number;
  pessoaId: number | null;
};

/** A slow collector must not pile up open requests on the API. */
const TEMPO_COLETOR_MS = 5_000;

/**
 * Hands one page view to the configured destination without waiting for it: nothing with
 * analytics off, a log line with `console`, a POST to the collector otherwise. Failures are
 * logged, never returned to the user.
 */
export function registrar(
  analitica: Config['analitica'],
  log: FastifyBaseLogger,
  ctx: Pick<Contexto, 'organizacaoId' | 'pessoaId'>,
  v: VisualizacaoPagina,
): void {
  if (analitica.modo === 'off') return;
  // The session, not the body, says who saw the page: a client cannot credit views to others.
  const evento = {
    caminho: v.caminho,
    titulo: v.titulo,
    organizacaoId: ctx.organizacaoId,
    pessoaId: ctx.pessoaId,
    em: new Date().toISOString(),
  };
  if (analitica.modo === 'console') {
    log.info({ analitica: evento }, 'page view');
    return;
  }
  fetch(analitica.url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(evento),
    signal: AbortSignal.timeout(TEMPO_COLETOR_MS),
  })
    .then(async (r) => {
      // Drained so the connection goes back to the pool.
      await r.body?.cancel();
      if (!r.ok) log.warn({ status: r.status }, 'analytics collector refused a page view');
    })
    .catch((erro: unknown) => log.warn({ err: erro }, 'analytics collector unreachable'));
}
