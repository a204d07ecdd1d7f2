import { paged, pessoaInput, pessoaListQuery, pessoaResumo } from '@sig/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { rotasDe, rotasDeLista, rotasDeRegistro } from '../../platform/rotas-lista.js';
import * as servico from './pessoa.service.js';
import * as servicoSelecao from './selecao.service.js';

const acesso = 'Pessoa' as const;

const pessoaSaida = servico.PESSOA_SAIDA;
const idsQuery = z.preprocess(
  (v) => (typeof v === 'string' ? v.split(',').filter(Boolean) : v),
  z.array(z.coerce.number().int().positive()).max(100),
);

/** The people registry (spec §2 People): list with search, selector, export, the record with its tabs. */
export const pessoaRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['pessoa'];
  const deps = app.deps;

  rotasDeLista(app, {
    acesso,
    tags,
    consulta: pessoaListQuery,
    pagina: paged(pessoaResumo).extend({ totalExato: z.boolean() }),
    listar: (ctx, q) => servico.listarPaginado(deps, ctx, q),
    exportar: (ctx, q, formato, origem) => servico.exportar(deps, ctx, q, formato, origem),
    // Not a lookup other forms open (no opcoesDe): who may not list people reaches only their own.
    select: {
      consulta: z.object({ busca: z.string().trim().max(200).optional(), ids: idsQuery.optional() }),
      opcoes: (ctx, q) => servico.opcoes(deps, ctx, q),
    },
  });

  rotasDe(app, { acesso, tags }).get(
    '/selecao',
    { acao: 'L', resposta: z.object({ maximo: z.number().int() }) },
    async () => ({ maximo: await servicoSelecao.maximoSelecao(deps) }),
  );

  rotasDeRegistro(app, {
    acesso,
    tags,
    item: pessoaSaida,
    entrada: pessoaInput,
    obter: (ctx, id) => servico.obter(deps, ctx, id),
    criar: (ctx, corpo, corpoBruto) => servico.criar(deps, ctx, corpoBruto, corpo),
    atualizar: (ctx, id, corpo, corpoBruto) => servico.atualizar(deps, ctx, id, corpoBruto, corpo),
    excluir: (ctx, id) => servico.excluir(deps, ctx, id),
  });
};
