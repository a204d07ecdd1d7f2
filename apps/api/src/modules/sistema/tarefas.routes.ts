import { paged, tarefa, tarefaDetalhe, tarefaListQuery, tarefaParams } from '@sig/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { rotasDe, rotasDeLista } from '../../platform/rotas-lista.js';
import * as servico from './tarefas.service.js';

const tags = ['sistema'];

/** `/tarefas`: the background jobs, with their errors; a failed one run again. */
export const tarefasRoutes: FastifyPluginAsyncZod = async (app) => {
  const acesso = servico.ACESSO_TAREFAS;
  rotasDeLista(app, {
    acesso,
    tags,
    consulta: tarefaListQuery,
    pagina: paged(tarefa),
    listar: (ctx, q) => servico.listarTarefas(app.deps, ctx, q),
    exportar: {
      planilha: 'tarefas',
      colunas: [
        { campo: 'fila', rotulo: 'fila' },
        { campo: 'situacao', rotulo: 'situacao', tipo: 'opcao', rotulos: 'sistema:tarefas.situacoes' },
        { campo: 'referencia', rotulo: 'referencia' },
        { campo: 'tentativas', rotulo: 'tentativas', tipo: 'numero' },
        { campo: 'erro', rotulo: 'erro' },
        { campo: 'criadoEm', rotulo: 'criadoEm', tipo: 'dataHora' },
        { campo: 'concluidoEm', rotulo: 'concluidoEm', tipo: 'dataHora' },
      ],
    },
  });
  const rotas = rotasDe(app, { acesso, tags });
  const porId = { params: tarefaParams, resposta: tarefaDetalhe };
  rotas.get('/:id', { ...porId, acao: 'R' }, (req) => servico.obterTarefa(app.deps, req.ctx, req.params.id));
  rotas.post('/:id/repetir', { ...porId, acao: 'U' }, (req) => servico.repetirTarefa(app.deps, req.ctx, req.params.id));
};
