import {
  estornoInput,
  idParams,
  lancamento,
  lancamentoInput,
  lancamentoListQuery,
  lancamentoPagina,
} from '@sig/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idDaRota } from '../../platform/referencias.js';
import { rotasDeLista } from '../../platform/rotas-lista.js';
import * as servico from './livro-caixa.service.js';

const acesso = servico.ACESSO_LANCAMENTO;

/** `/lancamento-caixa` (spec §2): cash ledger entries with the running balance; transfers; reversals. */
export const lancamentoCaixaRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['financeiro'];
  // `/exportar` is the accounting file (livros.routes.ts): the list's CSV/XLSX sits beside it.
  rotasDeLista(app, {
    acesso,
    tags,
    consulta: lancamentoListQuery,
    pagina: lancamentoPagina,
    listar: (ctx, q) => servico.listarLancamentos(app.deps, ctx, q),
    exportacao: { caminho: '/exportar-lista' },
    exportar: (ctx, q, formato, origem) => servico.exportarLancamentos(app.deps, ctx, q, formato, origem),
  });
  app.get(
    '/:id',
    { config: { acesso, acao: 'R' }, schema: { tags, params: idParams, response: { 200: lancamento } } },
    (req) => servico.obterLancamento(app.deps.db, req.ctx, req.params.id),
  );
  app.post(
    '/',
    { config: { acesso, acao: 'C' }, schema: { tags, body: lancamentoInput, response: { 201: lancamento } } },
    async (req, reply) => reply.status(201).send(await servico.criarLancamento(app.deps, req.ctx, req.body)),
  );
  app.put(
    '/:id',
    {
      config: {
        acesso,
        acao: 'U',
        registroAtual: (req) => servico.obterLancamento(app.deps.db, req.ctx, idDaRota(req)),
      },
      schema: { tags, params: idParams, body: lancamentoInput, response: { 200: lancamento } },
    },
    (req) => servico.atualizarLancamento(app.deps, req.ctx, req.params.id, req.body),
  );
  app.post(
    '/:id/estornar',
    {
      config: { acesso, acao: 'U' },
      schema: { tags, params: idParams, body: estornoInput, response: { 200: lancamento } },
    },
    (req) => servico.estornarLancamento(app.deps, req.ctx, req.params.id, req.body),
  );
};
