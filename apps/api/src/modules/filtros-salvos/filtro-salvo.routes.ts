import {
  filtroSalvo,
  filtroSalvoInput,
  filtroSalvoQuery,
  filtroSalvoUpdate,
  idParams,
  okResposta,
} from '@sig/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import * as servico from './filtro-salvo.service.js';

/** Spec §3 saved filters of the signed-in user (any screen they may list), so `autenticado`. */
export const filtroSalvoRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['filtro-salvo'];
  const deps = app.deps;

  app.get(
    '/',
    {
      config: { autenticado: true },
      schema: { tags, querystring: filtroSalvoQuery, response: { 200: z.array(filtroSalvo) } },
    },
    (req) => servico.listar(deps, req.ctx, req.query.acesso),
  );

  app.post(
    '/',
    { config: { autenticado: true }, schema: { tags, body: filtroSalvoInput, response: { 201: filtroSalvo } } },
    async (req, reply) => reply.status(201).send(await servico.criar(deps, req.ctx, req.body)),
  );

  app.put(
    '/:id',
    {
      config: { autenticado: true },
      schema: { tags, params: idParams, body: filtroSalvoUpdate, response: { 200: filtroSalvo } },
    },
    (req) => servico.atualizar(deps, req.ctx, req.params.id, req.body),
  );

  app.delete(
    '/:id',
    { config: { autenticado: true }, schema: { tags, params: idParams, response: { 200: okResposta } } },
    async (req) => {
      await servico.excluir(deps, req.ctx, req.params.id);
      return { sucesso: true };
    },
  );
};
