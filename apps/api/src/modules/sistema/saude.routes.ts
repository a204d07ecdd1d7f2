import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { VERSAO } from '../../app.js';

export const saudeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/saude',
    {
      config: { publico: true },
      schema: {
        tags: ['sistema'],
        response: {
          200: z.object({
            status: z.literal('ok'),
            versao: z.string(),
            ambiente: z.string(),
            // Whether the web sends page views (to POST /api/analitica/pagina); never where they go.
            analitica: z.object({ ativa: z.boolean() }),
            // Demo: charges go to the embedded fake provider; the web labels payment screens as such.
            provedorPagamento: z.object({ demo: z.boolean() }),
          }),
        },
      },
    },
    async () => ({
      status: 'ok' as const,
      versao: VERSAO,
      ambiente: app.deps.config.ambiente,
      analitica: { ativa: app.deps.config.analitica.modo !== 'off' },
      provedorPagamento: { demo: app.deps.pagamentos.demo },
    }),
  );
};
