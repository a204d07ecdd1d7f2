import {
  ACESSO_CEMITERIO,
  cemiterio,
  cemiterioInput,
  cemiterioListQuery,
  cemiterioPagina,
  gerarJazigosInput,
  gerarJazigosResposta,
  gradeJazigos,
  gradeJazigosQuery,
  idParams,
  previsaoVagas,
  previsaoVagasQuery,
} from '@sig/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { acoesDoRegistro, rotasDe, rotasDeLista, rotasDeRegistro } from '../../platform/rotas-lista.js';
import * as servico from './cemiterio.service.js';
import { previsaoVagas as prever } from './relatorios.service.js';

const acesso = ACESSO_CEMITERIO;

/** `/cemiterio` (spec §2): cemeteries, their plots laid out a block at a time, the grid of a block. */
export const cemiterioRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['cemiterio'];
  rotasDeLista(app, {
    acesso,
    tags,
    consulta: cemiterioListQuery,
    pagina: cemiterioPagina,
    listar: (ctx, q) => servico.listar(app.deps, ctx, q),
    exportar: {
      planilha: 'cemiterio',
      colunas: [
        { campo: 'nome', rotulo: 'nome' },
        { campo: 'organizacaoNome', rotulo: 'organizacaoNome' },
        { campo: 'endereco', rotulo: 'endereco' },
        { campo: 'jazigos', rotulo: 'jazigos', tipo: 'numero' },
        { campo: 'livres', rotulo: 'livres', tipo: 'numero' },
      ],
    },
    select: {
      consulta: z.object({ busca: z.string().trim().max(150).optional() }),
      opcoesDe: 'cemiterio',
      opcoes: (ctx, q) => servico.selecionar(app.deps, ctx, q.busca),
    },
  });
  const rotas = rotasDe(app, { acesso, tags });
  const porId = { params: idParams, acao: 'R' } as const;
  rotas.get('/:id/jazigos', { ...porId, consulta: gradeJazigosQuery, resposta: gradeJazigos }, (req) =>
    servico.grade(app.deps, req.ctx, req.params.id, req.query.quadra),
  );
  rotas.get('/:id/previsao-vagas', { ...porId, consulta: previsaoVagasQuery, resposta: previsaoVagas }, (req) =>
    prever(app.deps, req.ctx, req.params.id, req.query.meses),
  );
  acoesDoRegistro(app, { acesso, tags }).executar(
    '/:id/jazigos',
    'U',
    gerarJazigosInput,
    gerarJazigosResposta,
    (ctx, id, corpo) => servico.gerarJazigos(app.deps, ctx, id, corpo),
  );
  rotasDeRegistro(app, {
    acesso,
    tags,
    item: cemiterio,
    entrada: cemiterioInput,
    obter: (ctx, id) => servico.obter(app.deps.db, ctx, id),
    criar: (ctx, corpo) => servico.criar(app.deps, ctx, corpo),
    atualizar: (ctx, id, corpo) => servico.atualizar(app.deps, ctx, id, corpo),
    excluir: (ctx, id) => servico.excluir(app.deps, ctx, id),
  });
};
