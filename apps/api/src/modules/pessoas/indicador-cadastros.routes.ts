import { indicadorCadastros, indicadorCadastrosQuery } from '@sig/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { rotasDe } from '../../platform/rotas-lista.js';
import * as servico from './indicador-cadastros.service.js';

/** Spec §2 /indicadores/cadastros. */
export const indicadorCadastrosRoutes: FastifyPluginAsyncZod = async (app) => {
  rotasDe(app, { acesso: 'IndicadoresCadastros', tags: ['pessoa'] }).get(
    '/',
    { acao: 'L', consulta: indicadorCadastrosQuery, resposta: indicadorCadastros },
    (req) => servico.indicador(app.deps, req.ctx, req.query),
  );
};
