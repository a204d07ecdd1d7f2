import type { Readable } from 'node:stream';
import { relatorioContasReceber, relatorioContasReceberQuery } from '@sig/contracts';
import { type NomeCampo, tradutor } from '@sig/i18n';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { arquivoExportacao, TIPO_CONTEUDO } from '../../platform/exportacao.js';
import { pdfTabela } from '../../platform/pdf.js';
import * as relatorio from './relatorio-contas-receber.service.js';

const tags = ['cobrancas'];

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
      const c = (k: NomeCampo) => t(`campos:${k}`);
      const titulo = t('menu:acessos.RelatorioContasReceber');
      const cabecalho = [
        c('grupo'),
        '',
        t('cobrancas:relatorioReceber.quantidade'),
        c('valorPrevisto'),
        c('valorPago'),
      ];
      const linhas = [
        ...r.porStatus.map((s) => [
          c('status'),
          t(`campos:opcao.statusContaAReceber.${s.status}`),
          String(s.quantidade),
          s.previsto,
          s.pago,
        ]),
        ...r.porPeriodo.map((p) => [
          t('cobrancas:relatorioReceber.competencia'),
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
              rodape: (n) => t('relatorios:pagina', { n }),
            }),
      );
    },
  );
};
