import { idParams, justificativaEstornoInput, pagamento, pagamentoInput, pagamentoListQuery } from '@sig/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { acoesDoRegistro, rotasDe } from '../../platform/rotas-lista.js';
import * as pagamentos from './pagamento.service.js';

const tags = ['cobrancas'];

/** `/pagamento` (spec §2 /pagamento/form): payments recorded by hand, and their reversal. */
export const pagamentoRoutes: FastifyPluginAsyncZod = async (app) => {
  const acesso = pagamentos.ACESSO_PAGAMENTO;
  const rotas = rotasDe(app, { acesso, tags });
  rotas.get('/', { acao: 'L', consulta: pagamentoListQuery, resposta: z.array(pagamento) }, (req) =>
    pagamentos.listarPagamentos(app.deps.db, req.ctx, req.query.contaAReceberId),
  );
  rotas.get('/:id', { acao: 'R', params: idParams, resposta: pagamento }, (req) =>
    pagamentos.obterPagamento(app.deps.db, req.ctx, req.params.id),
  );
  rotas.post('/', { acao: 'C', corpo: pagamentoInput, resposta: pagamento, status: 201 }, (req) =>
    pagamentos.registrarPagamento(app.deps, req.ctx, req.body),
  );
  acoesDoRegistro(app, { acesso, tags }).executar(
    '/:id/estorno',
    'D',
    justificativaEstornoInput,
    pagamento,
    (ctx, id, corpo) => pagamentos.estornarPagamento(app.deps, ctx, id, corpo),
  );
};
