import { DEFINICAO_MINISTRO, idParams, ministroInput, ministroQuery } from '@sig/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { esquemaItem } from '../../platform/crud.js';
import { idDaRota } from '../../platform/referencias.js';
import * as servico from './ministro.service.js';

const acesso = 'PessoaMinistro' as const;
const ministroSaida = esquemaItem(DEFINICAO_MINISTRO).extend({
  pessoaNome: z.string(),
  organizacaoNome: z.string(),
});

/** `/pessoa-ministro`: a person's minister data with exams and activity terms. */
export const ministroRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['pessoa'];
  app.get(
    '/',
    {
      config: { acesso, acao: 'R' },
      schema: { tags, querystring: ministroQuery, response: { 200: ministroSaida.nullable() } },
    },
    (req) => servico.daPessoa(app.deps, req.ctx, req.query.pessoaId),
  );
  app.get(
    '/:id',
    { config: { acesso, acao: 'R' }, schema: { tags, params: idParams, response: { 200: ministroSaida } } },
    (req) => servico.obter(app.deps, req.ctx, req.params.id),
  );
  app.post(
    '/',
    { config: { acesso, acao: 'C' }, schema: { tags, body: ministroInput, response: { 201: ministroSaida } } },
    async (req, reply) => reply.status(201).send(await servico.criar(app.deps, req.ctx, req.body)),
  );
  app.put(
    '/:id',
    {
      config: { acesso, acao: 'U', registroAtual: (req) => servico.obter(app.deps, req.ctx, idDaRota(req)) },
      schema: { tags, params: idParams, body: ministroInput, response: { 200: ministroSaida } },
    },
    (req) => servico.atualizar(app.deps, req.ctx, req.params.id, req.body),
  );
};
