import { confirmacaoInput, idParams, paged, periodo, periodoInput, periodoListQuery } from '@sig/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as servico from './livro-caixa.service.js';

const acesso = servico.ACESSO_PERIODO;

/** `/periodo-contabil` (spec §2): the accounting periods of the cash accounts; close and reopen after confirmation. */
export const periodoContabilRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['financeiro'];
  app.get(
    '/paginado',
    {
      config: { acesso, acao: 'L' },
      schema: { tags, querystring: periodoListQuery, response: { 200: paged(periodo) } },
    },
    (req) => servico.listarPeriodos(app.deps, req.ctx, req.query),
  );
  app.get(
    '/:id',
    { config: { acesso, acao: 'R' }, schema: { tags, params: idParams, response: { 200: periodo } } },
    (req) => servico.obterPeriodo(app.deps.db, req.ctx, req.params.id),
  );
  app.post(
    '/',
    { config: { acesso, acao: 'C' }, schema: { tags, body: periodoInput, response: { 201: periodo } } },
    async (req, reply) => reply.status(201).send(await servico.criarPeriodo(app.deps, req.ctx, req.body)),
  );
  app.put(
    '/:id/fechar',
    {
      config: { acesso, acao: 'U' },
      schema: { tags, params: idParams, body: confirmacaoInput, response: { 200: periodo } },
    },
    (req) => servico.fecharPeriodo(app.deps, req.ctx, req.params.id),
  );
  app.put(
    '/:id/reabrir',
    {
      config: { acesso, acao: 'U' },
      schema: { tags, params: idParams, body: confirmacaoInput, response: { 200: periodo } },
    },
    (req) => servico.reabrirPeriodo(app.deps, req.ctx, req.params.id),
  );
};
