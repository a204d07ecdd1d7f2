import {
  contasAReceberLoteInput,
  opcoesContasAReceberLote,
  paged,
  previaContasAReceberLote,
  processamentoLote,
  processamentoLoteListQuery,
} from '@sig/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { rotasDe, rotasDeLista, rotasDoLote } from '../../platform/rotas-lista.js';
import * as contas from './contas-a-receber-lote.service.js';

const tags = ['cobrancas'];

/**
 * `/contas-a-receber-lote` (spec §2): receivables for chosen people over a period, as a bulk
 * processing; its batches and their items are read here too, so the screen needs no other access.
 */
export const contasAReceberLoteRoutes: FastifyPluginAsyncZod = async (app) => {
  const acesso = contas.ACESSO_CONTAS_LOTE;
  rotasDeLista(app, {
    acesso,
    tags,
    consulta: processamentoLoteListQuery,
    pagina: paged(processamentoLote),
    listar: (ctx, q) => contas.listarLotesContas(app.deps, ctx, q),
  });
  const rotas = rotasDe(app, { acesso, tags });
  rotas.get('/opcoes', { acao: 'C', resposta: opcoesContasAReceberLote }, (req) => contas.opcoes(app.deps, req.ctx));
  rotas.post('/previa', { acao: 'C', corpo: contasAReceberLoteInput, resposta: previaContasAReceberLote }, (req) =>
    contas.previa(app.deps, req.ctx, req.body),
  );
  rotasDoLote(app, {
    acesso,
    tags,
    acaoCriar: 'C',
    acaoLer: 'R',
    entrada: contasAReceberLoteInput,
    criar: (ctx, corpo) => contas.criarLoteContas(app.deps, ctx, corpo),
    obter: (ctx, id) => contas.obterLoteContas(app.deps, ctx, id),
    itens: (ctx, id, q) => contas.listarItensContas(app.deps, ctx, id, q),
  });
};
