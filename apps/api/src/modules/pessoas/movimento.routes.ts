import { movimentoListQuery, movimentoPagina } from '@sig/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { rotasDeLista } from '../../platform/rotas-lista.js';
import { listarMovimentos } from './indicador-cadastros.service.js';

/**
 * `GET /pessoa-integracao-desligamento/paginado`: the integration and withdrawal records behind
 * the registry indicator's movements, with its filters, and their export.
 */
export const movimentoRoutes: FastifyPluginAsyncZod = async (app) => {
  rotasDeLista(app, {
    acesso: 'PessoaIntegracaoDesligamento',
    tags: ['pessoa'],
    consulta: movimentoListQuery,
    pagina: movimentoPagina,
    listar: (ctx, q) => listarMovimentos(app.deps, ctx, q),
    exportar: {
      planilha: 'movimentos',
      colunas: [
        { campo: 'data', rotulo: 'data', tipo: 'data' },
        { campo: 'pessoaNome', rotulo: 'pessoaNome' },
        { campo: 'movimento', rotulo: 'movimento', tipo: 'opcao', rotulos: 'campos:opcao.movimento' },
        { campo: 'forma', rotulo: 'forma', tipo: 'opcao', rotulos: 'campos:opcao.forma' },
        { campo: 'organizacaoNome', rotulo: 'organizacaoNome' },
        { campo: 'outraOrganizacao', rotulo: 'outraOrganizacao' },
      ],
    },
  });
};
