import {
  codigosRecuperacaoResposta,
  doisFatoresAtivarBody,
  doisFatoresDesativarBody,
  doisFatoresEstado,
  doisFatoresInicioResposta,
  okResposta,
  trocarSenhaBody,
} from '@sig/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as servico from './autenticacao.service.js';

/** The signed-in user's own account: password and two-step verification. */
export const contaRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['conta'];
  const deps = app.deps;

  app.put(
    '/senha',
    {
      config: { autenticado: true, permiteTrocaSenha: true },
      schema: { tags, body: trocarSenhaBody, response: { 200: okResposta } },
    },
    async (req) => {
      await servico.trocarSenha(deps, req.ctx, req.body.senhaAtual, req.body.senha);
      return { sucesso: true };
    },
  );

  app.post(
    '/2fa/iniciar',
    { config: { autenticado: true }, schema: { tags, response: { 200: doisFatoresInicioResposta } } },
    (req) => servico.iniciar2FA(deps, req.ctx),
  );

  app.get('/2fa', { config: { autenticado: true }, schema: { tags, response: { 200: doisFatoresEstado } } }, (req) =>
    servico.estado2FA(deps, req.ctx),
  );

  app.post(
    '/2fa/ativar',
    {
      config: { autenticado: true },
      schema: { tags, body: doisFatoresAtivarBody, response: { 200: codigosRecuperacaoResposta } },
    },
    (req) => servico.ativar2FA(deps, req.ctx, req.body.codigo),
  );

  app.post(
    '/2fa/codigos-recuperacao',
    {
      config: { autenticado: true },
      schema: { tags, body: doisFatoresDesativarBody, response: { 200: codigosRecuperacaoResposta } },
    },
    (req) => servico.regerarCodigosRecuperacao(deps, req.ctx, req.body.senha),
  );

  app.post(
    '/2fa/desativar',
    { config: { autenticado: true }, schema: { tags, body: doisFatoresDesativarBody, response: { 200: okResposta } } },
    async (req) => {
      await servico.desativar2FA(deps, req.ctx, req.body.senha);
      return { sucesso: true };
    },
  );
};
