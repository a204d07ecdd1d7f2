import {
  idParams,
  okResposta,
  paged,
  perfil,
  perfilInput,
  perfilListQuery,
  perfilLogadoResposta,
  perfilResumo,
  perfilUpdate,
  permissoesAcessoResposta,
} from '@sig/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { rotasDe, rotasDeLista } from '../../platform/rotas-lista.js';
import * as servico from './perfil.service.js';

/**
 * Spec §7 profile calls. Both PUTs need Perfil U (not Permissoes U): one route, one rule;
 * what a writer may grant is then bounded by the service's no-self-escalation check.
 */
export const perfilRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['perfil'];
  const deps = app.deps;

  const rotas = rotasDe(app, { acesso: 'Perfil', tags });
  rotas.get('/', { acao: 'L', resposta: z.array(perfilResumo) }, () => servico.listar(deps));

  rotasDeLista(app, {
    acesso: 'Perfil',
    tags,
    consulta: perfilListQuery,
    pagina: paged(perfilResumo),
    listar: (_ctx, q) => servico.paginado(deps, q),
    exportar: {
      planilha: 'perfil',
      colunas: [
        { campo: 'nome', rotulo: 'nome' },
        { campo: 'descricao', rotulo: 'descricao' },
        { campo: 'ativo', rotulo: 'ativo', tipo: 'simNao' },
      ],
    },
    select: { opcoesDe: 'perfil', opcoes: () => servico.opcoes(deps) },
  });

  app.get(
    '/perfil-logada-id',
    {
      config: { autenticado: true, permiteTrocaSenha: true },
      schema: { tags, response: { 200: perfilLogadoResposta } },
    },
    async (req) => ({ perfilId: req.ctx.perfilId }),
  );

  rotas.get('/:id', { acao: 'R', params: idParams, resposta: perfil }, (req) => servico.obter(deps, req.params.id));

  // Any signed-in user reads their own profile's screens; another profile needs Perfil R (service).
  app.get(
    '/:id/permissoes-acesso',
    {
      config: { autenticado: true },
      schema: { tags, params: idParams, response: { 200: permissoesAcessoResposta } },
    },
    (req) => servico.permissoesAcesso(deps, req.ctx, req.params.id),
  );

  rotas.post('/', { acao: 'C', corpo: perfilInput, resposta: perfil, status: 201 }, (req) =>
    servico.criar(deps, req.ctx, req.body),
  );
  rotas.put('/', { acao: 'U', corpo: perfilUpdate, resposta: perfil }, (req) =>
    servico.atualizar(deps, req.ctx, req.body.id, req.body),
  );
  rotas.put('/:id', { acao: 'U', params: idParams, corpo: perfilInput, resposta: perfil }, (req) =>
    servico.atualizar(deps, req.ctx, req.params.id, req.body),
  );
  rotas.delete('/:id', { acao: 'D', params: idParams, resposta: okResposta }, async (req) => {
    await servico.excluir(deps, req.ctx, req.params.id);
    return { sucesso: true };
  });
};
