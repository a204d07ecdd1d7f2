import {
  exportacaoContabilQuery,
  indicadorFinanceiros,
  indicadorQuery,
  relatorioFinanceiro,
  relatorioFinanceiroQuery,
  relatorioGerencial,
  relatorioGerencialQuery,
} from '@sig/contracts';
import { type Idioma, type NomeCampo, tradutor } from '@sig/i18n';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type Documento, linhaFiltros, TIPO_CONTEUDO } from '../../platform/exportacao.js';
import { responderRelatorio, umLote } from '../../platform/relatorio.js';
import { rotasDe } from '../../platform/rotas-lista.js';
import * as indicador from './indicador-financeiro.service.js';
import * as servico from './livros.service.js';

const tags = ['financeiro'];
const respostaArquivo = { produces: [TIPO_CONTEUDO.xlsx, 'application/pdf'] };

const DINHEIRO = { tipo: 'dinheiro' } as const;

type ConsultaPeriodo = { formato: 'json' | 'pdf' | 'xlsx'; periodoDe: string; periodoAte: string };

/**
 * A period report's answer: the JSON, or its table as a file named after the period, under the
 * screen's title, the organization and the filters.
 */
function responderPeriodo<T>(
  reply: FastifyReply,
  { idioma, query }: { idioma: Idioma; query: ConsultaPeriodo },
  relatorio: { acesso: 'RelatorioFinanceiro' | 'RelatorioGerencial'; arquivo: string; organizacao: string },
  json: T,
  tabela: (c: (k: NomeCampo) => string) => Pick<Documento, 'colunas' | 'lotes' | 'totais'>,
) {
  const nome = `${relatorio.arquivo}-${query.periodoDe}-${query.periodoAte}`;
  return responderRelatorio(reply, query.formato, json, nome, () => {
    const t = tradutor(idioma);
    return {
      titulo: t(`menu:acessos.${relatorio.acesso}`),
      idioma,
      informacoes: [relatorio.organizacao, linhaFiltros(idioma, query)],
      ...tabela((k) => t(`campos:${k}`)),
    };
  });
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
      const relatorio = {
        acesso: 'RelatorioFinanceiro',
        arquivo: 'relatorio-financeiro',
        organizacao: organizacao.nomeFantasia,
      } as const;
      return responderPeriodo(reply, req, relatorio, r, (c) => ({
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
        lotes: umLote([
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
      }));
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
      const relatorio = {
        acesso: 'RelatorioGerencial',
        arquivo: 'relatorio-gerencial',
        organizacao: organizacao.nomeFantasia,
      } as const;
      return responderPeriodo(reply, req, relatorio, r, (c) => ({
        colunas: [
          { titulo: c('codigo') },
          { titulo: c('nome'), peso: 3 },
          { titulo: c('saldoInicial'), ...DINHEIRO },
          { titulo: c('entradas'), ...DINHEIRO },
          { titulo: c('saidas'), ...DINHEIRO },
          { titulo: c('saldo'), ...DINHEIRO },
        ],
        // The tree shows as indentation of the code.
        lotes: umLote(
          r.linhas.map((x) => [
            `${'  '.repeat(x.nivel)}${x.codigo}`,
            x.nome,
            x.saldoInicial,
            x.entradas,
            x.saidas,
            x.saldo,
          ]),
        ),
      }));
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
