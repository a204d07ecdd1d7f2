import { estornoInput, lancamento, lancamentoInput, lancamentoListQuery, lancamentoPagina } from '@sig/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { acoesDoRegistro, rotasDeLista, rotasDeRegistro } from '../../platform/rotas-lista.js';
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
  acoesDoRegistro(app, { acesso, tags }).executar('/:id/estornar', 'U', estornoInput, lancamento, (ctx, id, corpo) =>
    servico.estornarLancamento(app.deps, ctx, id, corpo),
  );
  rotasDeRegistro(app, {
    acesso,
    tags,
    item: lancamento,
    entrada: lancamentoInput,
    obter: (ctx, id) => servico.obterLancamento(app.deps.db, ctx, id),
    criar: (ctx, corpo) => servico.criarLancamento(app.deps, ctx, corpo),
    atualizar: (ctx, id, corpo) => servico.atualizarLancamento(app.deps, ctx, id, corpo),
  });
};
