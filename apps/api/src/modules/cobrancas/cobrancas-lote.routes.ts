import {
  cobrancasLoteFiltro,
  cobrancasLoteInput,
  paged,
  previaCobrancasLote,
  processamentoLote,
  processamentoLoteListQuery,
} from '@sig/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { rotasDe, rotasDeLista } from '../../platform/rotas-lista.js';
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
  const rotas = rotasDe(app, { acesso, tags });
  rotas.post('/previa', { acao: 'C', corpo: cobrancasLoteFiltro, resposta: previaCobrancasLote }, (req) =>
    lotes.previaCobrancasLote(app.deps, req.ctx, req.body),
  );
  rotas.post('/', { acao: 'C', corpo: cobrancasLoteInput, resposta: processamentoLote, status: 201 }, (req) =>
    lotes.criarLoteCobrancas(app.deps, req.ctx, req.body),
  );
};
