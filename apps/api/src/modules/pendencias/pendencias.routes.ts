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
import { rotasDeLista } from '../../platform/rotas-lista.js';
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
  app.get(
    '/contagem',
    { config: { acesso, acao: 'L' }, schema: { tags, response: { 200: contagemPendenciasFinanceiras } } },
    (req) => servico.contarPendencias(app.deps, req.ctx),
  );
  app.post(
    '/eventos/:id/reaplicar',
    { config: { acesso, acao: 'U' }, schema: { tags, params: eventoParams, response: { 200: resultado } } },
    (req) => servico.reaplicarEvento(app.deps, req.ctx, req.params.id),
  );
  app.post(
    '/eventos/:id/resolver',
    { config: { acesso, acao: 'U' }, schema: { tags, params: eventoParams, response: { 200: okResposta } } },
    async (req) => {
      await servico.marcarResolvida(app.deps, req.ctx, req.params.id);
      return { sucesso: true };
    },
  );
  app.post(
    '/eventos/:id/reacomodar',
    { config: { acesso, acao: 'U' }, schema: { tags, params: eventoParams, response: { 200: okResposta } } },
    async (req) => {
      await servico.reacomodarInscricao(app.deps, req.ctx, req.params.id);
      return { sucesso: true };
    },
  );
  app.post(
    '/lancamentos/:id/lancar',
    {
      config: { acesso, acao: 'U' },
      schema: { tags, params: idParams, response: { 200: z.object({ lancamentoId: z.number().int() }) } },
    },
    (req) => servico.lancarPendencia(app.deps, req.ctx, req.params.id),
  );
  app.post(
    '/subcontas/:id/conferir-webhook',
    { config: { acesso, acao: 'U' }, schema: { tags, params: idParams, response: { 200: resultado } } },
    (req) => servico.conferirWebhook(app.deps, req.ctx, req.params.id),
  );
};
