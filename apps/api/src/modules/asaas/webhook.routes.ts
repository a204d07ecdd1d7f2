import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import * as webhooks from './webhook.service.js';

const tags = ['cobrancas'];

/** Lenient: the provider adds fields without notice; only the id and the event are required. */
const eventoAsaas = z.looseObject({
  id: z.string().min(1).max(200),
  event: z.string().min(1).max(100),
  dateCreated: z.string().max(40).optional(),
  payment: z.looseObject({ id: z.string().max(100).optional(), status: z.string().max(60).optional() }).optional(),
});

/**
 * `POST /webhooks/asaas`: public (the provider has no session), guarded by the shared
 * `asaas-access-token`. Answers 200 once the event and its applying job are stored.
 */
export const webhookAsaasRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/asaas',
    {
      config: { publico: true },
      schema: { tags, body: eventoAsaas, response: { 200: z.object({ recebido: z.boolean() }) } },
      // Before the body is read: a stranger learns nothing, not even what a valid body looks like.
      onRequest: async (req) => webhooks.exigirToken(app.deps, req.headers['asaas-access-token']),
    },
    async (req) => {
      await webhooks.registrarEvento(app.deps, req.body as webhooks.EventoAsaas);
      return { recebido: true };
    },
  );
};
