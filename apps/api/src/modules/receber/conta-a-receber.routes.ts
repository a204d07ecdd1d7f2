import {
  cancelamentoContaAReceberInput,
  contaAReceber,
  contaAReceberInput,
  contaAReceberListQuery,
  contaAReceberPagina,
  idParams,
  okResposta,
} from '@sig/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { FORMATOS_ARQUIVO, TIPO_CONTEUDO } from '../../platform/exportacao.js';
import { idDaRota } from '../../platform/referencias.js';
import * as contas from './conta-a-receber.service.js';

const tags = ['cobrancas'];

/** `/conta-a-receber` (spec §2): receivables, their totals and export; delete marks them excluded. */
export const contaAReceberRoutes: FastifyPluginAsyncZod = async (app) => {
  const acesso = contas.ACESSO_CONTA;
  app.get(
    '/paginado',
    {
      config: { acesso, acao: 'L' },
      schema: { tags, querystring: contaAReceberListQuery, response: { 200: contaAReceberPagina } },
    },
    (req) => contas.listarContas(app.deps, req.ctx, req.query),
  );
  app.get(
    '/exportar',
    {
      config: { acesso, acao: 'L' },
      schema: {
        tags,
        querystring: contaAReceberListQuery.and(z.object({ formato: z.enum(FORMATOS_ARQUIVO).default('csv') })),
        produces: [TIPO_CONTEUDO.csv, TIPO_CONTEUDO.xlsx],
      },
    },
    async (req, reply) => {
      const { formato, pagina: _p, quantidade: _q, ordem: _o, ordenarPor: _s, ...filtros } = req.query;
      const e = await contas.exportarContas(app.deps, req.ctx, filtros, formato, {
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
      config: { acesso, acao: 'U', registroAtual: (req) => contas.obterConta(app.deps.db, req.ctx, idDaRota(req)) },
      schema: { tags, params: idParams, body: contaAReceberInput, response: { 200: contaAReceber } },
    },
    (req) => contas.atualizarConta(app.deps, req.ctx, req.params.id, req.body),
  );
  app.post(
    '/:id/cancelar',
    {
      config: { acesso, acao: 'U' },
      schema: { tags, params: idParams, body: cancelamentoContaAReceberInput, response: { 200: contaAReceber } },
    },
    (req) => contas.cancelarConta(app.deps, req.ctx, req.params.id, req.body),
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
