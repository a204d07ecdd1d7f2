import { paged, tarefa, tarefaDetalhe, tarefaListQuery, tarefaParams } from '@sig/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as servico from './tarefas.service.js';

const tags = ['sistema'];

/** `/tarefas`: the background jobs, with their errors; a failed one run again. */
export const tarefasRoutes: FastifyPluginAsyncZod = async (app) => {
  const acesso = servico.ACESSO_TAREFAS;
  const porId = { tags, params: tarefaParams, response: { 200: tarefaDetalhe } };
  app.get(
    '/paginado',
    {
      config: { acesso, acao: 'L' },
      schema: { tags, querystring: tarefaListQuery, response: { 200: paged(tarefa) } },
    },
    (req) => servico.listarTarefas(app.deps, req.ctx, req.query),
  );
  app.get('/:id', { config: { acesso, acao: 'R' }, schema: porId }, (req) =>
    servico.obterTarefa(app.deps, req.ctx, req.params.id),
  );
  app.post('/:id/repetir', { config: { acesso, acao: 'U' }, schema: porId }, (req) =>
    servico.repetirTarefa(app.deps, req.ctx, req.params.id),
  );
};
