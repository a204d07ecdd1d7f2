import { paged, subconta, subcontaInput, subcontaListQuery } from '@sig/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { rotasDeLista, rotasDeRegistro } from '../../platform/rotas-lista.js';
import * as subcontas from './subconta.service.js';

const tags = ['cobrancas'];

/** `/subconta` (spec §2): organizations' sub-accounts at the payment provider; keys never leave. */
export const subcontaRoutes: FastifyPluginAsyncZod = async (app) => {
  const acesso = subcontas.ACESSO_SUBCONTA;
  rotasDeLista(app, {
    acesso,
    tags,
    consulta: subcontaListQuery,
    pagina: paged(subconta),
    listar: (ctx, q) => subcontas.listarSubcontas(app.deps, ctx, q),
  });
  rotasDeRegistro(app, {
    acesso,
    tags,
    item: subconta,
    entrada: subcontaInput,
    obter: (ctx, id) => subcontas.obterSubconta(app.deps, ctx, id),
    criar: (ctx, corpo) => subcontas.criarSubconta(app.deps, ctx, corpo),
  });
};
