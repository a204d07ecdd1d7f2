import {
  idParams,
  okResposta,
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
import { acoesDoRegistro, rotasDeLista, rotasDeRegistro } from '../../platform/rotas-lista.js';
import { solicitarRedefinicao } from '../autenticacao/index.js';
import * as servico from './usuario.service.js';

const acesso = 'Usuarios' as const;

/**
 * `/usuarios` (spec: users as menu items): users with their links, linking and unlinking, turning
 * sign-in off and on, a password reset; and users as other screens pick them.
 */
export const usuarioRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['usuarios'];
  rotasDeLista(app, {
    acesso,
    tags,
    consulta: usuarioListQuery,
    pagina: usuarioPagina,
    listar: (ctx, q) => servico.listar(app.deps, ctx, q),
    exportar: (ctx, { pagina: _p, quantidade: _q, ordem: _o, ordenarPor: _s, ...filtros }, formato, origem) =>
      servico.exportar(app.deps, ctx, filtros, formato, origem),
    select: {
      consulta: usuarioSelectQuery,
      opcoesDe: 'usuarios',
      opcoes: (ctx, q) => servico.opcoes(app.deps, ctx, q.busca),
    },
  });
  rotasDeRegistro(app, { acesso, tags, item: usuarioResumo, obter: (ctx, id) => servico.obter(app.deps, ctx, id) });
  acoesDoRegistro(app, { acesso, tags }).executar(
    '/:id/vinculos',
    'U',
    vinculoUsuarioInput,
    usuarioLinha,
    (ctx, id, corpo) => servico.vincular(app.deps, ctx, id, corpo),
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
