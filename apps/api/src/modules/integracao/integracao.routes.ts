import { idParams, integracao, integracaoInput, integracaoListQuery } from '@sig/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idDaRota } from '../../platform/referencias.js';
import * as servico from './integracao.service.js';

const acesso = 'PessoaIntegracaoDesligamento' as const;

/** `/pessoa-integracao-desligamento`: a person's integration and withdrawal records. */
export const integracaoRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['pessoa'];
  app.get(
    '/',
    {
      config: { acesso, acao: 'R' },
      schema: { tags, querystring: integracaoListQuery, response: { 200: z.array(integracao) } },
    },
    (req) => servico.listar(app.deps, req.ctx, req.query.pessoaId),
  );
  app.get(
    '/:id',
    { config: { acesso, acao: 'R' }, schema: { tags, params: idParams, response: { 200: integracao } } },
    (req) => servico.obter(app.deps, req.ctx, req.params.id),
  );
  app.post(
    '/',
    { config: { acesso, acao: 'C' }, schema: { tags, body: integracaoInput, response: { 201: integracao } } },
    async (req, reply) => reply.status(201).send(await servico.criar(app.deps, req.ctx, req.body)),
  );
  app.put(
    '/:id',
    {
      config: { acesso, acao: 'U', registroAtual: (req) => servico.obter(app.deps, req.ctx, idDaRota(req)) },
      schema: { tags, params: idParams, body: integracaoInput, response: { 200: integracao } },
    },
    (req) => servico.atualizar(app.deps, req.ctx, req.params.id, req.body),
  );
};
