import { avisoVigente, hojeNoBrasil } from '@sig/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import * as servico from './aviso.service.js';

/**
 * The notice board's reading (`/api/mural-de-avisos/vigentes`); the notices themselves are a
 * registry of the CRUD engine under the same prefix.
 */
export const avisoRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/vigentes',
    {
      // Reading the board is R: listing (L) is the registry's, for who keeps the notices.
      config: { acesso: 'MuralAvisos', acao: 'R' },
      schema: { tags: ['mural-de-avisos'], response: { 200: z.array(avisoVigente) } },
    },
    // The calendar day of the church (Brazil), not of the server's zone.
    (req) => servico.vigentes(app.deps, req.ctx, hojeNoBrasil()),
  );
};
