import { ACESSO_INSCRICOES_EVENTOS, idParams, inscricao, motivoInput, relatorioInscricoesQuery } from '@sig/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as servico from './inscricao-equipe.service.js';

/** `/inscricoes-de-eventos`: what staff do to a registration already made (courtesy, certificates). */
export const inscricaoEquipeRoutes: FastifyPluginAsyncZod = async (app) => {
  const acesso = ACESSO_INSCRICOES_EVENTOS;
  const tags = ['inscricoes-de-eventos'];
  app.post(
    '/:id/cortesia',
    {
      config: { acesso, acao: 'U' },
      schema: { tags, params: idParams, body: motivoInput, response: { 200: inscricao } },
    },
    (req) => servico.concederCortesia(app.deps, req.ctx, req.params.id, req.body.motivo),
  );
  app.get(
    '/:id/certificado',
    { config: { acesso, acao: 'R' }, schema: { tags, params: idParams, produces: ['application/pdf'] } },
    async (req, reply) => {
      const c = await servico.certificado(app.deps, req.ctx, req.params.id, req.idioma);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="certificado-${c.codigo}.pdf"`)
        .send(c.pdf);
    },
  );
  app.get(
    '/certificados',
    {
      config: { acesso, acao: 'R' },
      schema: { tags, querystring: relatorioInscricoesQuery, produces: ['application/pdf'] },
    },
    async (req, reply) => {
      const pdf = await servico.certificadosDoEvento(app.deps, req.ctx, req.query.eventoId, req.idioma);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="certificados-evento-${req.query.eventoId}.pdf"`)
        .send(pdf);
    },
  );
};
