import {
  carneQuery,
  hojeNoBrasil,
  idParams,
  paged,
  processamentoLote,
  processamentoLoteListQuery,
} from '@sig/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { rotasDe } from '../../platform/rotas-lista.js';
import { logoDaOrganizacao } from '../organizacoes/index.js';
import type { Carne } from './carne.service.js';
import * as carnes from './carne.service.js';
import { pdfCarne } from './carne-pdf.js';

const tags = ['carnes'];

/**
 * `/emissao-carnes`: payment booklets of the people chosen by filter — at once for a few people,
 * or as a CARNES batch whose PDF downloads when it is done.
 */
export const carnesRoutes: FastifyPluginAsyncZod = async (app) => {
  const acesso = carnes.ACESSO_CARNES;
  const pdf = ({ total, boletos }: Carne, idioma: Parameters<typeof pdfCarne>[1]) => ({
    headers: {
      'content-type': 'application/pdf',
      'content-disposition': `attachment; filename="carnes-${hojeNoBrasil()}.pdf"`,
      'x-total-linhas': String(total),
    },
    corpo: pdfCarne(boletos, idioma, (organizacaoId) => logoDaOrganizacao(app.deps, organizacaoId)),
  });
  app.get(
    '/',
    { config: { acesso, acao: 'R' }, schema: { tags, querystring: carneQuery, produces: ['application/pdf'] } },
    async (req, reply) => {
      const c = await carnes.carne(app.deps, req.ctx, req.query, (erro, cobrancaId) =>
        req.log.warn({ err: erro, cobrancaId }, 'booklet slip without provider codes'),
      );
      const { headers, corpo } = pdf(c, req.idioma);
      return reply.headers(headers).send(corpo);
    },
  );
  const rotas = rotasDe(app, { acesso, tags });
  rotas.get(
    '/lote/paginado',
    { acao: 'R', consulta: processamentoLoteListQuery, resposta: paged(processamentoLote) },
    (req) => carnes.listarLotesCarnes(app.deps, req.ctx, req.query),
  );
  rotas.post('/lote', { acao: 'C', corpo: carneQuery, resposta: processamentoLote, status: 201 }, (req) =>
    carnes.criarLoteCarnes(app.deps, req.ctx, req.body),
  );
  app.get(
    '/lote/:id/pdf',
    { config: { acesso, acao: 'R' }, schema: { tags, params: idParams, produces: ['application/pdf'] } },
    async (req, reply) => {
      const { headers, corpo } = pdf(await carnes.carneDoLote(app.deps, req.ctx, req.params.id), req.idioma);
      return reply.headers(headers).send(corpo);
    },
  );
};
