import {
  contagemPendenciasFinanceiras,
  idParams,
  okResposta,
  paged,
  pendenciaFinanceira,
  pendenciaFinanceiraListQuery,
} from '@sig/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { rotasDe, rotasDeLista } from '../../platform/rotas-lista.js';
import * as servico from './pendencias.service.js';

const tags = ['financeiro'];
const eventoParams = z.object({ id: z.string().min(1).max(200) });
const resultado = z.object({ resultado: z.string().nullable() });

/** `/pendencias-financeiras` (issue 17): the financial exceptions and the actions that resolve them. */
export const pendenciasRoutes: FastifyPluginAsyncZod = async (app) => {
  const acesso = servico.ACESSO_PENDENCIAS;
  rotasDeLista(app, {
    acesso,
    tags,
    consulta: pendenciaFinanceiraListQuery,
    pagina: paged(pendenciaFinanceira),
    listar: (ctx, q) => servico.listarPendencias(app.deps, ctx, q),
  });
  const rotas = rotasDe(app, { acesso, tags });
  rotas.get('/contagem', { acao: 'L', resposta: contagemPendenciasFinanceiras }, (req) =>
    servico.contarPendencias(app.deps, req.ctx),
  );
  const doEvento = { acao: 'U', params: eventoParams } as const;
  rotas.post('/eventos/:id/reaplicar', { ...doEvento, resposta: resultado }, (req) =>
    servico.reaplicarEvento(app.deps, req.ctx, req.params.id),
  );
  rotas.post('/eventos/:id/resolver', { ...doEvento, resposta: okResposta }, async (req) => {
    await servico.marcarResolvida(app.deps, req.ctx, req.params.id);
    return { sucesso: true };
  });
  rotas.post('/eventos/:id/reacomodar', { ...doEvento, resposta: okResposta }, async (req) => {
    await servico.reacomodarInscricao(app.deps, req.ctx, req.params.id);
    return { sucesso: true };
  });
  const porId = { acao: 'U', params: idParams } as const;
  rotas.post('/lancamentos/:id/lancar', { ...porId, resposta: z.object({ lancamentoId: z.number().int() }) }, (req) =>
    servico.lancarPendencia(app.deps, req.ctx, req.params.id),
  );
  rotas.post('/subcontas/:id/conferir-webhook', { ...porId, resposta: resultado }, (req) =>
    servico.conferirWebhook(app.deps, req.ctx, req.params.id),
  );
};
