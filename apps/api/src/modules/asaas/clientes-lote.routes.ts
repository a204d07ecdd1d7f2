import { clientesAsaasLoteInput, paged, processamentoLote, processamentoLoteListQuery } from '@sig/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as clientes from './clientes-lote.service.js';

const tags = ['cobrancas'];

/** `/clientes-asaas-lote` (spec §2): people → provider customers, as a bulk processing. */
export const clientesLoteRoutes: FastifyPluginAsyncZod = async (app) => {
  const acesso = clientes.ACESSO_CLIENTES_LOTE;
  app.get(
    '/paginado',
    {
      config: { acesso, acao: 'L' },
      schema: { tags, querystring: processamentoLoteListQuery, response: { 200: paged(processamentoLote) } },
    },
    (req) => clientes.listarLotesClientes(app.deps, req.ctx, req.query),
  );
  app.post(
    '/',
    {
      config: { acesso, acao: 'C' },
      schema: { tags, body: clientesAsaasLoteInput, response: { 201: processamentoLote } },
    },
    async (req, reply) => reply.status(201).send(await clientes.criarLoteClientes(app.deps, req.ctx, req.body)),
  );
};
