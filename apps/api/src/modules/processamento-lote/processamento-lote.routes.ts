import {
  desfazerItensInput,
  idParams,
  itemLote,
  itensLoteQuery,
  paged,
  processamentoLote,
  processamentoLoteListQuery,
} from '@sig/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { rotasDeLista } from '../../platform/rotas-lista.js';
import * as lotes from './processamento-lote.service.js';

const tags = ['processamento-lote'];

/** `/processamento-lote` (spec §2 /processamentos-em-lote, §4): batches, their items and actions. */
export const processamentoLoteRoutes: FastifyPluginAsyncZod = async (app) => {
  const acesso = lotes.ACESSO_LOTE;
  const porId = { tags, params: idParams, response: { 200: processamentoLote } };
  rotasDeLista(app, {
    acesso,
    tags,
    consulta: processamentoLoteListQuery,
    pagina: paged(processamentoLote),
    listar: (ctx, q) => lotes.listarLotes(app.deps, ctx, q),
    exportar: {
      planilha: 'processamento-lote',
      colunas: [
        { campo: 'id', rotulo: 'id' },
        { campo: 'tipo', rotulo: 'tipo', tipo: 'opcao', rotulos: 'lotes:tipo' },
        { campo: 'organizacaoNome', rotulo: 'organizacaoNome' },
        { campo: 'criadoPorNome', rotulo: 'usuarioNome' },
        { campo: 'status', rotulo: 'status', tipo: 'opcao', rotulos: 'lotes:status' },
        { campo: 'total', rotulo: 'total', tipo: 'numero' },
        { campo: 'criadoEm', rotulo: 'criadoEm', tipo: 'dataHora' },
      ],
    },
  });
  app.get('/:id', { config: { acesso, acao: 'R' }, schema: porId }, (req) =>
    lotes.obterLote(app.deps.db, req.ctx, req.params.id),
  );
  app.get(
    '/:id/itens',
    {
      config: { acesso, acao: 'R' },
      schema: { tags, params: idParams, querystring: itensLoteQuery, response: { 200: paged(itemLote) } },
    },
    (req) => lotes.listarItens(app.deps, req.ctx, req.params.id, req.query),
  );
  app.post('/:id/cancelar', { config: { acesso, acao: 'U' }, schema: porId }, (req) =>
    lotes.cancelarLote(app.deps, req.ctx, req.params.id),
  );
  app.post('/:id/reprocessar-erros', { config: { acesso, acao: 'U' }, schema: porId }, (req) =>
    lotes.reprocessarErros(app.deps, req.ctx, req.params.id),
  );
  app.post('/:id/desfazer', { config: { acesso, acao: 'D' }, schema: { ...porId, body: desfazerItensInput } }, (req) =>
    lotes.desfazerItens(app.deps, req.ctx, req.params.id, req.body),
  );
};
