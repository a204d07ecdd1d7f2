import { carneQuery } from '@sig/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ACESSO_CARNES, carne } from './carne.service.js';
import { pdfCarne } from './carne-pdf.js';

/** `/emissao-carnes`: payment booklets of the people chosen by filter, as a streamed PDF. */
export const carnesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      config: { acesso: ACESSO_CARNES, acao: 'R' },
      schema: { tags: ['carnes'], querystring: carneQuery, produces: ['application/pdf'] },
    },
    async (req, reply) => {
      const { total, boletos } = await carne(app.deps, req.ctx, req.query, (erro, cobrancaId) =>
        req.log.warn({ err: erro, cobrancaId }, 'booklet slip without provider codes'),
      );
      const data = new Date().toISOString().slice(0, 10);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="carnes-${data}.pdf"`)
        .header('x-total-linhas', String(total))
        .send(pdfCarne(boletos, req.idioma));
    },
  );
};
