import { idParams, selectResposta, usuarioResumo, usuarioSelectQuery } from '@sig/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as servico from './usuario.service.js';

const acesso = 'Usuarios' as const;

/** Users as other screens pick them (names and e-mails within the organization scope). */
export const usuarioRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['usuarios'];
  app.get(
    '/select',
    {
      config: { acesso, acao: 'L' },
      schema: { tags, querystring: usuarioSelectQuery, response: { 200: selectResposta } },
    },
    (req) => servico.opcoes(app.deps, req.ctx, req.query.busca),
  );
  app.get(
    '/:id',
    { config: { acesso, acao: 'R' }, schema: { tags, params: idParams, response: { 200: usuarioResumo } } },
    (req) => servico.obter(app.deps, req.ctx, req.params.id),
  );
};
