import {
  idParams,
  okResposta,
  paged,
  pessoaInput,
  pessoaListQuery,
  pessoaResumo,
  selectResposta,
} from '@sig/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { FORMATOS_ARQUIVO, TIPO_CONTEUDO } from '../../platform/exportacao.js';
import { idDaRota } from '../../platform/referencias.js';
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

  app.get(
    '/paginado',
    {
      config: { acesso, acao: 'L' },
      schema: {
        tags,
        querystring: pessoaListQuery,
        response: { 200: paged(pessoaResumo).extend({ totalExato: z.boolean() }) },
      },
    },
    (req) => servico.listarPaginado(deps, req.ctx, req.query),
  );

  // Not a lookup other forms open (guarda.ts opcoesDe): who may not list people reaches only their own.
  app.get(
    '/select',
    {
      config: { acesso, acao: 'L' },
      schema: {
        tags,
        querystring: z.object({ busca: z.string().trim().max(200).optional(), ids: idsQuery.optional() }),
        response: { 200: selectResposta },
      },
    },
    (req) => servico.opcoes(deps, req.ctx, req.query),
  );

  app.get(
    '/selecao',
    {
      config: { acesso, acao: 'L' },
      schema: { tags, response: { 200: z.object({ maximo: z.number().int() }) } },
    },
    async () => ({ maximo: await servicoSelecao.maximoSelecao(deps) }),
  );

  app.get(
    '/exportar',
    {
      config: { acesso, acao: 'L' },
      schema: {
        tags,
        querystring: pessoaListQuery.and(z.object({ formato: z.enum(FORMATOS_ARQUIVO).default('csv') })),
        produces: [TIPO_CONTEUDO.csv, TIPO_CONTEUDO.xlsx],
      },
    },
    async (req, reply) => {
      const { formato, ...filtros } = req.query;
      const e = await servico.exportar(deps, req.ctx, filtros as typeof req.query, formato, {
        ip: req.ip,
        userAgent: req.headers['user-agent'] ?? null,
        rota: req.url,
      });
      return reply
        .header('content-type', TIPO_CONTEUDO[formato])
        .header('content-disposition', `attachment; filename="${e.nomeArquivo}"`)
        .header('x-total-linhas', String(e.linhas))
        .header('x-exportacao-truncada', String(e.truncada))
        .send(e.conteudo);
    },
  );

  app.get(
    '/:id',
    { config: { acesso, acao: 'R' }, schema: { tags, params: idParams, response: { 200: pessoaSaida } } },
    (req) => servico.obter(deps, req.ctx, req.params.id),
  );

  app.post(
    '/',
    { config: { acesso, acao: 'C' }, schema: { tags, body: pessoaInput, response: { 201: pessoaSaida } } },
    async (req, reply) => reply.status(201).send(await servico.criar(deps, req.ctx, req.corpoBruto, req.body)),
  );

  app.put(
    '/:id',
    {
      config: { acesso, acao: 'U', registroAtual: (req) => servico.obter(deps, req.ctx, idDaRota(req)) },
      schema: { tags, params: idParams, body: pessoaInput, response: { 200: pessoaSaida } },
    },
    (req) => servico.atualizar(deps, req.ctx, req.params.id, req.corpoBruto, req.body),
  );

  app.delete(
    '/:id',
    { config: { acesso, acao: 'D' }, schema: { tags, params: idParams, response: { 200: okResposta } } },
    async (req) => {
      await servico.excluir(deps, req.ctx, req.params.id);
      return { sucesso: true };
    },
  );
};
