import {
  declaracaoAnualQuery,
  hojeNoBrasil,
  idParams,
  justificativaEstornoInput,
  paged,
  recibo,
  reciboEmailResposta,
  reciboInput,
  reciboListQuery,
  reciboResumo,
} from '@sig/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { acoesDoRegistro, rotasDe, rotasDeLista, rotasDeRegistro } from '../../platform/rotas-lista.js';
import { declaracaoAnual } from './declaracao.service.js';
import { pdfDeclaracao } from './declaracao-pdf.js';
import * as recibos from './recibo.service.js';
import { numeroRecibo, pdfRecibo } from './recibo-pdf.js';

const tags = ['cobrancas'];

/** `/recibo` (spec §2 /lista-de-recibos): issue, list, print and reverse receipts. */
export const reciboRoutes: FastifyPluginAsyncZod = async (app) => {
  const acesso = recibos.ACESSO_RECIBO;
  rotasDeLista(app, {
    acesso,
    tags,
    consulta: reciboListQuery,
    pagina: paged(reciboResumo),
    listar: (ctx, q) => recibos.listarRecibos(app.deps, ctx, q),
  });
  // The member's annual contribution statement (income tax), from the receivables they paid.
  app.get(
    '/declaracao-anual',
    {
      config: { acesso, acao: 'R' },
      schema: { tags, querystring: declaracaoAnualQuery, produces: ['application/pdf'] },
    },
    async (req, reply) => {
      const d = await declaracaoAnual(app.deps, req.ctx, req.query);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="declaracao-${d.ano}-${req.query.pessoaId}.pdf"`)
        .send(pdfDeclaracao(d, req.idioma, hojeNoBrasil()));
    },
  );
  app.get(
    '/:id/pdf',
    { config: { acesso, acao: 'R' }, schema: { tags, params: idParams, produces: ['application/pdf'] } },
    async (req, reply) => {
      const { recibo: r, emissor } = await recibos.reciboParaImprimir(app.deps, req.ctx, req.params.id);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="recibo-${numeroRecibo(r.numero)}.pdf"`)
        .send(pdfRecibo(r, emissor, req.idioma));
    },
  );
  rotasDe(app, { acesso, tags }).post(
    '/:id/email',
    { acao: 'C', params: idParams, resposta: reciboEmailResposta },
    (req) => recibos.enviarReciboPorEmail(app.deps, req.ctx, req.params.id, req.idioma),
  );
  acoesDoRegistro(app, { acesso, tags }).executar(
    '/:id/estorno',
    'D',
    justificativaEstornoInput,
    recibo,
    (ctx, id, corpo) => recibos.estornarRecibo(app.deps, ctx, id, corpo),
  );
  rotasDeRegistro(app, {
    acesso,
    tags,
    item: recibo,
    entrada: reciboInput,
    obter: (ctx, id) => recibos.obterRecibo(app.deps.db, ctx, id),
    criar: (ctx, corpo) => recibos.emitirRecibo(app.deps, ctx, corpo),
  });
};
