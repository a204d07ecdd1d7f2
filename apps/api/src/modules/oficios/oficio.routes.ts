import {
  ACESSO_OFICIOS,
  codigoVerificacaoParams,
  emissaoOficioInput,
  idParams,
  oficio,
  oficioListQuery,
  oficioLoteInput,
  oficioPagina,
  paged,
  previaOficio,
  previaOficioInput,
  previaPdfOficioInput,
  processamentoLote,
  processamentoLoteListQuery,
  TIPOS_OFICIO,
  templateOficio,
  templateOficioInput,
  templateOficioListQuery,
  templateOficioPagina,
  verificacaoOficio,
} from '@sig/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { RegraLimite } from '../../platform/limites.js';
import { rotasDe, rotasDeLista, rotasDeRegistro } from '../../platform/rotas-lista.js';
import { dadosDoEmissor } from '../organizacoes/index.js';
import * as servico from './oficio.service.js';
import { pdfOficio, pdfOficios, zipOficios } from './oficio-pdf.js';

const acesso = ACESSO_OFICIOS;
/** Anyone holding a letter may check it; a few checks a minute, not a walk through the codes. */
const LIMITES_VERIFICACAO: RegraLimite[] = [{ nome: 'oficio-verificar-ip', max: 30, janela: '1 minute', por: 'ip' }];

/**
 * `/template-oficio` (spec §2, issue 22): the office-letter templates, the live preview of a
 * form's texts and its PDF, printed by the letters' own engine.
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
      consulta: z.object({ busca: z.string().trim().max(150).optional(), tipoOficio: z.enum(TIPOS_OFICIO).optional() }),
      opcoesDe: 'template-oficio',
      opcoes: (ctx, q) => servico.selecionarTemplates(deps, ctx, q.busca, q.tipoOficio),
    },
  });
  rotasDe(app, { acesso, tags }).post(
    '/previa',
    { acao: 'R', corpo: previaOficioInput, resposta: previaOficio },
    (req) => servico.previa(deps, req.ctx, req.body),
  );
  app.post(
    '/previa/pdf',
    {
      config: { acesso, acao: 'R' },
      schema: { tags, body: previaPdfOficioInput, produces: ['application/pdf'] },
    },
    async (req, reply) => {
      const o = await servico.previaPdf(deps, req.ctx, req.body);
      const emissor = await dadosDoEmissor(deps, o.organizacaoId);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', 'inline; filename="previa-oficio.pdf"')
        .send(pdfOficio(o, emissor, req.idioma, `${deps.config.publicUrl}/externo/oficio`));
    },
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
 * the list and its export, one letter and its PDF (R); letters for a people filter as an OFICIOS
 * batch (C) whose letters download as one PDF or a ZIP once it is done (R); and the public check
 * of a letter by its QR code.
 */
export const oficioEmitidoRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['oficios'];
  const deps = app.deps;
  const urlVerificacao = `${deps.config.publicUrl}/externo/oficio`;
  app.get(
    '/verificar/:codigo',
    {
      config: { publico: true, limites: LIMITES_VERIFICACAO },
      schema: { tags, params: codigoVerificacaoParams, response: { 200: verificacaoOficio } },
    },
    (req) => servico.verificar(deps, req.params.codigo),
  );
  const rotas = rotasDe(app, { acesso, tags });
  rotas.post(
    '/lote/previa',
    { acao: 'C', corpo: oficioLoteInput, resposta: z.object({ pessoas: z.number().int() }) },
    (req) => servico.previaLote(deps, req.ctx, req.body),
  );
  rotas.post('/lote', { acao: 'C', corpo: oficioLoteInput, resposta: processamentoLote, status: 201 }, (req) =>
    servico.criarLoteOficios(deps, req.ctx, req.body),
  );
  rotas.get(
    '/lote/paginado',
    { acao: 'R', consulta: processamentoLoteListQuery, resposta: paged(processamentoLote) },
    (req) => servico.listarLotesOficios(deps, req.ctx, req.query),
  );
  app.get(
    '/lote/:id/pdf',
    { config: { acesso, acao: 'R' }, schema: { tags, params: idParams, produces: ['application/pdf'] } },
    async (req, reply) => {
      const l = await servico.oficiosDoLote(deps, req.ctx, req.params.id);
      const emissor = await dadosDoEmissor(deps, l.organizacaoId);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${l.nome}.pdf"`)
        .header('x-total-linhas', String(l.total))
        .send(pdfOficios(l.oficios, emissor, req.idioma, urlVerificacao, l.nome));
    },
  );
  app.get(
    '/lote/:id/zip',
    { config: { acesso, acao: 'R' }, schema: { tags, params: idParams, produces: ['application/zip'] } },
    async (req, reply) => {
      const l = await servico.oficiosDoLote(deps, req.ctx, req.params.id);
      const emissor = await dadosDoEmissor(deps, l.organizacaoId);
      return reply
        .header('content-type', 'application/zip')
        .header('content-disposition', `attachment; filename="${l.nome}.zip"`)
        .header('x-total-linhas', String(l.total))
        .send(zipOficios(l.oficios, emissor, req.idioma, urlVerificacao));
    },
  );
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
  rotas.post('/', { acao: 'C', corpo: emissaoOficioInput, resposta: oficio, status: 201 }, (req) =>
    servico.emitir(deps, req.ctx, req.body),
  );
  rotas.get('/:id', { acao: 'R', params: idParams, resposta: oficio }, (req) =>
    servico.obter(deps.db, req.ctx, req.params.id),
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
        .send(pdfOficio(o, emissor, req.idioma, urlVerificacao));
    },
  );
};
