import type { Readable } from 'node:stream';
import {
  idParams,
  justificativaEstornoInput,
  pagamento,
  pagamentoInput,
  pagamentoListQuery,
  paged,
  recibo,
  reciboInput,
  reciboListQuery,
  reciboResumo,
  relatorioContasReceber,
  relatorioContasReceberQuery,
} from '@sig/contracts';
import { tradutor } from '@sig/i18n';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { arquivoExportacao, TIPO_CONTEUDO } from '../../platform/exportacao.js';
import * as relatorio from '../receber/relatorio-contas-receber.service.js';
import { pdfTabela } from '../relatorios/tabela-pdf.js';
import * as pagamentos from './pagamento.service.js';
import * as recibos from './recibo.service.js';
import { numeroRecibo, pdfRecibo } from './recibo-pdf.js';

const tags = ['cobrancas'];

/** `/pagamento` (spec §2 /pagamento/form): payments recorded by hand, and their reversal. */
export const pagamentoRoutes: FastifyPluginAsyncZod = async (app) => {
  const acesso = pagamentos.ACESSO_PAGAMENTO;
  app.get(
    '/',
    {
      config: { acesso, acao: 'L' },
      schema: { tags, querystring: pagamentoListQuery, response: { 200: z.array(pagamento) } },
    },
    (req) => pagamentos.listarPagamentos(app.deps.db, req.ctx, req.query.contaAReceberId),
  );
  app.get(
    '/:id',
    { config: { acesso, acao: 'R' }, schema: { tags, params: idParams, response: { 200: pagamento } } },
    (req) => pagamentos.obterPagamento(app.deps.db, req.ctx, req.params.id),
  );
  app.post(
    '/',
    { config: { acesso, acao: 'C' }, schema: { tags, body: pagamentoInput, response: { 201: pagamento } } },
    async (req, reply) => reply.status(201).send(await pagamentos.registrarPagamento(app.deps, req.ctx, req.body)),
  );
  app.post(
    '/:id/estorno',
    {
      config: { acesso, acao: 'D' },
      schema: { tags, params: idParams, body: justificativaEstornoInput, response: { 200: pagamento } },
    },
    (req) => pagamentos.estornarPagamento(app.deps, req.ctx, req.params.id, req.body),
  );
};

/** `/recibo` (spec §2 /lista-de-recibos): issue, list, print and reverse receipts. */
export const reciboRoutes: FastifyPluginAsyncZod = async (app) => {
  const acesso = recibos.ACESSO_RECIBO;
  app.get(
    '/paginado',
    {
      config: { acesso, acao: 'L' },
      schema: { tags, querystring: reciboListQuery, response: { 200: paged(reciboResumo) } },
    },
    (req) => recibos.listarRecibos(app.deps, req.ctx, req.query),
  );
  app.get(
    '/:id',
    { config: { acesso, acao: 'R' }, schema: { tags, params: idParams, response: { 200: recibo } } },
    (req) => recibos.obterRecibo(app.deps.db, req.ctx, req.params.id),
  );
  app.get(
    '/:id/pdf',
    { config: { acesso, acao: 'R' }, schema: { tags, params: idParams, produces: ['application/pdf'] } },
    async (req, reply) => {
      const { recibo: r, emissor } = await recibos.reciboParaImprimir(app.deps.db, req.ctx, req.params.id);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="recibo-${numeroRecibo(r.numero)}.pdf"`)
        .send(pdfRecibo(r, emissor, req.idioma));
    },
  );
  app.post(
    '/',
    { config: { acesso, acao: 'C' }, schema: { tags, body: reciboInput, response: { 201: recibo } } },
    async (req, reply) => reply.status(201).send(await recibos.emitirRecibo(app.deps, req.ctx, req.body)),
  );
  app.post(
    '/:id/estorno',
    {
      config: { acesso, acao: 'D' },
      schema: { tags, params: idParams, body: justificativaEstornoInput, response: { 200: recibo } },
    },
    (req) => recibos.estornarRecibo(app.deps, req.ctx, req.params.id, req.body),
  );
};

async function* lotes(linhas: string[][]) {
  yield linhas;
}

/** A report file; the route's JSON answer type does not cover it. */
const enviarArquivo = (reply: FastifyReply, formato: 'pdf' | 'xlsx', arquivo: Readable) =>
  reply
    .header('content-type', formato === 'xlsx' ? TIPO_CONTEUDO.xlsx : 'application/pdf')
    .header('content-disposition', `attachment; filename="relatorio-contas-receber.${formato}"`)
    .send(arquivo);

/** `/relatorio-contas-receber` (spec §2): totals by status and by competence month; json, PDF or XLSX. */
export const relatorioContasReceberRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      config: { acesso: relatorio.ACESSO_RELATORIO_RECEBER, acao: 'R' },
      schema: {
        tags,
        querystring: relatorioContasReceberQuery,
        response: { 200: relatorioContasReceber },
        produces: [TIPO_CONTEUDO.xlsx, 'application/pdf'],
      },
    },
    async (req, reply) => {
      const { organizacao, ...r } = await relatorio.relatorioContasReceber(app.deps, req.ctx, req.query);
      const formato = req.query.formato;
      if (formato === 'json') return r;
      const t = tradutor(req.idioma);
      const c = (k: string) => t(`campos:${k}`);
      const titulo = t('menu:acessos.RelatorioContasReceber');
      const cabecalho = [c('grupo'), '', t('web:relatorioReceber.quantidade'), c('valorPrevisto'), c('valorPago')];
      const linhas = [
        ...r.porStatus.map((s) => [
          c('status'),
          t(`campos:opcao.statusContaAReceber.${s.status}`),
          String(s.quantidade),
          s.previsto,
          s.pago,
        ]),
        ...r.porPeriodo.map((p) => [
          t('web:relatorioReceber.competencia'),
          p.periodo,
          String(p.quantidade),
          p.previsto,
          p.pago,
        ]),
        [c('total'), '', String(r.totais.quantidade), r.totais.previsto, r.totais.pago],
      ];
      return enviarArquivo(
        reply,
        formato,
        formato === 'xlsx'
          ? arquivoExportacao('xlsx', titulo, cabecalho, lotes(linhas))
          : pdfTabela({
              titulo,
              subtitulo: organizacao.nomeFantasia,
              cabecalho,
              pesos: [1.2, 1.2, 1, 1, 1],
              lotes: lotes(linhas),
              rodape: (n) => t('web:relatorio.pagina', { n }),
            }),
      );
    },
  );
};
