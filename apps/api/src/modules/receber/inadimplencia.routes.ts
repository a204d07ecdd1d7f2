import { FAIXAS_ATRASO, type InadimplenciaLinha, inadimplenciaListQuery, inadimplenciaPagina } from '@sig/contracts';
import { tradutor } from '@sig/i18n';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { documentoTela } from '../../platform/emissor-pdf.js';
import { type ColunaArquivo, dataTela } from '../../platform/exportacao.js';
import { rotasDeLista } from '../../platform/rotas-lista.js';
import * as relatorio from './inadimplencia.service.js';

const tags = ['cobrancas'];

/** `/relatorio-inadimplencia`: the aging report per holder; the page, and CSV, XLSX or PDF of the whole set. */
export const inadimplenciaRoutes: FastifyPluginAsyncZod = async (app) => {
  const acesso = relatorio.ACESSO_INADIMPLENCIA;
  rotasDeLista(app, {
    acesso,
    acao: 'R',
    tags,
    consulta: inadimplenciaListQuery,
    pagina: inadimplenciaPagina,
    listar: (ctx, q) => relatorio.listarInadimplencia(app.deps, ctx, q),
    exportacao: { formatos: ['csv', 'xlsx', 'pdf'] },
    exportar: async (ctx, q, formato, origem) => {
      const r = await relatorio.inadimplenciaParaArquivo(app.deps, ctx, q);
      app.deps.auditoria.exportacao(ctx, acesso, origem);
      const t = tradutor(ctx.idioma);
      const colunas: ColunaArquivo[] = [
        { titulo: t('cobrancas:inadimplencia.titular'), peso: 2.4 },
        { titulo: t('cobrancas:inadimplencia.documento'), peso: 1.3 },
        { titulo: t('cobrancas:inadimplencia.quantidade'), tipo: 'numero', peso: 0.8 },
        { titulo: t('cobrancas:inadimplencia.vencimentoMaisAntigo'), tipo: 'data', peso: 1.1 },
        ...FAIXAS_ATRASO.map((f) => ({ titulo: t(`cobrancas:inadimplencia.faixas.${f}`), tipo: 'dinheiro' as const })),
        { titulo: t('cobrancas:inadimplencia.total'), tipo: 'dinheiro', peso: 1.1 },
      ];
      const linha = (l: InadimplenciaLinha) => [
        l.titularNome,
        l.titularDocumento ? documentoTela(l.titularDocumento) : '',
        l.quantidade,
        l.vencimentoMaisAntigo,
        ...FAIXAS_ATRASO.map((f) => l[f]),
        l.total,
      ];
      const { totais } = r;
      async function* lotes() {
        for await (const lote of r.lotes()) yield lote.map(linha);
      }
      return {
        nomeArquivo: `inadimplencia-${r.dataBase}.${formato}`,
        documento: {
          titulo: t('menu:acessos.RelatorioInadimplencia'),
          idioma: ctx.idioma,
          colunas,
          lotes: lotes(),
          informacoes: [
            t('cobrancas:inadimplencia.subtitulo', {
              organizacao: r.organizacao,
              data: dataTela(r.dataBase, ctx.idioma),
            }),
          ],
          totais: [
            t('cobrancas:inadimplencia.total'),
            '',
            totais.quantidade,
            null,
            ...FAIXAS_ATRASO.map((f) => totais[f]),
            totais.total,
          ],
        },
      };
    },
  });
};
