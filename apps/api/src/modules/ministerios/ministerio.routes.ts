import {
  ACESSO_MINISTERIO,
  busca,
  idParams,
  indicadorMinisterios,
  indicadorQuery,
  ministerio,
  ministerioInput,
  ministerioListQuery,
  ministerioPagina,
  reuniaoInput,
  reuniaoParams,
  reunioesQuery,
  reunioesResposta,
  selectResposta,
} from '@sig/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { rotasDe, rotasDeLista, rotasDeRegistro } from '../../platform/rotas-lista.js';
import * as servicoIndicador from './indicador-ministerios.service.js';
import * as servico from './ministerio.service.js';
import * as reunioes from './reuniao.service.js';

const acesso = ACESSO_MINISTERIO;
const tags = ['ministerio'];

/** `/ministerio` (spec §2): ministries with their participants and yearly statistics. */
export const ministerioRoutes: FastifyPluginAsyncZod = async (app) => {
  rotasDeLista(app, {
    acesso,
    tags,
    consulta: ministerioListQuery,
    pagina: ministerioPagina,
    listar: (ctx, q) => servico.listar(app.deps, ctx, q),
    exportar: {
      planilha: 'ministerio',
      colunas: [
        { campo: 'nome', rotulo: 'nome' },
        { campo: 'organizacaoNome', rotulo: 'organizacaoNome' },
        { campo: 'tipoGrupoNome', rotulo: 'tipoGrupoId' },
        { campo: 'coordenadorNome', rotulo: 'coordenadorId' },
        { campo: 'participantes', rotulo: 'participantes', tipo: 'numero' },
        { campo: 'reunioesPorAno', rotulo: 'reunioesPorAno', tipo: 'numero' },
        { campo: 'ano', rotulo: 'ano', tipo: 'numero' },
        { campo: 'situacaoAno', rotulo: 'situacaoAno', tipo: 'opcao', rotulos: 'campos:opcao.situacaoAno' },
        { campo: 'reunioesRealizadas', rotulo: 'reunioesRealizadas', tipo: 'numero' },
        { campo: 'mediaPresentes', rotulo: 'mediaPresentes', tipo: 'numero' },
        { campo: 'participantesMasculinos', rotulo: 'participantesMasculinos', tipo: 'numero' },
        { campo: 'participantesFemininos', rotulo: 'participantesFemininos', tipo: 'numero' },
      ],
    },
  });
  // Attendance per meeting: part of changing the ministry (U), read with it (R).
  const rotas = rotasDe(app, { acesso, tags });
  rotas.get(
    '/:id/reunioes',
    { acao: 'R', params: idParams, consulta: reunioesQuery, resposta: reunioesResposta },
    (req) => reunioes.listar(app.deps, req.ctx, req.params.id, req.query.ano),
  );
  rotas.post('/:id/reunioes', { acao: 'U', params: idParams, corpo: reuniaoInput, resposta: ministerio }, (req) =>
    reunioes.registrar(app.deps, req.ctx, req.params.id, req.body),
  );
  rotas.delete('/:id/reunioes/:reuniaoId', { acao: 'U', params: reuniaoParams, resposta: ministerio }, (req) =>
    reunioes.excluir(app.deps, req.ctx, req.params.id, req.params.reuniaoId),
  );
  rotasDeRegistro(app, {
    acesso,
    tags,
    item: ministerio,
    entrada: ministerioInput,
    obter: (ctx, id) => servico.obter(app.deps.db, ctx, id),
    criar: (ctx, corpo) => servico.criar(app.deps, ctx, corpo),
    atualizar: (ctx, id, corpo) => servico.atualizar(app.deps, ctx, id, corpo),
    excluir: (ctx, id) => servico.excluir(app.deps, ctx, id),
  });
};

/**
 * `/tipo-grupo/select`: the group types of the reference list, for the ministry's form and filters
 * (readable to whoever may fill that form, guarda.ts `opcoesDe`).
 */
export const tipoGrupoRoutes: FastifyPluginAsyncZod = async (app) => {
  rotasDe(app, { acesso, tags }).get(
    '/select',
    { acao: 'L', opcoesDe: 'tipo-grupo', consulta: z.object({ busca: busca(100) }), resposta: selectResposta },
    (req) => servico.tiposGrupo(app.deps, req.ctx, req.query.busca),
  );
};

/** Spec §2 /indicadores/ministerios. */
export const indicadorMinisteriosRoutes: FastifyPluginAsyncZod = async (app) => {
  rotasDe(app, { acesso: 'IndicadoresMinisterios', tags }).get(
    '/',
    { acao: 'L', consulta: indicadorQuery, resposta: indicadorMinisterios },
    (req) => servicoIndicador.indicador(app.deps, req.ctx, req.query),
  );
};
