import {
  cancelamentoContaAReceberInput,
  contaAReceber,
  contaAReceberInput,
  contaAReceberListQuery,
  contaAReceberPagina,
} from '@sig/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { acoesDoRegistro, rotasDeLista, rotasDeRegistro } from '../../platform/rotas-lista.js';
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
  acoesDoRegistro(app, { acesso, tags }).executar(
    '/:id/cancelar',
    'U',
    cancelamentoContaAReceberInput,
    contaAReceber,
    (ctx, id, corpo) => contas.cancelarConta(app.deps, ctx, id, corpo),
  );
  rotasDeRegistro(app, {
    acesso,
    tags,
    item: contaAReceber,
    entrada: contaAReceberInput,
    obter: (ctx, id) => contas.obterConta(app.deps.db, ctx, id),
    criar: (ctx, corpo) => contas.criarConta(app.deps, ctx, corpo),
    atualizar: (ctx, id, corpo) => contas.atualizarConta(app.deps, ctx, id, corpo),
    excluir: (ctx, id) => contas.excluirConta(app.deps, ctx, id),
  });
};
