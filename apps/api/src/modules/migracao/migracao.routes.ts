import type { Readable } from 'node:stream';
import {
  analiseMigracaoInput,
  decisaoLinhaMigracaoInput,
  envioMigracaoQuery,
  idParams,
  linhaMigracao,
  linhaMigracaoParams,
  linhasMigracaoQuery,
  migracao,
  migracaoListQuery,
  paged,
} from '@sig/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { TIPO_CONTEUDO } from '../../platform/exportacao.js';
import { rotasDeLista } from '../../platform/rotas-lista.js';
import * as servico from './migracao.service.js';
import { ACESSO_MIGRACAO } from './pessoas.js';

const tags = ['migracao'];

/** The file itself is the upload's body: streamed to disk as it arrives, never parsed here. */
const TIPOS_ARQUIVO = ['application/octet-stream', 'text/csv', TIPO_CONTEUDO.xlsx];

/** `/migracao` (spec §2, issue 23): runs, upload, mapping and dry run, confirm, cancel, undo. */
export const migracaoRoutes: FastifyPluginAsyncZod = async (app) => {
  const acesso = ACESSO_MIGRACAO;
  const { deps } = app;
  const porId = { tags, params: idParams, response: { 200: migracao } };
  app.addContentTypeParser(TIPOS_ARQUIVO, (_req, corpo, feito) => feito(null, corpo));
  rotasDeLista(app, {
    acesso,
    tags,
    consulta: migracaoListQuery,
    pagina: paged(migracao),
    listar: (ctx, q) => servico.listar(deps, ctx, q),
  });
  app.get('/:id', { config: { acesso, acao: 'R' }, schema: porId }, (req) =>
    servico.obter(deps.db, req.ctx, req.params.id),
  );
  app.post(
    '/arquivo',
    { config: { acesso, acao: 'C' }, schema: { tags, querystring: envioMigracaoQuery, response: { 201: migracao } } },
    async (req, reply) => reply.status(201).send(await servico.enviar(deps, req.ctx, req.query, req.body as Readable)),
  );
  app.post('/:id/analise', { config: { acesso, acao: 'C' }, schema: { ...porId, body: analiseMigracaoInput } }, (req) =>
    servico.analisar(deps, req.ctx, req.params.id, req.body),
  );
  app.get(
    '/:id/linhas',
    {
      config: { acesso, acao: 'R' },
      schema: { tags, params: idParams, querystring: linhasMigracaoQuery, response: { 200: paged(linhaMigracao) } },
    },
    (req) => servico.listarLinhas(deps, req.ctx, req.params.id, req.query),
  );
  app.put(
    '/:id/linhas/:linhaId/decisao',
    {
      config: { acesso, acao: 'U' },
      schema: { tags, params: linhaMigracaoParams, body: decisaoLinhaMigracaoInput, response: { 200: linhaMigracao } },
    },
    (req) => servico.decidir(deps, req.ctx, req.params.id, req.params.linhaId, req.body),
  );
  app.get('/:id/erros', { config: { acesso, acao: 'R' }, schema: { tags, params: idParams } }, async (req, reply) => {
    const { conteudo, nomeArquivo } = await servico.relatorioErros(deps, req.ctx, req.params.id);
    return reply
      .header('content-type', TIPO_CONTEUDO.xlsx)
      .header(
        'content-disposition',
        `attachment; filename="${nomeArquivo.replace(/[^\w.-]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(nomeArquivo)}`,
      )
      .send(conteudo);
  });
  app.post('/:id/confirmacao', { config: { acesso, acao: 'C' }, schema: porId }, (req) =>
    servico.confirmar(deps, req.ctx, req.params.id),
  );
  app.post('/:id/cancelamento', { config: { acesso, acao: 'U' }, schema: porId }, (req) =>
    servico.cancelar(deps, req.ctx, req.params.id),
  );
  app.post('/:id/desfazer', { config: { acesso, acao: 'D' }, schema: porId }, (req) =>
    servico.desfazer(deps, req.ctx, req.params.id),
  );
};
