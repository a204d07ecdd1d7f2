import {
  idParams,
  okResposta,
  selectResposta,
  situacaoUsuarioInput,
  usuarioLinha,
  usuarioListQuery,
  usuarioPagina,
  usuarioResumo,
  usuarioSelectQuery,
  vinculoUsuarioInput,
  vinculoUsuarioParams,
} from '@sig/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { FORMATOS_ARQUIVO, TIPO_CONTEUDO } from '../../platform/exportacao.js';
import { solicitarRedefinicao } from '../autenticacao/index.js';
import * as servico from './usuario.service.js';

const acesso = 'Usuarios' as const;

/**
 * `/usuarios` (spec: users as menu items): users with their links, linking and unlinking, turning
 * sign-in off and on, a password reset; and users as other screens pick them.
 */
export const usuarioRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['usuarios'];
  app.get(
    '/select',
    {
      config: { acesso, acao: 'L', opcoesDe: 'usuarios' },
      schema: { tags, querystring: usuarioSelectQuery, response: { 200: selectResposta } },
    },
    (req) => servico.opcoes(app.deps, req.ctx, req.query.busca),
  );
  app.get(
    '/paginado',
    {
      config: { acesso, acao: 'L' },
      schema: { tags, querystring: usuarioListQuery, response: { 200: usuarioPagina } },
    },
    (req) => servico.listar(app.deps, req.ctx, req.query),
  );
  app.get(
    '/exportar',
    {
      config: { acesso, acao: 'L' },
      schema: {
        tags,
        querystring: usuarioListQuery.and(z.object({ formato: z.enum(FORMATOS_ARQUIVO).default('csv') })),
        produces: [TIPO_CONTEUDO.csv, TIPO_CONTEUDO.xlsx],
      },
    },
    (req, reply) => {
      const { formato, pagina: _p, quantidade: _q, ordem: _o, ordenarPor: _s, ...filtros } = req.query;
      const e = servico.exportar(app.deps, req.ctx, filtros, formato, {
        ip: req.ip,
        userAgent: req.headers['user-agent'] ?? null,
        rota: req.url,
      });
      return reply
        .header('content-type', TIPO_CONTEUDO[formato])
        .header('content-disposition', `attachment; filename="${e.nomeArquivo}"`)
        .send(e.conteudo);
    },
  );
  app.get(
    '/:id',
    { config: { acesso, acao: 'R' }, schema: { tags, params: idParams, response: { 200: usuarioResumo } } },
    (req) => servico.obter(app.deps, req.ctx, req.params.id),
  );
  app.post(
    '/:id/vinculos',
    {
      config: { acesso, acao: 'U' },
      schema: { tags, params: idParams, body: vinculoUsuarioInput, response: { 200: usuarioLinha } },
    },
    (req) => servico.vincular(app.deps, req.ctx, req.params.id, req.body),
  );
  app.delete(
    '/:id/vinculos/:organizacaoId',
    {
      config: { acesso, acao: 'U' },
      schema: { tags, params: vinculoUsuarioParams, response: { 200: usuarioLinha } },
    },
    (req) => servico.desvincular(app.deps, req.ctx, req.params.id, req.params.organizacaoId),
  );
  app.put(
    '/:id/situacao',
    {
      config: { acesso, acao: 'U' },
      schema: { tags, params: idParams, body: situacaoUsuarioInput, response: { 200: usuarioLinha } },
    },
    (req) => servico.mudarSituacao(app.deps, req.ctx, req.params.id, req.body.ativo),
  );
  app.post(
    '/:id/redefinicao-senha',
    { config: { acesso, acao: 'U' }, schema: { tags, params: idParams, response: { 200: okResposta } } },
    async (req) => {
      const email = await servico.destinoDaRedefinicao(app.deps, req.ctx, req.params.id);
      await solicitarRedefinicao(app.deps, email, {
        ip: req.ip,
        userAgent: req.headers['user-agent'] ?? null,
        idioma: req.ctx.idioma,
      });
      return { sucesso: true };
    },
  );
};
