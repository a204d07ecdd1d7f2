import { ACESSO_CEMITERIO, idParams, jazigo, jazigoInput, jazigoSelectQuery, selectResposta } from '@sig/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as servico from './jazigo.service.js';

const acesso = ACESSO_CEMITERIO;

/**
 * `/jazigo`: one plot of a cemetery. Its lookup and its record are read by the concession and
 * burial forms too (guarda.ts `opcoesDe`), which name plots.
 */
export const jazigoRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['cemiterio'];
  app.get(
    '/select',
    {
      config: { acesso, acao: 'L', opcoesDe: 'jazigo' },
      schema: { tags, querystring: jazigoSelectQuery, response: { 200: selectResposta } },
    },
    (req) => servico.selecionar(app.deps, req.ctx, req.query),
  );
  app.get(
    '/:id',
    {
      config: { acesso, acao: 'R', opcoesDe: 'jazigo' },
      schema: { tags, params: idParams, response: { 200: jazigo } },
    },
    (req) => servico.obter(app.deps.db, req.ctx, acesso, req.params.id),
  );
  app.put(
    '/:id',
    { config: { acesso, acao: 'U' }, schema: { tags, params: idParams, body: jazigoInput, response: { 200: jazigo } } },
    (req) => servico.atualizar(app.deps, req.ctx, req.params.id, req.body),
  );
};
