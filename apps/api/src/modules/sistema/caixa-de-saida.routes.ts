import { emailSaida, emailSaidaDetalhe, emailSaidaListQuery, idParams, paged } from '@sig/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as servico from './caixa-de-saida.service.js';

const tags = ['sistema'];

/** `/caixa-de-saida`: the mail outbox, with each message's state and error; a failed one sent again. */
export const caixaDeSaidaRoutes: FastifyPluginAsyncZod = async (app) => {
  const acesso = servico.ACESSO_CAIXA_SAIDA;
  const porId = { tags, params: idParams, response: { 200: emailSaidaDetalhe } };
  app.get(
    '/paginado',
    {
      config: { acesso, acao: 'L' },
      schema: { tags, querystring: emailSaidaListQuery, response: { 200: paged(emailSaida) } },
    },
    (req) => servico.listarEmails(app.deps, req.ctx, req.query),
  );
  app.get('/:id', { config: { acesso, acao: 'R' }, schema: porId }, (req) =>
    servico.obterEmail(app.deps, req.ctx, req.params.id),
  );
  app.post('/:id/reenviar', { config: { acesso, acao: 'U' }, schema: porId }, (req) =>
    servico.reenviarEmail(app.deps, req.ctx, req.params.id),
  );
};
