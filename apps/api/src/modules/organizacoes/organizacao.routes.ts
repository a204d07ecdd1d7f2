import {
  configuracaoOrganizacaoInput,
  idParams,
  logoInput,
  organizacao,
  organizacaoInput,
  organizacaoListQuery,
  organizacaoResumo,
  organizacaoSelectQuery,
  organizacaoUpdate,
  paged,
  usuarioOrganizacao,
  usuarioParams,
  vincularUsuarioBody,
} from '@sig/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idDaRota } from '../../platform/referencias.js';
import { rotasDe, rotasDeLista } from '../../platform/rotas-lista.js';
import * as logos from './logo.service.js';
import * as servico from './organizacao.service.js';

const acesso = 'Organizacao' as const;

/** Organization registry (spec §3): the tree, its sub-records and the users linked to it. */
export const organizacaoRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['organizacao'];
  const deps = app.deps;

  rotasDeLista(app, {
    acesso,
    tags,
    consulta: organizacaoListQuery,
    pagina: paged(organizacaoResumo),
    listar: (ctx, q) => servico.listarPaginado(deps, ctx, q),
    exportar: {
      planilha: 'organizacoes',
      colunas: [
        { campo: 'nomeFantasia', rotulo: 'nomeFantasia' },
        { campo: 'razaoSocial', rotulo: 'razaoSocial' },
        { campo: 'cnpj', rotulo: 'cnpj' },
        { campo: 'tipoOrganizacaoNome', rotulo: 'tipoOrganizacaoId' },
        { campo: 'situacao', rotulo: 'situacao', tipo: 'opcao', rotulos: 'organizacoes:situacoes' },
        { campo: 'organizacaoPaiNome', rotulo: 'organizacaoPaiId' },
      ],
    },
    select: {
      consulta: organizacaoSelectQuery,
      opcoesDe: 'organizacao',
      opcoes: (ctx, q) => servico.opcoes(deps, ctx, q.busca),
    },
  });

  const rotas = rotasDe(app, { acesso, tags });
  rotas.get('/', { acao: 'L', resposta: z.array(organizacaoResumo) }, (req) => servico.listarTodas(deps, req.ctx));

  // The settings screen (spec §2 /configuracoes-organizacao): the user's own organization, under its own access id.
  const configuracoes = rotasDe(app, { acesso: servico.ACESSO_CONFIGURACAO, tags });
  configuracoes.get('/configuracoes', { acao: 'R', resposta: organizacao }, (req) =>
    servico.obterConfiguracao(deps, req.ctx),
  );
  configuracoes.put(
    '/configuracoes',
    {
      acao: 'U',
      registroAtual: (req) => servico.obterConfiguracao(deps, req.ctx),
      corpo: configuracaoOrganizacaoInput,
      resposta: organizacao,
    },
    (req) => servico.atualizarConfiguracao(deps, req.ctx, req.corpoBruto, req.body),
  );

  rotas.get('/:id', { acao: 'R', params: idParams, resposta: organizacao }, (req) =>
    servico.obter(deps, req.ctx, req.params.id),
  );
  rotas.post('/', { acao: 'C', corpo: organizacaoInput, resposta: organizacao, status: 201 }, (req) =>
    servico.criar(deps, req.ctx, req.corpoBruto, req.body),
  );
  rotas.put(
    '/',
    {
      acao: 'U',
      registroAtual: (req) => servico.obter(deps, req.ctx, (req.body as { id: number }).id),
      corpo: organizacaoUpdate,
      resposta: organizacao,
    },
    (req) => {
      const { id, ...entrada } = req.body;
      return servico.atualizar(deps, req.ctx, id, req.corpoBruto, entrada);
    },
  );
  rotas.put(
    '/:id',
    {
      acao: 'U',
      registroAtual: (req) => servico.obter(deps, req.ctx, idDaRota(req)),
      params: idParams,
      corpo: organizacaoInput,
      resposta: organizacao,
    },
    (req) => servico.atualizar(deps, req.ctx, req.params.id, req.corpoBruto, req.body),
  );
  rotas.delete('/:id', { acao: 'D', params: idParams, resposta: z.null(), status: 204 }, async (req) => {
    await servico.excluir(deps, req.ctx, req.params.id);
    return null;
  });

  // The logo (spec §3): sent as JSON (base64), answered as the image for the form's preview (204: none).
  app.get(
    '/:id/logo',
    {
      config: { acesso, acao: 'R' },
      schema: { tags, params: idParams, produces: ['image/png', 'image/jpeg'] },
    },
    async (req, reply) => {
      const logo = await logos.obterLogo(deps, req.ctx, req.params.id);
      if (!logo) return reply.status(204).send();
      return reply.header('content-type', logo.tipo).header('cache-control', 'private, no-cache').send(logo.conteudo);
    },
  );

  rotas.put('/:id/logo', { acao: 'U', params: idParams, corpo: logoInput, resposta: organizacao }, async (req) => {
    await logos.gravarLogo(deps, req.ctx, req.params.id, req.body);
    return servico.obter(deps, req.ctx, req.params.id);
  });
  rotas.delete('/:id/logo', { acao: 'U', params: idParams, resposta: organizacao }, async (req) => {
    await logos.removerLogo(deps, req.ctx, req.params.id);
    return servico.obter(deps, req.ctx, req.params.id);
  });

  rotas.get('/:id/usuarios', { acao: 'R', params: idParams, resposta: z.array(usuarioOrganizacao) }, (req) =>
    servico.listarUsuarios(deps, req.ctx, req.params.id),
  );
  rotas.post(
    '/:id/usuarios',
    { acao: 'U', params: idParams, corpo: vincularUsuarioBody, resposta: usuarioOrganizacao, status: 201 },
    (req) => servico.vincularUsuario(deps, req.ctx, req.params.id, req.body),
  );
  rotas.delete(
    '/:id/usuarios/:usuarioId',
    { acao: 'U', params: usuarioParams, resposta: z.null(), status: 204 },
    async (req) => {
      await servico.desvincularUsuario(deps, req.ctx, req.params.id, req.params.usuarioId);
      return null;
    },
  );
};
