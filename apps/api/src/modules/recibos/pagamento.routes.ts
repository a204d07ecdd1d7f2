import { idParams, justificativaEstornoInput, pagamento, pagamentoInput, pagamentoListQuery } from '@sig/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import * as pagamentos from './pagamento.service.js';

const tags = ['cobrancas'];

/** `/pagamento` (spec §2 /pagamento/form): payments recorded by hand, and their reversal. */
export const pagamentoRoutes: FastifyPluginAsyncZod = async (app) => {
  const acesso = pagamentos.ACESSO_PAGAMENTO;
  app.get(
    '/',
    {
      config: { acesso, acao: 'L' },
      schema: { tags, querystring: pagamentoListQuery, response: { 200: z.array(pagamento) } },
    },
    (req) => pagamentos.listarPagamentos(app.deps.db, req.ctx, req.query.contaAReceberId),
  );
  app.get(
    '/:id',
    { config: { acesso, acao: 'R' }, schema: { tags, params: idParams, response: { 200: pagamento } } },
    (req) => pagamentos.obterPagamento(app.deps.db, req.ctx, req.params.id),
  );
  app.post(
    '/',
    { config: { acesso, acao: 'C' }, schema: { tags, body: pagamentoInput, response: { 201: pagamento } } },
    async (req, reply) => reply.status(201).send(await pagamentos.registrarPagamento(app.deps, req.ctx, req.body)),
  );
  app.post(
    '/:id/estorno',
    {
      config: { acesso, acao: 'D' },
      schema: { tags, params: idParams, body: justificativaEstornoInput, response: { 200: pagamento } },
    },
    (req) => pagamentos.estornarPagamento(app.deps, req.ctx, req.params.id, req.body),
  );
};
