import { ACESSO_INSCRICOES_EVENTOS, idParams, inscricao, motivoInput, relatorioInscricoesQuery } from '@sig/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { acoesDoRegistro } from '../../platform/rotas-lista.js';
import * as servico from './inscricao-equipe.service.js';

/** `/inscricoes-de-eventos`: what staff do to a registration already made (courtesy, certificates). */
export const inscricaoEquipeRoutes: FastifyPluginAsyncZod = async (app) => {
  const acesso = ACESSO_INSCRICOES_EVENTOS;
  const tags = ['inscricoes-de-eventos'];
  acoesDoRegistro(app, { acesso, tags }).executar('/:id/cortesia', 'U', motivoInput, inscricao, (ctx, id, corpo) =>
    servico.concederCortesia(app.deps, ctx, id, corpo.motivo),
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
