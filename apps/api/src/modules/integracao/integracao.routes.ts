import { integracao, integracaoInput, integracaoListQuery } from '@sig/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { rotasDe, rotasDeRegistro } from '../../platform/rotas-lista.js';
import * as servico from './integracao.service.js';

const acesso = 'PessoaIntegracaoDesligamento' as const;

/** `/pessoa-integracao-desligamento`: a person's integration and withdrawal records. */
export const integracaoRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['pessoa'];
  rotasDe(app, { acesso, tags }).get(
    '/',
    { acao: 'R', consulta: integracaoListQuery, resposta: z.array(integracao) },
    (req) => servico.listar(app.deps, req.ctx, req.query.pessoaId),
  );
  rotasDeRegistro(app, {
    acesso,
    tags,
    item: integracao,
    entrada: integracaoInput,
    obter: (ctx, id) => servico.obter(app.deps, ctx, id),
    criar: (ctx, corpo) => servico.criar(app.deps, ctx, corpo),
    atualizar: (ctx, id, corpo) => servico.atualizar(app.deps, ctx, id, corpo),
  });
};
