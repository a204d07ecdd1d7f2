import { confirmacaoInput, idParams, paged, periodo, periodoInput, periodoListQuery } from '@sig/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { rotasDe, rotasDeLista, rotasDeRegistro } from '../../platform/rotas-lista.js';
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
  const rotas = rotasDe(app, { acesso, tags });
  const confirmado = { acao: 'U', params: idParams, corpo: confirmacaoInput, resposta: periodo } as const;
  rotas.put('/:id/fechar', confirmado, (req) => servico.fecharPeriodo(app.deps, req.ctx, req.params.id));
  rotas.put('/:id/reabrir', confirmado, (req) => servico.reabrirPeriodo(app.deps, req.ctx, req.params.id));
};
