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
import { acoesDoRegistro, rotasDe, rotasDeLista, rotasDeRegistro } from '../../platform/rotas-lista.js';
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
  const rotas = rotasDe(app, { acesso, tags });
  acoesDoRegistro(app, { acesso, tags }).executar(
    '/:id/vinculos',
    'U',
    vinculoUsuarioInput,
    usuarioLinha,
    (ctx, id, corpo) => servico.vincular(app.deps, ctx, id, corpo),
  );
  rotas.delete(
    '/:id/vinculos/:organizacaoId',
    { acao: 'U', params: vinculoUsuarioParams, resposta: usuarioLinha },
    (req) => servico.desvincular(app.deps, req.ctx, req.params.id, req.params.organizacaoId),
  );
  rotas.put(
    '/:id/situacao',
    { acao: 'U', params: idParams, corpo: situacaoUsuarioInput, resposta: usuarioLinha },
    (req) => servico.mudarSituacao(app.deps, req.ctx, req.params.id, req.body.ativo),
  );
  rotas.post('/:id/redefinicao-senha', { acao: 'U', params: idParams, resposta: okResposta }, async (req) => {
    const email = await servico.destinoDaRedefinicao(app.deps, req.ctx, req.params.id);
    await solicitarRedefinicao(app.deps, email, {
      ip: req.ip,
      userAgent: req.headers['user-agent'] ?? null,
      idioma: req.ctx.idioma,
    });
    return { sucesso: true };
  });
};
