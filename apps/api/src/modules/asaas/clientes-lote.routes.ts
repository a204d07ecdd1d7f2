import { clientesAsaasLoteInput, paged, processamentoLote, processamentoLoteListQuery } from '@sig/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { rotasDeLista } from '../../platform/rotas-lista.js';
import * as clientes from './clientes-lote.service.js';

const tags = ['cobrancas'];

/** `/clientes-asaas-lote` (spec §2): people → provider customers, as a bulk processing. */
export const clientesLoteRoutes: FastifyPluginAsyncZod = async (app) => {
  const acesso = clientes.ACESSO_CLIENTES_LOTE;
  rotasDeLista(app, {
    acesso,
    tags,
    consulta: processamentoLoteListQuery,
    pagina: paged(processamentoLote),
    listar: (ctx, q) => clientes.listarLotesClientes(app.deps, ctx, q),
  });
  app.post(
    '/',
    {
      config: { acesso, acao: 'C' },
      schema: { tags, body: clientesAsaasLoteInput, response: { 201: processamentoLote } },
    },
    async (req, reply) => reply.status(201).send(await clientes.criarLoteClientes(app.deps, req.ctx, req.body)),
  );
};
