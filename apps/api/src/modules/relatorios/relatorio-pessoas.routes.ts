import { pessoaListQuery } from '@sig/contracts';
import { tradutor } from '@sig/i18n';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { arquivoExportacao, TIPO_CONTEUDO } from '../../platform/exportacao.js';
import { pdfTabela } from '../../platform/pdf.js';
import { camposOcultos } from '../../platform/permissoes.js';
import {
  COLUNAS_DOCUMENTO,
  type ColunaDocumento,
  condicoes,
  contar,
  type LinhaDocumento,
  lotesPessoas,
} from '../pessoas/index.js';

const acesso = 'RelatorioPessoas' as const;
export const LIMITE_RELATORIO = 100_000;
const COLUNAS = Object.keys(COLUNAS_DOCUMENTO) as [ColunaDocumento, ...ColunaDocumento[]];
/** Wider columns for names and streets. */
const PESO: Partial<Record<ColunaDocumento, number>> = {
  nome: 2,
  sobrenome: 2,
  organizacaoNome: 2.5,
  logradouro: 2.5,
  email: 2,
};

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
      const onde = await condicoes(app.deps, req.ctx, filtros, acesso);
      const total = await contar(app.deps, onde, LIMITE_RELATORIO);
      const t = tradutor(req.idioma);
      const valor = (c: ColunaDocumento, v: unknown): string => {
        if (v === null || v === undefined) return '';
        if (typeof v === 'boolean') return t(v ? 'comum:sim' : 'comum:nao');
        if (c === 'sexo' || c === 'estadoCivil' || c === 'status')
          return t(`campos:opcao.${c}.${v}`, { defaultValue: String(v) });
        if (c === 'dataNascimento' && typeof v === 'string')
          return req.idioma === 'en'
            ? `${v.slice(5, 7)}/${v.slice(8)}/${v.slice(0, 4)}`
            : `${v.slice(8)}/${v.slice(5, 7)}/${v.slice(0, 4)}`;
        return String(v);
      };
      async function* linhas() {
        for await (const lote of lotesPessoas(app.deps, onde, LIMITE_RELATORIO))
          yield lote.map((p: LinhaDocumento) => visiveis.map((c) => valor(c, p[c])));
      }
      const cabecalho = visiveis.map((c) => t(`campos:${c}`, { defaultValue: c }));
      const data = new Date().toISOString().slice(0, 10);
      reply
        .header('content-disposition', `attachment; filename="relatorio-pessoas-${data}.${formato}"`)
        .header('x-total-linhas', String(Math.min(total, LIMITE_RELATORIO)))
        .header('x-relatorio-truncado', String(total > LIMITE_RELATORIO));
      if (formato === 'xlsx')
        return reply
          .header('content-type', TIPO_CONTEUDO.xlsx)
          .send(arquivoExportacao('xlsx', 'pessoas', cabecalho, linhas()));
      const titulo = t('menu:acessos.RelatorioPessoas');
      return reply.header('content-type', 'application/pdf').send(
        pdfTabela({
          titulo,
          subtitulo: `${req.ctx.organizacaoNome} · ${t('relatorios:total', { n: Math.min(total, LIMITE_RELATORIO) })} · ${data}`,
          cabecalho,
          pesos: visiveis.map((c) => PESO[c] ?? 1),
          lotes: linhas(),
          rodape: (n) => t('relatorios:pagina', { n }),
        }),
      );
    },
  );
};
