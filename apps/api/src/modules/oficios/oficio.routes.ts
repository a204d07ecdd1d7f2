import {
  ACESSO_OFICIOS,
  emissaoOficioInput,
  idParams,
  oficio,
  oficioListQuery,
  oficioPagina,
  previaOficio,
  previaOficioInput,
  templateOficio,
  templateOficioInput,
  templateOficioListQuery,
  templateOficioPagina,
} from '@sig/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { rotasDeLista, rotasDeRegistro } from '../../platform/rotas-lista.js';
import { dadosDoEmissor } from '../organizacoes/index.js';
import * as servico from './oficio.service.js';
import { pdfOficio } from './oficio-pdf.js';

const acesso = ACESSO_OFICIOS;

/**
 * `/template-oficio` (spec §2, issue 22): the office-letter templates and the live preview of a
 * form's texts.
 */
export const oficioRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['oficios'];
  const deps = app.deps;
  rotasDeLista(app, {
    acesso,
    tags,
    consulta: templateOficioListQuery,
    pagina: templateOficioPagina,
    listar: (ctx, q) => servico.listarTemplates(deps, ctx, q),
    select: {
      consulta: z.object({ busca: z.string().trim().max(150).optional() }),
      opcoesDe: 'template-oficio',
      opcoes: (ctx, q) => servico.selecionarTemplates(deps, ctx, q.busca),
    },
  });
  app.post(
    '/previa',
    { config: { acesso, acao: 'R' }, schema: { tags, body: previaOficioInput, response: { 200: previaOficio } } },
    (req) => servico.previa(deps, req.ctx, req.body),
  );
  rotasDeRegistro(app, {
    acesso,
    tags,
    item: templateOficio,
    entrada: templateOficioInput,
    obter: (ctx, id) => servico.obterTemplate(deps.db, ctx, id),
    criar: (ctx, corpo) => servico.criarTemplate(deps, ctx, corpo),
    atualizar: (ctx, id, corpo) => servico.atualizarTemplate(deps, ctx, id, corpo),
    excluir: (ctx, id) => servico.excluirTemplate(deps, ctx, id),
  });
};

/**
 * `/oficio`: the letters issued from the templates (the same screen's access): issuing one (C),
 * the list and its export, one letter and its PDF (R).
 */
export const oficioEmitidoRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['oficios'];
  const deps = app.deps;
  rotasDeLista(app, {
    acesso,
    tags,
    consulta: oficioListQuery,
    pagina: oficioPagina,
    listar: (ctx, q) => servico.listar(deps, ctx, q),
    exportar: {
      planilha: 'oficios',
      colunas: [
        { campo: 'numeroAno', rotulo: 'numeroAno' },
        { campo: 'data', rotulo: 'data', tipo: 'data' },
        { campo: 'tipoOficio', rotulo: 'tipoOficio', tipo: 'opcao', rotulos: 'campos:opcao.tipoOficio' },
        { campo: 'templateNome', rotulo: 'templateNome' },
        { campo: 'destinatario', rotulo: 'destinatario' },
        { campo: 'assunto', rotulo: 'assunto' },
        { campo: 'organizacaoNome', rotulo: 'organizacaoNome' },
        { campo: 'emitidoPorNome', rotulo: 'emitidoPorNome' },
      ],
    },
  });
  app.post(
    '/',
    { config: { acesso, acao: 'C' }, schema: { tags, body: emissaoOficioInput, response: { 201: oficio } } },
    async (req, reply) => {
      const o = await servico.emitir(deps, req.ctx, req.body);
      reply.code(201);
      return o;
    },
  );
  app.get(
    '/:id',
    { config: { acesso, acao: 'R' }, schema: { tags, params: idParams, response: { 200: oficio } } },
    (req) => servico.obter(deps.db, req.ctx, req.params.id),
  );
  app.get(
    '/:id/pdf',
    { config: { acesso, acao: 'R' }, schema: { tags, params: idParams, produces: ['application/pdf'] } },
    async (req, reply) => {
      const o = await servico.obterCompleto(deps.db, req.ctx, req.params.id);
      const emissor = await dadosDoEmissor(deps, o.organizacaoId);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="oficio-${o.numero}-${o.ano}.pdf"`)
        .send(pdfOficio(o, emissor, req.idioma));
    },
  );
};
