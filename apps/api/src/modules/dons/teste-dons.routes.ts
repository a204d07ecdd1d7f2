import {
  idParams,
  okResposta,
  paged,
  questionarioDons,
  selectResposta,
  testeDonsInput,
  testeDonsListQuery,
  testeDonsResultado,
  testeDonsResumo,
} from '@sig/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as servico from './teste-dons.service.js';

const acesso = 'TesteDons' as const;

/**
 * Gifts tests (spec §2): list, result, take, delete. Taking a test needs only this screen's
 * permissions, so the active keys and their questionnaires are served here too (the answer-key
 * registry itself is another screen, which reveals the gift each question scores).
 */
export const testeDonsRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['teste-dons'];
  const deps = app.deps;

  app.get(
    '/paginado',
    {
      config: { acesso, acao: 'L' },
      schema: { tags, querystring: testeDonsListQuery, response: { 200: paged(testeDonsResumo) } },
    },
    (req) => servico.listarPaginado(deps, req.ctx, req.query),
  );

  // The list filters by these too, so listing is enough to read them.
  app.get('/gabaritos', { config: { acesso, acao: 'L' }, schema: { tags, response: { 200: selectResposta } } }, () =>
    servico.gabaritos(deps),
  );

  app.get(
    '/gabaritos/:id',
    { config: { acesso, acao: 'C' }, schema: { tags, params: idParams, response: { 200: questionarioDons } } },
    (req) => servico.questionario(deps, req.params.id),
  );

  app.get(
    '/:id',
    { config: { acesso, acao: 'R' }, schema: { tags, params: idParams, response: { 200: testeDonsResultado } } },
    (req) => servico.obter(deps, req.ctx, req.params.id),
  );

  app.post(
    '/',
    { config: { acesso, acao: 'C' }, schema: { tags, body: testeDonsInput, response: { 201: testeDonsResultado } } },
    async (req, reply) => reply.status(201).send(await servico.criar(deps, req.ctx, req.body)),
  );

  app.delete(
    '/:id',
    { config: { acesso, acao: 'D' }, schema: { tags, params: idParams, response: { 200: okResposta } } },
    async (req) => {
      await servico.excluir(deps, req.ctx, req.params.id);
      return { sucesso: true };
    },
  );
};
