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
import { rotasDeLista } from '../../platform/rotas-lista.js';
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

  app.get(
    '/',
    { config: { acesso, acao: 'L' }, schema: { tags, response: { 200: z.array(organizacaoResumo) } } },
    (req) => servico.listarTodas(deps, req.ctx),
  );

  // The settings screen (spec §2 /configuracoes-organizacao): the user's own organization, under its own access id.
  app.get(
    '/configuracoes',
    {
      config: { acesso: servico.ACESSO_CONFIGURACAO, acao: 'R' },
      schema: { tags, response: { 200: organizacao } },
    },
    (req) => servico.obterConfiguracao(deps, req.ctx),
  );

  app.put(
    '/configuracoes',
    {
      config: {
        acesso: servico.ACESSO_CONFIGURACAO,
        acao: 'U',
        registroAtual: (req) => servico.obterConfiguracao(deps, req.ctx),
      },
      schema: { tags, body: configuracaoOrganizacaoInput, response: { 200: organizacao } },
    },
    (req) => servico.atualizarConfiguracao(deps, req.ctx, req.corpoBruto, req.body),
  );

  app.get(
    '/:id',
    { config: { acesso, acao: 'R' }, schema: { tags, params: idParams, response: { 200: organizacao } } },
    (req) => servico.obter(deps, req.ctx, req.params.id),
  );

  app.post(
    '/',
    { config: { acesso, acao: 'C' }, schema: { tags, body: organizacaoInput, response: { 201: organizacao } } },
    async (req, reply) => reply.status(201).send(await servico.criar(deps, req.ctx, req.corpoBruto, req.body)),
  );

  app.put(
    '/',
    {
      config: {
        acesso,
        acao: 'U',
        registroAtual: (req) => servico.obter(deps, req.ctx, (req.body as { id: number }).id),
      },
      schema: { tags, body: organizacaoUpdate, response: { 200: organizacao } },
    },
    (req) => {
      const { id, ...entrada } = req.body;
      return servico.atualizar(deps, req.ctx, id, req.corpoBruto, entrada);
    },
  );

  app.put(
    '/:id',
    {
      config: { acesso, acao: 'U', registroAtual: (req) => servico.obter(deps, req.ctx, idDaRota(req)) },
      schema: { tags, params: idParams, body: organizacaoInput, response: { 200: organizacao } },
    },
    (req) => servico.atualizar(deps, req.ctx, req.params.id, req.corpoBruto, req.body),
  );

  app.delete(
    '/:id',
    { config: { acesso, acao: 'D' }, schema: { tags, params: idParams, response: { 204: z.null() } } },
    async (req, reply) => {
      await servico.excluir(deps, req.ctx, req.params.id);
      return reply.status(204).send(null);
    },
  );

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

  app.put(
    '/:id/logo',
    {
      config: { acesso, acao: 'U' },
      schema: { tags, params: idParams, body: logoInput, response: { 200: organizacao } },
    },
    async (req) => {
      await logos.gravarLogo(deps, req.ctx, req.params.id, req.body);
      return servico.obter(deps, req.ctx, req.params.id);
    },
  );

  app.delete(
    '/:id/logo',
    { config: { acesso, acao: 'U' }, schema: { tags, params: idParams, response: { 200: organizacao } } },
    async (req) => {
      await logos.removerLogo(deps, req.ctx, req.params.id);
      return servico.obter(deps, req.ctx, req.params.id);
    },
  );

  app.get(
    '/:id/usuarios',
    {
      config: { acesso, acao: 'R' },
      schema: { tags, params: idParams, response: { 200: z.array(usuarioOrganizacao) } },
    },
    (req) => servico.listarUsuarios(deps, req.ctx, req.params.id),
  );

  app.post(
    '/:id/usuarios',
    {
      config: { acesso, acao: 'U' },
      schema: { tags, params: idParams, body: vincularUsuarioBody, response: { 201: usuarioOrganizacao } },
    },
    async (req, reply) => reply.status(201).send(await servico.vincularUsuario(deps, req.ctx, req.params.id, req.body)),
  );

  app.delete(
    '/:id/usuarios/:usuarioId',
    { config: { acesso, acao: 'U' }, schema: { tags, params: usuarioParams, response: { 204: z.null() } } },
    async (req, reply) => {
      await servico.desvincularUsuario(deps, req.ctx, req.params.id, req.params.usuarioId);
      return reply.status(204).send(null);
    },
  );
};
