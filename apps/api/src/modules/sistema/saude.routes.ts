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
        response: { 200: z.object({ status: z.literal('ok'), versao: z.string(), ambiente: z.string() }) },
      },
    },
    async () => ({ status: 'ok' as const, versao: VERSAO, ambiente: app.deps.config.ambiente }),
  );
};
