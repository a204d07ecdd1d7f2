import { ACESSO_CEMITERIO, idParams, jazigo, jazigoInput, jazigoSelectQuery, selectResposta } from '@sig/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { rotasDe } from '../../platform/rotas-lista.js';
import * as servico from './jazigo.service.js';

const acesso = ACESSO_CEMITERIO;

/**
 * `/jazigo`: one plot of a cemetery. Its lookup and its record are read by the concession and
 * burial forms too (guarda.ts `opcoesDe`), which name plots.
 */
export const jazigoRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['cemiterio'];
  const rotas = rotasDe(app, { acesso, tags });
  rotas.get(
    '/select',
    { acao: 'L', opcoesDe: 'jazigo', consulta: jazigoSelectQuery, resposta: selectResposta },
    (req) => servico.selecionar(app.deps, req.ctx, req.query),
  );
  rotas.get('/:id', { acao: 'R', opcoesDe: 'jazigo', params: idParams, resposta: jazigo }, (req) =>
    servico.obter(app.deps.db, req.ctx, acesso, req.params.id),
  );
  rotas.put('/:id', { acao: 'U', params: idParams, corpo: jazigoInput, resposta: jazigo }, (req) =>
    servico.atualizar(app.deps, req.ctx, req.params.id, req.body),
  );
};
