import {
  cobranca,
  cobrancaCancelamentoQuery,
  cobrancaInput,
  cobrancaListQuery,
  cobrancaResumo,
  idParams,
  linhaDigitavel,
  paged,
  qrCodePix,
} from '@sig/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { FORMATOS_ARQUIVO, TIPO_CONTEUDO } from '../../platform/exportacao.js';
import * as cobrancas from './cobranca.service.js';
import * as lista from './cobranca-lista.service.js';

const tags = ['cobrancas'];

/** `/cobranca` (spec §2): charges of receivables at the payment provider. */
export const cobrancaRoutes: FastifyPluginAsyncZod = async (app) => {
  const acesso = cobrancas.ACESSO_COBRANCA;
  app.get(
    '/paginado',
    {
      config: { acesso, acao: 'L' },
      schema: { tags, querystring: cobrancaListQuery, response: { 200: paged(cobrancaResumo) } },
    },
    (req) => lista.listarCobrancas(app.deps, req.ctx, req.query),
  );
  app.get(
    '/exportar',
    {
      config: { acesso, acao: 'L' },
      schema: {
        tags,
        querystring: cobrancaListQuery.and(z.object({ formato: z.enum(FORMATOS_ARQUIVO).default('csv') })),
        produces: [TIPO_CONTEUDO.csv, TIPO_CONTEUDO.xlsx],
      },
    },
    async (req, reply) => {
      const { formato, pagina: _p, quantidade: _q, ordem: _o, ordenarPor: _ob, ...filtros } = req.query;
      const e = await lista.exportarCobrancas(app.deps, req.ctx, filtros, formato, {
        ip: req.ip,
        userAgent: req.headers['user-agent'] ?? null,
        rota: req.url,
      });
      return reply
        .header('content-type', TIPO_CONTEUDO[formato])
        .header('content-disposition', `attachment; filename="${e.nomeArquivo}"`)
        .send(e.conteudo);
    },
  );
  app.get(
    '/',
    {
      config: { acesso, acao: 'L' },
      schema: {
        tags,
        querystring: z.object({ contaAReceberId: idParams.shape.id }),
        response: { 200: z.array(cobranca) },
      },
    },
    (req) => cobrancas.listarCobrancasDaConta(app.deps.db, req.ctx, req.query.contaAReceberId),
  );
  app.get(
    '/:id',
    { config: { acesso, acao: 'R' }, schema: { tags, params: idParams, response: { 200: cobranca } } },
    (req) => cobrancas.obterCobranca(app.deps.db, req.ctx, req.params.id),
  );
  app.post(
    '/',
    { config: { acesso, acao: 'C' }, schema: { tags, body: cobrancaInput, response: { 201: z.array(cobranca) } } },
    async (req, reply) => reply.status(201).send(await cobrancas.criarCobranca(app.deps, req.ctx, req.body)),
  );
  app.delete(
    '/:id',
    {
      config: { acesso, acao: 'D' },
      schema: { tags, params: idParams, querystring: cobrancaCancelamentoQuery, response: { 200: cobranca } },
    },
    (req) => cobrancas.cancelarCobranca(app.deps, req.ctx, req.params.id, req.query.cancelarConta === 'true'),
  );
  app.post(
    '/:id/sincronizar',
    { config: { acesso, acao: 'U' }, schema: { tags, params: idParams, response: { 200: cobranca } } },
    (req) => cobrancas.sincronizar(app.deps, req.ctx, req.params.id),
  );
  app.get(
    '/:id/linha-digitavel',
    { config: { acesso, acao: 'R' }, schema: { tags, params: idParams, response: { 200: linhaDigitavel } } },
    (req) => cobrancas.linhaDigitavel(app.deps, req.ctx, req.params.id),
  );
  app.get(
    '/:id/pix',
    { config: { acesso, acao: 'R' }, schema: { tags, params: idParams, response: { 200: qrCodePix } } },
    (req) => cobrancas.qrCodePix(app.deps, req.ctx, req.params.id),
  );
};
