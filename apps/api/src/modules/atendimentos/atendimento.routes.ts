import {
  anexoInput,
  atendimentoAtualizacaoInput,
  atendimentoDetalhe,
  atendimentoInput,
  atendimentoListQuery,
  atendimentoResumo,
  atendimentosDoTime,
  categoriaFormulario,
  comentarioInput,
  FILAS_ATENDIMENTO,
  type FilaAtendimento,
  id,
  idParams,
  indicadorAtendimentos,
  indicadorQuery,
  mudancaStatusInput,
  paged,
  selectResposta,
  tarefaInput,
  tarefaSituacaoInput,
  triagemInput,
} from '@sig/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idDaRota } from '../../platform/referencias.js';
import { rotasDeLista } from '../../platform/rotas-lista.js';
import { anexar, baixarAnexo, removerAnexo } from './anexos.service.js';
import { exportar, listarPaginado, obter } from './consulta.service.js';
import { atualizar, criar } from './escrita.service.js';
import * as servicoIndicador from './indicador-atendimentos.service.js';
import { movimentar } from './movimento.service.js';
import * as opcoes from './opcoes.service.js';
import { criarTarefa, situacaoTarefa } from './tarefas.service.js';
import * as servicoTime from './time.service.js';

const buscaQuery = z.object({ busca: z.string().trim().max(200).optional() });
const anexoParams = z.object({ id, anexoId: id });
const tarefaParams = z.object({ id, tarefaId: id });
// An attachment travels base64 in JSON: 5 MB of file is ~6.7 MB of body.
const LIMITE_CORPO_ANEXO = 8 * 1024 * 1024;

/**
 * One queue of service tickets (spec §2): the same calls under each queue's path, each guarded
 * by that queue's access id; what the queue shows is decided in the service. The requester's
 * queue reads, opens, comments and attaches; the agents' queues also edit, change status,
 * triage and keep tasks.
 */
export const atendimentoRoutes =
  (fila: FilaAtendimento): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['atendimento'];
    const deps = app.deps;
    const acesso = FILAS_ATENDIMENTO[fila];
    const agente = fila !== 'atendimento-meus-atendimentos';
    const detalhe = { 200: atendimentoDetalhe };
    /** The ticket as its input names people (ids): the references it already holds may be sent again. */
    const registroAtual = async (req: FastifyRequest) => {
      const d = await obter(deps, req.ctx, fila, idDaRota(req));
      const ids = (xs: { usuarioId: number }[]) => xs.map((x) => x.usuarioId);
      return {
        ...d,
        participantes: ids(d.participantes),
        observadores: ids(d.observadores),
        interessados: ids(d.interessados),
      };
    };

    rotasDeLista(app, {
      acesso,
      tags,
      consulta: atendimentoListQuery,
      pagina: paged(atendimentoResumo).extend({ totalExato: z.boolean() }),
      listar: (ctx, q) => listarPaginado(deps, ctx, fila, q),
      exportar: (ctx, { pagina: _p, quantidade: _q, ordem: _o, ordenarPor: _b, ...filtros }, formato) =>
        exportar(deps, ctx, fila, filtros, formato),
    });

    app.get('/categorias', { config: { acesso, acao: 'L' }, schema: { tags, response: { 200: selectResposta } } }, () =>
      opcoes.categorias(deps),
    );
    app.get(
      '/categorias/:id',
      { config: { acesso, acao: 'L' }, schema: { tags, params: idParams, response: { 200: categoriaFormulario } } },
      (req) => opcoes.categoria(deps, req.params.id),
    );
    app.get(
      '/organizacoes-destino',
      { config: { acesso, acao: 'L' }, schema: { tags, querystring: buscaQuery, response: { 200: selectResposta } } },
      (req) => opcoes.organizacoesDestino(deps, req.ctx, fila, req.query.busca),
    );
    app.get(
      '/usuarios',
      { config: { acesso, acao: 'L' }, schema: { tags, querystring: buscaQuery, response: { 200: selectResposta } } },
      (req) => opcoes.usuarios(deps, req.ctx, req.query.busca),
    );
    app.get('/times', { config: { acesso, acao: 'L' }, schema: { tags, response: { 200: selectResposta } } }, () =>
      opcoes.times(deps),
    );

    app.get('/:id', { config: { acesso, acao: 'R' }, schema: { tags, params: idParams, response: detalhe } }, (req) =>
      obter(deps, req.ctx, fila, req.params.id),
    );

    app.post(
      '/',
      {
        config: { acesso, acao: 'C' },
        schema: { tags, body: atendimentoInput, response: { 201: atendimentoDetalhe } },
      },
      async (req, reply) => reply.status(201).send(await criar(deps, req.ctx, fila, req.corpoBruto, req.body)),
    );

    app.post(
      '/:id/comentarios',
      { config: { acesso, acao: 'U' }, schema: { tags, params: idParams, body: comentarioInput, response: detalhe } },
      (req) => movimentar(deps, req.ctx, fila, req.params.id, { tipo: 'COMENTARIO', ...req.body }),
    );

    app.post(
      '/:id/anexos',
      {
        config: { acesso, acao: 'U' },
        bodyLimit: LIMITE_CORPO_ANEXO,
        schema: { tags, params: idParams, body: anexoInput, response: detalhe },
      },
      (req) => anexar(deps, req.ctx, fila, req.params.id, req.body),
    );
    app.get(
      '/:id/anexos/:anexoId',
      { config: { acesso, acao: 'R' }, schema: { tags, params: anexoParams } },
      async (req, reply) => {
        const { anexo, conteudo } = await baixarAnexo(deps, req.ctx, fila, req.params.id, req.params.anexoId);
        return reply
          .header('content-type', anexo.tipoConteudo)
          .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(anexo.nomeArquivo)}`)
          .send(conteudo);
      },
    );
    app.delete(
      '/:id/anexos/:anexoId',
      { config: { acesso, acao: 'U' }, schema: { tags, params: anexoParams, response: detalhe } },
      (req) => removerAnexo(deps, req.ctx, fila, req.params.id, req.params.anexoId),
    );

    if (!agente) return;

    app.put(
      '/:id',
      {
        config: { acesso, acao: 'U', registroAtual },
        schema: { tags, params: idParams, body: atendimentoAtualizacaoInput, response: detalhe },
      },
      (req) => atualizar(deps, req.ctx, fila, req.params.id, req.corpoBruto, req.body),
    );
    app.post(
      '/:id/status',
      {
        config: { acesso, acao: 'U' },
        schema: { tags, params: idParams, body: mudancaStatusInput, response: detalhe },
      },
      (req) => movimentar(deps, req.ctx, fila, req.params.id, { tipo: 'STATUS', ...req.body }),
    );
    app.post(
      '/:id/tarefas',
      { config: { acesso, acao: 'U' }, schema: { tags, params: idParams, body: tarefaInput, response: detalhe } },
      (req) => criarTarefa(deps, req.ctx, fila, req.params.id, req.body),
    );
    app.put(
      '/:id/tarefas/:tarefaId',
      {
        config: { acesso, acao: 'U' },
        schema: { tags, params: tarefaParams, body: tarefaSituacaoInput, response: detalhe },
      },
      (req) => situacaoTarefa(deps, req.ctx, fila, req.params.id, req.params.tarefaId, req.body.concluida),
    );
    if (fila === 'atendimento-triagem')
      app.post(
        '/:id/triagem',
        {
          config: { acesso, acao: 'U', registroAtual },
          schema: { tags, params: idParams, body: triagemInput, response: detalhe },
        },
        (req) =>
          movimentar(deps, req.ctx, fila, req.params.id, { tipo: 'TRIAGEM', corpoBruto: req.corpoBruto, ...req.body }),
      );
  };

/** Spec §2 /indicadores/atendimentos. */
export const indicadorAtendimentosRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      config: { acesso: 'IndicadoresAtendimentos', acao: 'L' },
      schema: {
        tags: ['atendimento'],
        querystring: indicadorQuery,
        response: { 200: indicadorAtendimentos },
      },
    },
    (req) => servicoIndicador.indicador(app.deps, req.ctx, req.query),
  );
};

/** `/time/:id/atendimentos` (issue 21): a team's open tickets, read on the team's form. */
export const timeAtendimentosRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/:id/atendimentos',
    {
      config: { acesso: 'Time', acao: 'R' },
      schema: { tags: ['atendimento'], params: idParams, response: { 200: atendimentosDoTime } },
    },
    (req) => servicoTime.abertos(app.deps, req.ctx, req.params.id),
  );
};
