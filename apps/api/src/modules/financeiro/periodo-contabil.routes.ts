import { confirmacaoInput, idParams, paged, periodo, periodoInput, periodoListQuery } from '@sig/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { rotasDeLista, rotasDeRegistro } from '../../platform/rotas-lista.js';
import * as servico from './livro-caixa.service.js';

const acesso = servico.ACESSO_PERIODO;

/** `/periodo-contabil` (spec §2): the accounting periods of the cash accounts; close and reopen after confirmation. */
export const periodoContabilRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['financeiro'];
  rotasDeLista(app, {
    acesso,
    tags,
    consulta: periodoListQuery,
    pagina: paged(periodo),
    listar: (ctx, q) => servico.listarPeriodos(app.deps, ctx, q),
  });
  rotasDeRegistro(app, {
    acesso,
    tags,
    item: periodo,
    entrada: periodoInput,
    obter: (ctx, id) => servico.obterPeriodo(app.deps.db, ctx, id),
    criar: (ctx, corpo) => servico.criarPeriodo(app.deps, ctx, corpo),
  });
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
