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
import type { RegraLimite } from '../../platform/limites.js';
import { tokenDaRequisicao } from '../../platform/sessao.js';
import * as servico from './autenticacao.service.js';

const origem = (req: FastifyRequest): servico.Origem => ({
  ip: req.ip,
  userAgent: req.headers['user-agent'] ?? null,
  idioma: req.idioma,
});

const porIp = (nome: string, max: number, janela: RegraLimite['janela']): RegraLimite => ({
  nome,
  max,
  janela,
  por: 'ip',
});
const usuario = (req: FastifyRequest) => (req.ctxOpcional ? String(req.ctxOpcional.usuarioId) : undefined);
const campo = (req: FastifyRequest, nome: string) => {
  const v = (req.body as Record<string, unknown> | undefined)?.[nome];
  return typeof v === 'string' ? v : undefined;
};

/**
 * The public calls' request limits (docs/adr/0008). Sign-in has none per login: a limit anyone may
 * spend would let them keep its owner out; wrong passwords are the throttle's (bloqueio.ts). What
 * sends mail is limited per recipient too.
 */
const LIMITES = {
  autenticar: [porIp('login-ip', 60, '1 minute')],
  segundoFator: [porIp('2fa-ip', 30, '1 minute'), { nome: '2fa-usuario', max: 10, janela: '1 minute', por: usuario }],
  enviarCodigo: [
    porIp('codigo-ip', 10, '15 minutes'),
    { nome: 'codigo-usuario', max: 5, janela: '15 minutes', por: usuario },
  ],
  consulta: [porIp('consulta-ip', 60, '1 minute')],
  cadastrar: [
    porIp('cadastro-ip', 10, '1 hour'),
    { nome: 'cadastro-email', max: 3, janela: '1 hour', por: (req) => campo(req, 'email') },
    { nome: 'cadastro-cpf', max: 3, janela: '1 hour', por: (req) => campo(req, 'cpf') },
  ],
  solicitarRedefinicao: [
    porIp('redefinicao-ip', 10, '1 hour'),
    { nome: 'redefinicao-email', max: 3, janela: '1 hour', por: (req) => campo(req, 'email') },
  ],
  redefinir: [porIp('redefinir-ip', 20, '1 hour')],
} satisfies Record<string, RegraLimite[]>;

/** Spec §7 sign-in calls, on their exact paths. */
export const autenticacaoRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['autenticacao'];
  const deps = app.deps;

  app.post(
    '/autenticar',
    {
      config: { publico: true, limites: LIMITES.autenticar },
      schema: { tags, body: autenticarBody, response: { 200: autenticacaoResposta } },
    },
    (req) => servico.autenticar(deps, req.body, origem(req)),
  );

  app.post(
    '/autenticar-2FA',
    {
      config: { autenticado: true, permitePendente2FA: true, limites: LIMITES.segundoFator },
      schema: { tags, body: autenticar2FABody, response: { 200: autenticacaoResposta } },
    },
    (req) => servico.autenticar2FA(deps, req.ctx, req.body, tokenDaRequisicao(req)!),
  );

  app.post(
    '/enviar-codigo-2FA',
    {
      config: { autenticado: true, permitePendente2FA: true, limites: LIMITES.enviarCodigo },
      schema: { tags, response: { 200: okResposta } },
    },
    async (req) => {
      await servico.enviarCodigo2FA(deps, req.ctx);
      return { sucesso: true };
    },
  );

  app.get(
    '/token-valido',
    {
      config: { publico: true, limites: LIMITES.consulta },
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
      config: { autenticado: true, permiteTermoPendente: true },
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
      config: { publico: true, limites: LIMITES.consulta },
      schema: { tags, querystring: organizacoesCadastroQuery, response: { 200: selectResposta } },
    },
    (req) => servico.organizacoesParaCadastro(deps, req.query.busca),
  );

  app.post(
    '/cadastrar',
    {
      config: { publico: true, limites: LIMITES.cadastrar },
      schema: { tags, body: cadastroBody, response: { 201: okResposta } },
    },
    async (req, reply) => {
      await servico.cadastrar(deps, req.body, origem(req));
      return reply.status(201).send({ sucesso: true });
    },
  );

  app.post(
    '/solicitar-redefinicao-senha',
    {
      config: { publico: true, limites: LIMITES.solicitarRedefinicao },
      schema: { tags, body: solicitarRedefinicaoBody, response: { 200: okResposta } },
    },
    async (req) => {
      await servico.solicitarRedefinicao(deps, req.body.email, origem(req));
      return { sucesso: true };
    },
  );

  app.post(
    '/redefinir-senha',
    {
      config: { publico: true, limites: LIMITES.redefinir },
      schema: { tags, body: redefinirSenhaBody, response: { 200: okResposta } },
    },
    async (req) => {
      await servico.redefinirSenha(deps, req.body, origem(req));
      return { sucesso: true };
    },
  );
};
