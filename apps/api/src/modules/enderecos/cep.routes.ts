import { cepParams, consultaCep } from '@sig/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { consultarCep } from './cep.service.js';

/**
 * The address a CEP names, for the address forms: a lookup of cities, so readable to whoever may
 * list cities or fill a form that names one (guarda.ts `opcoesDe`).
 */
export const cepRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/:cep',
    {
      config: { acesso: 'Cidade', acao: 'L', opcoesDe: 'cidade' },
      schema: { tags: ['cep'], params: cepParams, response: { 200: consultaCep } },
    },
    (req) => consultarCep(app.deps, req.log, req.params.cep),
  );
};
