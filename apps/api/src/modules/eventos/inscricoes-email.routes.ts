import { ACESSO_INSCRICOES_EVENTOS, inscricoesEmailInput } from '@sig/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { rotasDoLote } from '../../platform/rotas-lista.js';
import * as servico from './inscricoes-email.service.js';

/**
 * `/inscricoes-de-eventos/email`: a bulk e-mail to registrants as a batch, and its progress read
 * under the registrations' own access (the screen needs no other).
 */
export const inscricoesEmailRoutes: FastifyPluginAsyncZod = async (app) => {
  const acesso = ACESSO_INSCRICOES_EVENTOS;
  const tags = ['inscricoes-de-eventos'];
  rotasDoLote(app, {
    acesso,
    tags,
    acaoCriar: 'U',
    acaoLer: 'L',
    entrada: inscricoesEmailInput,
    criar: (ctx, corpo) => servico.criarLoteEmail(app.deps, ctx, corpo),
    obter: (ctx, id) => servico.obterLoteEmail(app.deps, ctx, id),
    itens: (ctx, id, q) => servico.listarItensEmail(app.deps, ctx, id, q),
  });
};
