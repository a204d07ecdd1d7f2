import { cliente, clienteInput, clienteListQuery, paged } from '@sig/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as clientes from './clientes.service.js';

const tags = ['cobrancas'];

/** `/clientes` (spec §2): people as customers at the payment provider. */
export const clientesRoutes: FastifyPluginAsyncZod = async (app) => {
  const acesso = clientes.ACESSO_CLIENTES;
  app.get(
    '/paginado',
    {
      config: { acesso, acao: 'L' },
      schema: { tags, querystring: clienteListQuery, response: { 200: paged(cliente) } },
    },
    (req) => clientes.listarClientes(app.deps, req.ctx, req.query),
  );
  app.post(
    '/',
    { config: { acesso, acao: 'C' }, schema: { tags, body: clienteInput, response: { 201: cliente } } },
    async (req, reply) => reply.status(201).send(await clientes.sincronizar(app.deps, req.ctx, req.body)),
  );
};
