import { hojeNoBrasil, relatorioContasReceber, relatorioContasReceberQuery } from '@sig/contracts';
import { type NomeCampo, tradutor } from '@sig/i18n';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dataTela, linhaFiltros, TIPO_CONTEUDO } from '../../platform/exportacao.js';
import { responderRelatorio, umLote } from '../../platform/relatorio.js';
import * as relatorio from './relatorio-contas-receber.service.js';

const tags = ['cobrancas'];

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
      const { organizacao, titular, ...r } = await relatorio.relatorioContasReceber(app.deps, req.ctx, req.query);
      return responderRelatorio(reply, req.query.formato, r, 'relatorio-contas-receber', () => {
        const t = tradutor(req.idioma);
        const c = (k: NomeCampo) => t(`campos:${k}`);
        const competencia = (p: string) => `${p.slice(5)}/${p.slice(0, 4)}`;
        const linhas = [
          ...r.porStatus.map((s) => [
            c('status'),
            t(`campos:opcao.statusContaAReceber.${s.status}`),
            s.quantidade,
            s.previsto,
            s.pago,
          ]),
          ...r.porPeriodo.map((p) => [
            t('cobrancas:relatorioReceber.competencia'),
            competencia(p.periodo),
            p.quantidade,
            p.previsto,
            p.pago,
          ]),
        ];
        return {
          titulo: t('menu:acessos.RelatorioContasReceber'),
          idioma: req.idioma,
          colunas: [
            { titulo: c('grupo'), peso: 1.2 },
            { titulo: c('descricao'), peso: 1.5 },
            { titulo: t('cobrancas:relatorioReceber.quantidade'), tipo: 'numero' },
            { titulo: c('valorPrevisto'), tipo: 'dinheiro' },
            { titulo: c('valorPago'), tipo: 'dinheiro' },
          ],
          lotes: umLote(linhas),
          informacoes: [
            `${organizacao.nomeFantasia} · ${t('relatorios:geradoEm', { data: dataTela(hojeNoBrasil(), req.idioma) })}`,
            linhaFiltros(
              req.idioma,
              req.query,
              { status: { tipo: 'opcao', rotulos: 'campos:opcao.statusContaAReceber' } },
              { organizacaoId: organizacao.nomeFantasia, pessoaId: titular?.nome, organizacaoTitularId: titular?.nome },
            ),
          ],
          totais: [c('total'), '', r.totais.quantidade, r.totais.previsto, r.totais.pago],
        };
      });
    },
  );
};
