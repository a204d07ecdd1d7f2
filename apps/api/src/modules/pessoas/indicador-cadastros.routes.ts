import { indicadorCadastros, indicadorCadastrosQuery } from '@sig/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as servico from './indicador-cadastros.service.js';

/** Spec §2 /indicadores/cadastros. */
export const indicadorCadastrosRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      config: { acesso: 'IndicadoresCadastros', acao: 'L' },
      schema: { tags: ['pessoa'], querystring: indicadorCadastrosQuery, response: { 200: indicadorCadastros } },
    },
    (req) => servico.indicador(app.deps, req.ctx, req.query),
  );
};
