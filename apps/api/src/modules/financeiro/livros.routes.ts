import {
  exportacaoContabilQuery,
  indicadorFinanceiros,
  indicadorQuery,
  relatorioFinanceiro,
  relatorioFinanceiroQuery,
  relatorioGerencial,
  relatorioGerencialQuery,
} from '@sig/contracts';
import { type NomeCampo, tradutor } from '@sig/i18n';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { arquivoExportacao, type Documento, linhaFiltros, TIPO_CONTEUDO } from '../../platform/exportacao.js';
import { pdfTabela } from '../../platform/pdf.js';
import { rotasDe } from '../../platform/rotas-lista.js';
import * as indicador from './indicador-financeiro.service.js';
import * as servico from './livros.service.js';

const tags = ['financeiro'];
const respostaArquivo = { produces: [TIPO_CONTEUDO.xlsx, 'application/pdf'] };

const DINHEIRO = { tipo: 'dinheiro' } as const;

/** A report table as the PDF or XLSX the user asked for. */
function enviarTabela(reply: FastifyReply, formato: 'pdf' | 'xlsx', nome: string, documento: Documento) {
  reply.header('content-disposition', `attachment; filename="${nome}.${formato}"`);
  if (formato === 'xlsx')
    return reply.header('content-type', TIPO_CONTEUDO.xlsx).send(arquivoExportacao('xlsx', documento));
  return reply.header('content-type', 'application/pdf').send(pdfTabela(documento));
}

async function* lotes(linhas: unknown[][]) {
  yield linhas;
}

/** `/relatorio-financeiro` (spec §2): balances and movements of a period by cash and ledger account. */
export const relatorioFinanceiroRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      config: { acesso: servico.ACESSO_FINANCEIRO, acao: 'R' },
      schema: {
        tags,
        querystring: relatorioFinanceiroQuery,
        response: { 200: relatorioFinanceiro },
        ...respostaArquivo,
      },
    },
    async (req, reply) => {
      const { organizacao, ...r } = await servico.relatorioFinanceiro(app.deps, req.ctx, req.query);
      if (req.query.formato === 'json') return r;
      const t = tradutor(req.idioma);
      const c = (k: NomeCampo) => t(`campos:${k}`);
      return enviarTabela(
        reply,
        req.query.formato,
        `relatorio-financeiro-${req.query.periodoDe}-${req.query.periodoAte}`,
        {
          titulo: t('menu:acessos.RelatorioFinanceiro'),
          idioma: req.idioma,
          informacoes: [organizacao.nomeFantasia, linhaFiltros(req.idioma, req.query)],
          colunas: [
            { titulo: c('grupo'), peso: 1.3 },
            { titulo: c('codigoInterno') },
            { titulo: c('codigoContabil') },
            { titulo: c('nome'), peso: 2.5 },
            { titulo: c('organizacaoNome'), peso: 2 },
            { titulo: c('saldoAnterior'), ...DINHEIRO },
            { titulo: c('entradas'), ...DINHEIRO },
            { titulo: c('saidas'), ...DINHEIRO },
            { titulo: c('saldoFinal'), ...DINHEIRO },
          ],
          lotes: lotes([
            ...r.contas.map((x) => [
              c('contaCaixaId'),
              '',
              '',
              x.contaCaixaNome,
              x.organizacaoNome,
              x.saldoAnterior,
              x.entradas,
              x.saidas,
              x.saldoFinal,
            ]),
            ...r.planos.map((x) => [
              c('planoContaId'),
              x.codigoInterno,
              x.codigoContabil,
              x.nome,
              '',
              '',
              x.entradas,
              x.saidas,
              x.total,
            ]),
          ]),
          // The cash accounts' balances: the ledger accounts' rows split the same movements.
          totais: [
            c('total'),
            '',
            '',
            '',
            '',
            r.totais.saldoAnterior,
            r.totais.entradas,
            r.totais.saidas,
            r.totais.saldoFinal,
          ],
        },
      );
    },
  );
};

/** `/relatorio-gerencial` (spec §2): movements and balances by cost-centre tree. */
export const relatorioGerencialRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      config: { acesso: servico.ACESSO_GERENCIAL, acao: 'R' },
      schema: { tags, querystring: relatorioGerencialQuery, response: { 200: relatorioGerencial }, ...respostaArquivo },
    },
    async (req, reply) => {
      const { organizacao, ...r } = await servico.relatorioGerencial(app.deps, req.ctx, req.query);
      if (req.query.formato === 'json') return r;
      const t = tradutor(req.idioma);
      const c = (k: NomeCampo) => t(`campos:${k}`);
      return enviarTabela(
        reply,
        req.query.formato,
        `relatorio-gerencial-${req.query.periodoDe}-${req.query.periodoAte}`,
        {
          titulo: t('menu:acessos.RelatorioGerencial'),
          idioma: req.idioma,
          informacoes: [organizacao.nomeFantasia, linhaFiltros(req.idioma, req.query)],
          colunas: [
            { titulo: c('codigo') },
            { titulo: c('nome'), peso: 3 },
            { titulo: c('saldoInicial'), ...DINHEIRO },
            { titulo: c('entradas'), ...DINHEIRO },
            { titulo: c('saidas'), ...DINHEIRO },
            { titulo: c('saldo'), ...DINHEIRO },
          ],
          // The tree shows as indentation of the code.
          lotes: lotes(
            r.linhas.map((x) => [
              `${'  '.repeat(x.nivel)}${x.codigo}`,
              x.nome,
              x.saldoInicial,
              x.entradas,
              x.saidas,
              x.saldo,
            ]),
          ),
        },
      );
    },
  );
};

/** `/lancamento-caixa/formExportar` (spec §2): one organization's accounting file for a period. */
export const exportacaoContabilRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      config: { acesso: servico.ACESSO_EXPORTACAO, acao: 'R' },
      schema: { tags, querystring: exportacaoContabilQuery, produces: ['text/plain'] },
    },
    async (req, reply) => {
      const { organizacao, linhas } = await servico.lancamentosParaExportar(app.deps, req.ctx, req.query);
      app.deps.auditoria.exportacao(req.ctx, servico.ACESSO_EXPORTACAO, {
        rota: req.routeOptions.url ?? req.url,
        ip: req.ip,
        userAgent: req.headers['user-agent'] ?? null,
      });
      return reply
        .header('content-type', 'text/plain; charset=utf-8')
        .header(
          'content-disposition',
          `attachment; filename="contabil-${organizacao.id}-${req.query.periodoDe}-${req.query.periodoAte}.txt"`,
        )
        .header('x-total-linhas', String(linhas.length))
        .send(servico.arquivoContabil(organizacao, req.query, linhas));
    },
  );
};

/** Spec §2 /indicadores/financeiros. */
export const indicadorFinanceirosRoutes: FastifyPluginAsyncZod = async (app) => {
  rotasDe(app, { acesso: 'IndicadoresFinanceiros', tags }).get(
    '/',
    { acao: 'L', consulta: indicadorQuery, resposta: indicadorFinanceiros },
    (req) => indicador.indicador(app.deps, req.ctx, req.query),
  );
};
