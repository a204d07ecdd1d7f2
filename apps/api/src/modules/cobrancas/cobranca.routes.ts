import {
  cobranca,
  cobrancaCancelamentoQuery,
  cobrancaInput,
  cobrancaListQuery,
  cobrancaResumo,
  contaAReceber,
  contaAReceberInput,
  contaAReceberListQuery,
  idParams,
  linhaDigitavel,
  okResposta,
  paged,
  qrCodePix,
} from '@sig/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { FORMATOS_ARQUIVO, TIPO_CONTEUDO } from '../../platform/exportacao.js';
import * as webhooks from '../asaas/webhook.service.js';
import * as contas from '../receber/conta-a-receber.service.js';
import * as cobrancas from './cobranca.service.js';
import * as lista from './cobranca-lista.service.js';

const tags = ['cobrancas'];

/** `/conta-a-receber` (spec §2): receivables; delete marks them excluded. */
export const contaAReceberRoutes: FastifyPluginAsyncZod = async (app) => {
  const acesso = contas.ACESSO_CONTA;
  app.get(
    '/paginado',
    {
      config: { acesso, acao: 'L' },
      schema: { tags, querystring: contaAReceberListQuery, response: { 200: paged(contaAReceber) } },
    },
    (req) => contas.listarContas(app.deps, req.ctx, req.query),
  );
  app.get(
    '/:id',
    { config: { acesso, acao: 'R' }, schema: { tags, params: idParams, response: { 200: contaAReceber } } },
    (req) => contas.obterConta(app.deps.db, req.ctx, req.params.id),
  );
  app.post(
    '/',
    { config: { acesso, acao: 'C' }, schema: { tags, body: contaAReceberInput, response: { 201: contaAReceber } } },
    async (req, reply) => reply.status(201).send(await contas.criarConta(app.deps, req.ctx, req.body)),
  );
  app.put(
    '/:id',
    {
      config: { acesso, acao: 'U' },
      schema: { tags, params: idParams, body: contaAReceberInput, response: { 200: contaAReceber } },
    },
    (req) => contas.atualizarConta(app.deps, req.ctx, req.params.id, req.body),
  );
  app.delete(
    '/:id',
    { config: { acesso, acao: 'D' }, schema: { tags, params: idParams, response: { 200: okResposta } } },
    async (req) => {
      await contas.excluirConta(app.deps, req.ctx, req.params.id);
      return { sucesso: true };
    },
  );
};

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

/** Lenient: the provider adds fields without notice; only the id and the event are required. */
const eventoAsaas = z.looseObject({
  id: z.string().min(1).max(200),
  event: z.string().min(1).max(100),
  dateCreated: z.string().max(40).optional(),
  payment: z.looseObject({ id: z.string().max(100).optional(), status: z.string().max(60).optional() }).optional(),
});

/**
 * `POST /webhooks/asaas`: public (the provider has no session), guarded by the shared
 * `asaas-access-token`. Answers 200 at once; the event is applied right after.
 */
export const webhookAsaasRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onReady', () => webhooks.processarPendentes(app.deps, app.log));
  app.post(
    '/asaas',
    {
      config: { publico: true },
      schema: { tags, body: eventoAsaas, response: { 200: z.object({ recebido: z.boolean() }) } },
      // Before the body is read: a stranger learns nothing, not even what a valid body looks like.
      onRequest: async (req) => webhooks.exigirToken(app.deps, req.headers['asaas-access-token']),
    },
    async (req) => {
      if (await webhooks.registrarEvento(app.deps, req.body as webhooks.EventoAsaas))
        setImmediate(() => void webhooks.processarComLog(app.deps, req.log, req.body.id));
      return { recebido: true };
    },
  );
};
