import {
  cobrancasLoteFiltro,
  cobrancasLoteInput,
  paged,
  previaCobrancasLote,
  processamentoLote,
  processamentoLoteListQuery,
} from '@sig/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { rotasDeLista } from '../../platform/rotas-lista.js';
import * as lotes from './cobrancas-lote.service.js';

const tags = ['cobrancas'];

/** `/cobrancas-em-lote` (spec §2): receivables → charges at the provider, as a bulk processing. */
export const cobrancasLoteRoutes: FastifyPluginAsyncZod = async (app) => {
  const acesso = lotes.ACESSO_COBRANCAS_LOTE;
  rotasDeLista(app, {
    acesso,
    tags,
    consulta: processamentoLoteListQuery,
    pagina: paged(processamentoLote),
    listar: (ctx, q) => lotes.listarLotesCobrancas(app.deps, ctx, q),
  });
  app.post(
    '/previa',
    {
      config: { acesso, acao: 'C' },
      schema: { tags, body: cobrancasLoteFiltro, response: { 200: previaCobrancasLote } },
    },
    (req) => lotes.previaCobrancasLote(app.deps, req.ctx, req.body),
  );
  app.post(
    '/',
    {
      config: { acesso, acao: 'C' },
      schema: { tags, body: cobrancasLoteInput, response: { 201: processamentoLote } },
    },
    async (req, reply) => reply.status(201).send(await lotes.criarLoteCobrancas(app.deps, req.ctx, req.body)),
  );
};
