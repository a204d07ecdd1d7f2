import { naoReferencia } from '@sig/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import * as servico from './analitica.service.js';

/** A page view as the web's sender builds it after each navigation. */
const PELA_SESSAO = "the session's own ids are forwarded; the body's are ignored";
const visualizacaoPagina = z.object({
  caminho: z.string().min(1).max(500),
  titulo: z.string().max(200),
  organizacaoId: naoReferencia(z.number().int(), PELA_SESSAO),
  pessoaId: naoReferencia(z.number().int(), PELA_SESSAO).nullable(),
});

/**
 * Page views of the signed-in web app (SIG_ANALYTICS). Always 204: with analytics off the view is
 * dropped, so a page still open from before a configuration change gets no errors.
 */
export const analiticaRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/pagina',
    {
      // Telemetry, not data access: one audit row per navigation would only bury the real ones.
      config: { autenticado: true, semAuditoria: true },
      schema: { tags: ['analitica'], body: visualizacaoPagina, response: { 204: z.null() } },
    },
    async (req, reply) => {
      servico.registrar(app.deps.config.analitica, req.log, req.ctx, req.body);
      return reply.status(204).send(null);
    },
  );
};
