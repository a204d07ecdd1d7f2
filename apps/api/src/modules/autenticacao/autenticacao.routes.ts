import {
  autenticacaoResposta,
  autenticar2FABody,
  autenticarBody,
  autorizacaoResposta,
  cadastroBody,
  okResposta,
  organizacoesCadastroQuery,
  redefinirSenhaBody,
  selectResposta,
  solicitarRedefinicaoBody,
  tokenValidoQuery,
  tokenValidoResposta,
  trocarOrganizacaoQuery,
} from '@sig/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { tokenDaRequisicao } from '../../platform/sessao.js';
import * as servico from './autenticacao.service.js';

const origem = (req: FastifyRequest): servico.Origem => ({
  ip: req.ip,
  userAgent: req.headers['user-agent'] ?? null,
  idioma: req.idioma,
});

/** Spec §7 sign-in calls, on their exact paths. */
export const autenticacaoRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['autenticacao'];
  const deps = app.deps;

  app.post(
    '/autenticar',
    { config: { publico: true }, schema: { tags, body: autenticarBody, response: { 200: autenticacaoResposta } } },
    (req) => servico.autenticar(deps, req.body, origem(req)),
  );

  app.post(
    '/autenticar-2FA',
    {
      config: { autenticado: true, permitePendente2FA: true },
      schema: { tags, body: autenticar2FABody, response: { 200: autenticacaoResposta } },
    },
    (req) => servico.autenticar2FA(deps, req.ctx, req.body, tokenDaRequisicao(req)!),
  );

  app.post(
    '/enviar-codigo-2FA',
    { config: { autenticado: true, permitePendente2FA: true }, schema: { tags, response: { 200: okResposta } } },
    async (req) => {
      await servico.enviarCodigo2FA(deps, req.ctx);
      return { sucesso: true };
    },
  );

  app.get(
    '/token-valido',
    {
      config: { publico: true },
      schema: { tags, querystring: tokenValidoQuery, response: { 200: tokenValidoResposta } },
    },
    async (req) => {
      const ctx = req.query.token ? await app.sessoes.resolver(req.query.token, req) : null;
      return { valido: !!ctx && !ctx.pendente2FA };
    },
  );

  app.put(
    '/invalidar-token',
    {
      config: { autenticado: true, permitePendente2FA: true, permiteTrocaSenha: true },
      schema: { tags, response: { 200: okResposta } },
    },
    async (req) => {
      await servico.invalidarToken(deps, req.ctx);
      return { sucesso: true };
    },
  );

  app.put(
    '/trocar-organizacao',
    {
      config: { autenticado: true },
      schema: { tags, querystring: trocarOrganizacaoQuery, response: { 200: autenticacaoResposta } },
    },
    (req) => servico.trocarOrganizacao(deps, req.ctx, req.query.organizacaoId, tokenDaRequisicao(req)!),
  );

  app.put(
    '/autorizacao',
    {
      config: { autenticado: true, permiteTrocaSenha: true },
      schema: { tags, response: { 200: autorizacaoResposta } },
    },
    (req) => servico.autorizacao(deps, req.ctx),
  );

  app.get(
    '/organizacoes-cadastro',
    {
      config: { publico: true },
      schema: { tags, querystring: organizacoesCadastroQuery, response: { 200: selectResposta } },
    },
    (req) => servico.organizacoesParaCadastro(deps, req.query.busca),
  );

  app.post(
    '/cadastrar',
    { config: { publico: true }, schema: { tags, body: cadastroBody, response: { 201: okResposta } } },
    async (req, reply) => {
      await servico.cadastrar(deps, req.body, origem(req));
      return reply.status(201).send({ sucesso: true });
    },
  );

  app.post(
    '/solicitar-redefinicao-senha',
    { config: { publico: true }, schema: { tags, body: solicitarRedefinicaoBody, response: { 200: okResposta } } },
    async (req) => {
      await servico.solicitarRedefinicao(deps, req.body.email, origem(req));
      return { sucesso: true };
    },
  );

  app.post(
    '/redefinir-senha',
    { config: { publico: true }, schema: { tags, body: redefinirSenhaBody, response: { 200: okResposta } } },
    async (req) => {
      await servico.redefinirSenha(deps, req.body, origem(req));
      return { sucesso: true };
    },
  );
};
