import {
  auditoriaExportQuery,
  auditoriaItem,
  auditoriaListQuery,
  historicoItem,
  historicoParams,
  paged,
} from '@sig/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { rotasDe } from '../../platform/rotas-lista.js';
import * as servico from './auditoria.service.js';

/** Access audit (who signed in, what they called, what they exported) and the generic change-history reader. */
export const auditoriaRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['auditoria'];
  const deps = app.deps;

  const rotas = rotasDe(app, { acesso: 'AuditoriaAcesso', tags });
  rotas.get('/paginado', { acao: 'L', consulta: auditoriaListQuery, resposta: paged(auditoriaItem) }, (req) =>
    servico.listar(deps, req.ctx, req.query),
  );
  rotas.get(
    '/historico/:entidade/:entidadeId',
    { acao: 'R', params: historicoParams, resposta: z.array(historicoItem) },
    (req) => servico.historico(deps, req.ctx, req.params.entidade, req.params.entidadeId),
  );

  app.get(
    '/exportar',
    {
      config: { acesso: 'AuditoriaAcesso', acao: 'L' },
      schema: { tags, querystring: auditoriaExportQuery, produces: ['text/csv'] },
    },
    async (req, reply) => {
      const { formato: _formato, ...filtros } = req.query;
      const e = await servico.exportar(deps, req.ctx, filtros, {
        ip: req.ip,
        userAgent: req.headers['user-agent'] ?? null,
        rota: req.url,
      });
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${e.nomeArquivo}"`)
        .header('x-total-linhas', String(e.linhas))
        .header('x-exportacao-truncada', String(e.truncada))
        .send(e.conteudo);
    },
  );
};
