import {
  ACESSO_INSCRICOES_EVENTOS,
  idParams,
  inscricoesEmailInput,
  itemLote,
  itensLoteQuery,
  paged,
  processamentoLote,
} from '@sig/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as servico from './inscricoes-email.service.js';

/**
 * `/inscricoes-de-eventos/email`: a bulk e-mail to registrants as a batch, and its progress read
 * under the registrations' own access (the screen needs no other).
 */
export const inscricoesEmailRoutes: FastifyPluginAsyncZod = async (app) => {
  const acesso = ACESSO_INSCRICOES_EVENTOS;
  const tags = ['inscricoes-de-eventos'];
  app.post(
    '/',
    {
      config: { acesso, acao: 'U' },
      schema: { tags, body: inscricoesEmailInput, response: { 201: processamentoLote } },
    },
    async (req, reply) => reply.status(201).send(await servico.criarLoteEmail(app.deps, req.ctx, req.body)),
  );
  app.get(
    '/:id',
    { config: { acesso, acao: 'L' }, schema: { tags, params: idParams, response: { 200: processamentoLote } } },
    (req) => servico.obterLoteEmail(app.deps, req.ctx, req.params.id),
  );
  app.get(
    '/:id/itens',
    {
      config: { acesso, acao: 'L' },
      schema: { tags, params: idParams, querystring: itensLoteQuery, response: { 200: paged(itemLote) } },
    },
    (req) => servico.listarItensEmail(app.deps, req.ctx, req.params.id, req.query),
  );
};
