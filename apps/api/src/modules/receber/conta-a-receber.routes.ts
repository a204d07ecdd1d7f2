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
import { idDaRota } from '../../platform/referencias.js';
import { rotasDeLista } from '../../platform/rotas-lista.js';
import * as contas from './conta-a-receber.service.js';

const tags = ['cobrancas'];

/** `/conta-a-receber` (spec §2): receivables, their totals and export; delete marks them excluded. */
export const contaAReceberRoutes: FastifyPluginAsyncZod = async (app) => {
  const acesso = contas.ACESSO_CONTA;
  rotasDeLista(app, {
    acesso,
    tags,
    consulta: contaAReceberListQuery,
    pagina: contaAReceberPagina,
    listar: (ctx, q) => contas.listarContas(app.deps, ctx, q),
    exportar: (ctx, q, formato, origem) => contas.exportarContas(app.deps, ctx, q, formato, origem),
  });
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
