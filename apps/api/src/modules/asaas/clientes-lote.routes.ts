import { clientesAsaasLoteInput, paged, processamentoLote, processamentoLoteListQuery } from '@sig/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { rotasDe, rotasDeLista } from '../../platform/rotas-lista.js';
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
  rotasDe(app, { acesso, tags }).post(
    '/',
    { acao: 'C', corpo: clientesAsaasLoteInput, resposta: processamentoLote, status: 201 },
    (req) => clientes.criarLoteClientes(app.deps, req.ctx, req.body),
  );
};
