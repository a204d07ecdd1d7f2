import {
  culto,
  cultoInput,
  cultoListQuery,
  cultoPagina,
  idParams,
  indicadorCultos,
  indicadorQuery,
  okResposta,
  planoDoCulto,
  planoDoCultoQuery,
} from '@sig/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { FORMATOS_ARQUIVO, TIPO_CONTEUDO } from '../../platform/exportacao.js';
import { idDaRota } from '../../platform/referencias.js';
import * as servico from './culto.service.js';
import * as servicoIndicador from './indicador-cultos.service.js';

const acesso = 'Culto';

/** `/culto` (spec §2): worship services, the offering plan of a date, the export. */
export const cultoRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['culto'];
  app.get(
    '/paginado',
    { config: { acesso, acao: 'L' }, schema: { tags, querystring: cultoListQuery, response: { 200: cultoPagina } } },
    (req) => servico.listar(app.deps, req.ctx, req.query),
  );
  app.get(
    '/exportar',
    {
      config: { acesso, acao: 'L' },
      schema: {
        tags,
        querystring: cultoListQuery.and(z.object({ formato: z.enum(FORMATOS_ARQUIVO).default('csv') })),
        produces: [TIPO_CONTEUDO.csv, TIPO_CONTEUDO.xlsx],
      },
    },
    (req, reply) => {
      const { formato, pagina: _p, quantidade: _q, ordem: _o, ...filtros } = req.query;
      const e = servico.exportar(app.deps, req.ctx, filtros, formato, {
        ip: req.ip,
        userAgent: req.headers['user-agent'] ?? null,
        rota: req.url,
      });
      return reply
        .header('content-type', TIPO_CONTEUDO[formato])
        .header('content-disposition', `attachment; filename="${e.nomeArquivo}"`)
        .send(e.conteudo);
    },
  );
  app.get(
    '/plano-de-ofertas',
    {
      config: { acesso, acao: 'R' },
      schema: { tags, querystring: planoDoCultoQuery, response: { 200: planoDoCulto } },
    },
    (req) => servico.planoDoCulto(app.deps, req.ctx, req.query),
  );
  app.get(
    '/oferta/:id',
    { config: { acesso, acao: 'R' }, schema: { tags, params: idParams, response: { 200: culto } } },
    (req) => servico.cultoDaOferta(app.deps, req.ctx, req.params.id),
  );
  app.get(
    '/:id',
    { config: { acesso, acao: 'R' }, schema: { tags, params: idParams, response: { 200: culto } } },
    (req) => servico.obter(app.deps.db, req.ctx, req.params.id),
  );
  app.post(
    '/',
    { config: { acesso, acao: 'C' }, schema: { tags, body: cultoInput, response: { 201: culto } } },
    async (req, reply) => reply.status(201).send(await servico.criar(app.deps, req.ctx, req.body)),
  );
  app.put(
    '/:id',
    {
      config: { acesso, acao: 'U', registroAtual: (req) => servico.obter(app.deps.db, req.ctx, idDaRota(req)) },
      schema: { tags, params: idParams, body: cultoInput, response: { 200: culto } },
    },
    (req) => servico.atualizar(app.deps, req.ctx, req.params.id, req.body),
  );
  app.delete(
    '/:id',
    { config: { acesso, acao: 'D' }, schema: { tags, params: idParams, response: { 200: okResposta } } },
    async (req) => {
      await servico.excluir(app.deps, req.ctx, req.params.id);
      return { sucesso: true };
    },
  );
};

/** Spec §2 /indicadores/cultos. */
export const indicadorCultosRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      config: { acesso: 'IndicadoresCultos', acao: 'L' },
      schema: { tags: ['culto'], querystring: indicadorQuery, response: { 200: indicadorCultos } },
    },
    (req) => servicoIndicador.indicador(app.deps, req.ctx, req.query),
  );
};
