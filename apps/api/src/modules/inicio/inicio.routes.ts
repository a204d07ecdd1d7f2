import { filhosInicioQuery, resumoFilhoQuery, resumoInicio, selectResposta } from '@sig/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as servico from './inicio.service.js';

const tags = ['inicio'];

/** `/inicio` (spec §2 /dashboard, /dashboard/filho): the home page's figures in one answer. */
export const inicioRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/resumo',
    { config: { acesso: servico.ACESSO_INICIO, acao: 'R' }, schema: { tags, response: { 200: resumoInicio } } },
    (req) => servico.resumo(app.deps, req.ctx),
  );
  app.get(
    '/resumo-filho',
    {
      config: { acesso: servico.ACESSO_INICIO_FILHO, acao: 'R' },
      schema: { tags, querystring: resumoFilhoQuery, response: { 200: resumoInicio } },
    },
    (req) => servico.resumoFilho(app.deps, req.ctx, req.query.organizacaoId),
  );
  app.get(
    '/filhos',
    {
      config: { acesso: servico.ACESSO_INICIO_FILHO, acao: 'R' },
      schema: { tags, querystring: filhosInicioQuery, response: { 200: selectResposta } },
    },
    (req) => servico.filhos(app.deps, req.ctx, req.query.busca),
  );
};
