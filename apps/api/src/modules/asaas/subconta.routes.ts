import { idParams, paged, subconta, subcontaInput, subcontaListQuery } from '@sig/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as subcontas from './subconta.service.js';

const tags = ['cobrancas'];

/** `/subconta` (spec §2): organizations' sub-accounts at the payment provider; keys never leave. */
export const subcontaRoutes: FastifyPluginAsyncZod = async (app) => {
  const acesso = subcontas.ACESSO_SUBCONTA;
  app.get(
    '/paginado',
    {
      config: { acesso, acao: 'L' },
      schema: { tags, querystring: subcontaListQuery, response: { 200: paged(subconta) } },
    },
    (req) => subcontas.listarSubcontas(app.deps, req.ctx, req.query),
  );
  app.get(
    '/:id',
    { config: { acesso, acao: 'R' }, schema: { tags, params: idParams, response: { 200: subconta } } },
    (req) => subcontas.obterSubconta(app.deps, req.ctx, req.params.id),
  );
  app.post(
    '/',
    { config: { acesso, acao: 'C' }, schema: { tags, body: subcontaInput, response: { 201: subconta } } },
    async (req, reply) => reply.status(201).send(await subcontas.criarSubconta(app.deps, req.ctx, req.body)),
  );
};
