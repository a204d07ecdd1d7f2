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
import { acoesDoRegistro, rotasDe, rotasDeLista } from '../../platform/rotas-lista.js';
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

    const rotas = rotasDe(app, { acesso, tags });
    rotas.get('/categorias', { acao: 'L', resposta: selectResposta }, () => opcoes.categorias(deps));
    rotas.get('/categorias/:id', { acao: 'L', params: idParams, resposta: categoriaFormulario }, (req) =>
      opcoes.categoria(deps, req.params.id),
    );
    rotas.get('/organizacoes-destino', { acao: 'L', consulta: buscaQuery, resposta: selectResposta }, (req) =>
      opcoes.organizacoesDestino(deps, req.ctx, fila, req.query.busca),
    );
    rotas.get('/usuarios', { acao: 'L', consulta: buscaQuery, resposta: selectResposta }, (req) =>
      opcoes.usuarios(deps, req.ctx, req.query.busca),
    );
    rotas.get('/times', { acao: 'L', resposta: selectResposta }, () => opcoes.times(deps));

    rotas.get('/:id', { acao: 'R', params: idParams, resposta: atendimentoDetalhe }, (req) =>
      obter(deps, req.ctx, fila, req.params.id),
    );

    rotas.post('/', { acao: 'C', corpo: atendimentoInput, resposta: atendimentoDetalhe, status: 201 }, (req) =>
      criar(deps, req.ctx, fila, req.corpoBruto, req.body),
    );

    const registro = acoesDoRegistro(app, { acesso, tags });
    registro.executar('/:id/comentarios', 'U', comentarioInput, atendimentoDetalhe, (ctx, id, corpo) =>
      movimentar(deps, ctx, fila, id, { tipo: 'COMENTARIO', ...corpo }),
    );

    app.post(
      '/:id/anexos',
      {
        config: { acesso, acao: 'U' },
        bodyLimit: LIMITE_CORPO_ANEXO,
        schema: { tags, params: idParams, body: anexoInput, response: { 200: atendimentoDetalhe } },
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
    rotas.delete('/:id/anexos/:anexoId', { acao: 'U', params: anexoParams, resposta: atendimentoDetalhe }, (req) =>
      removerAnexo(deps, req.ctx, fila, req.params.id, req.params.anexoId),
    );

    if (!agente) return;

    rotas.put(
      '/:id',
      { acao: 'U', registroAtual, params: idParams, corpo: atendimentoAtualizacaoInput, resposta: atendimentoDetalhe },
      (req) => atualizar(deps, req.ctx, fila, req.params.id, req.corpoBruto, req.body),
    );
    registro.executar('/:id/status', 'U', mudancaStatusInput, atendimentoDetalhe, (ctx, id, corpo) =>
      movimentar(deps, ctx, fila, id, { tipo: 'STATUS', ...corpo }),
    );
    registro.executar('/:id/tarefas', 'U', tarefaInput, atendimentoDetalhe, (ctx, id, corpo) =>
      criarTarefa(deps, ctx, fila, id, corpo),
    );
    rotas.put(
      '/:id/tarefas/:tarefaId',
      { acao: 'U', params: tarefaParams, corpo: tarefaSituacaoInput, resposta: atendimentoDetalhe },
      (req) => situacaoTarefa(deps, req.ctx, fila, req.params.id, req.params.tarefaId, req.body.concluida),
    );
    if (fila === 'atendimento-triagem')
      rotas.post(
        '/:id/triagem',
        { acao: 'U', registroAtual, params: idParams, corpo: triagemInput, resposta: atendimentoDetalhe },
        (req) =>
          movimentar(deps, req.ctx, fila, req.params.id, { tipo: 'TRIAGEM', corpoBruto: req.corpoBruto, ...req.body }),
      );
  };

/** Spec §2 /indicadores/atendimentos. */
export const indicadorAtendimentosRoutes: FastifyPluginAsyncZod = async (app) => {
  rotasDe(app, { acesso: 'IndicadoresAtendimentos', tags: ['atendimento'] }).get(
    '/',
    { acao: 'L', consulta: indicadorQuery, resposta: indicadorAtendimentos },
    (req) => servicoIndicador.indicador(app.deps, req.ctx, req.query),
  );
};

/** `/time/:id/atendimentos` (issue 21): a team's open tickets, read on the team's form. */
export const timeAtendimentosRoutes: FastifyPluginAsyncZod = async (app) => {
  acoesDoRegistro(app, { acesso: 'Time', tags: ['atendimento'] }).ler(
    '/:id/atendimentos',
    atendimentosDoTime,
    (ctx, id) => servicoTime.abertos(app.deps, ctx, id),
  );
};
