import { hojeNoBrasil, pessoaListQuery } from '@sig/contracts';
import { tradutor } from '@sig/i18n';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../platform/erros.js';
import { type Documento, linhaFiltros, TIPO_CONTEUDO } from '../../platform/exportacao.js';
import { MAX_COLUNAS_PDF } from '../../platform/pdf.js';
import { camposOcultos } from '../../platform/permissoes.js';
import { enviarTabela } from '../../platform/relatorio.js';
import {
  COLUNAS_DOCUMENTO,
  type ColunaDocumento,
  colunaPessoa,
  condicoes,
  contar,
  type LinhaDocumento,
  lotesPessoas,
} from '../pessoas/index.js';

const acesso = 'RelatorioPessoas' as const;
export const LIMITE_RELATORIO = 100_000;
const COLUNAS = Object.keys(COLUNAS_DOCUMENTO) as [ColunaDocumento, ...ColunaDocumento[]];

const consulta = pessoaListQuery.and(
  z.object({
    colunas: z.preprocess(
      (v) => (typeof v === 'string' ? v.split(',').filter(Boolean) : v),
      z.array(z.enum(COLUNAS)).min(1).max(COLUNAS.length),
    ),
    formato: z.enum(['pdf', 'xlsx']).default('pdf'),
  }),
);

/** `/relatorios`: the people report — the columns and filters the user chose, as PDF or XLSX. */
export const relatorioPessoasRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/colunas',
    {
      config: { acesso, acao: 'R' },
      schema: { tags: ['relatorios'], response: { 200: z.array(z.string()) } },
    },
    // The columns this profile may see: sensitive ones follow the people screen's field rules.
    (req) => {
      const ocultos = new Set([...camposOcultos(req.ctx, 'Pessoa'), ...camposOcultos(req.ctx, acesso)]);
      return COLUNAS.filter((c) => !ocultos.has(c));
    },
  );

  app.get(
    '/pessoas',
    {
      config: { acesso, acao: 'R' },
      schema: { tags: ['relatorios'], querystring: consulta, produces: [TIPO_CONTEUDO.xlsx, 'application/pdf'] },
    },
    async (req, reply) => {
      const { colunas, formato, ...filtros } = req.query;
      const ocultos = new Set([...camposOcultos(req.ctx, 'Pessoa'), ...camposOcultos(req.ctx, acesso)]);
      const visiveis = colunas.filter((c) => !ocultos.has(c));
      if (formato === 'pdf' && visiveis.length > MAX_COLUNAS_PDF)
        throw new AppError('COLUNAS_DEMAIS_PDF', { max: MAX_COLUNAS_PDF });
      const onde = await condicoes(app.deps, req.ctx, filtros, acesso);
      const total = await contar(app.deps, onde, LIMITE_RELATORIO);
      const t = tradutor(req.idioma);
      async function* linhas() {
        for await (const lote of lotesPessoas(app.deps, onde, LIMITE_RELATORIO, req.idioma))
          yield lote.map((p: LinhaDocumento) => visiveis.map((c) => p[c]));
      }
      const data = hojeNoBrasil();
      const documento: Documento = {
        titulo: t('menu:acessos.RelatorioPessoas'),
        idioma: req.idioma,
        colunas: visiveis.map((c) => colunaPessoa(c, t)),
        lotes: linhas(),
        informacoes: [
          `${req.ctx.organizacaoNome} · ${t('relatorios:total', { n: Math.min(total, LIMITE_RELATORIO) })}`,
          linhaFiltros(req.idioma, filtros, { status: { tipo: 'opcao', rotulos: 'campos:opcao.status' } }),
        ],
      };
      reply
        .header('x-total-linhas', String(Math.min(total, LIMITE_RELATORIO)))
        .header('x-relatorio-truncado', String(total > LIMITE_RELATORIO));
      return enviarTabela(reply, formato, `relatorio-pessoas-${data}`, documento);
    },
  );
};
