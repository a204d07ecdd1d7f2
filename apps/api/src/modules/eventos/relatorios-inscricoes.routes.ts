import {
  ACESSO_EVENTO_COM_INSCRICAO,
  ACESSO_INDICADORES_INSCRICOES,
  hojeNoBrasil,
  indicadorInscricoes,
  indicadorInscricoesQuery,
  type LinhaRelatorioInscricoes,
  relatorioInscricoes,
  relatorioInscricoesArquivoQuery,
  relatorioInscricoesQuery,
} from '@sig/contracts';
import { type Tradutor, tradutor } from '@sig/i18n';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type Documento, TIPO_CONTEUDO } from '../../platform/exportacao.js';
import { enviarTabela } from '../../platform/relatorio.js';
import { rotasDe } from '../../platform/rotas-lista.js';
import * as servico from './relatorios-inscricoes.service.js';

/** A line's item as the reader reads it: a lot's number, a need's name, a state's label. */
export function rotuloItem(t: Tradutor, l: LinhaRelatorioInscricoes): string {
  if (l.item === '—') return l.item;
  if (l.secao === 'lote') return t('eventos:lote', { numero: l.item });
  if (l.secao === 'saude') return t(`eventos:dados.campos.${l.item as 'alergias'}`);
  if (l.secao === 'status') return t(`eventos:status.${l.item as 'PENDENTE'}`);
  return l.item;
}

/**
 * `/relatorio-inscricoes-congrenaje` (spec §2, access EventoComInscricao): an event's
 * registrations by community, lot, workshop, shirt size, health and logistics needs — on screen,
 * as PDF or as XLSX.
 */
export const relatorioInscricoesRoutes: FastifyPluginAsyncZod = async (app) => {
  const acesso = ACESSO_EVENTO_COM_INSCRICAO;
  const tags = ['relatorio-inscricoes-congrenaje'];
  rotasDe(app, { acesso, tags }).get(
    '/',
    { acao: 'R', consulta: relatorioInscricoesQuery, resposta: relatorioInscricoes },
    (req) => servico.relatorioInscricoes(app.deps.db, req.ctx, acesso, req.query.eventoId),
  );
  app.get(
    '/arquivo',
    {
      config: { acesso, acao: 'R' },
      schema: { tags, querystring: relatorioInscricoesArquivoQuery, produces: [TIPO_CONTEUDO.xlsx, 'application/pdf'] },
    },
    async (req, reply) => {
      const r = await servico.relatorioInscricoes(app.deps.db, req.ctx, acesso, req.query.eventoId);
      const t = tradutor(req.idioma);
      async function* lotes() {
        yield r.linhas.map((l) => [
          t(`eventos:relatorio.secoes.${l.secao}`),
          rotuloItem(t, l),
          l.total,
          l.confirmadas,
          l.pendentes,
        ]);
      }
      const documento: Documento = {
        titulo: t('eventos:relatorio.titulo'),
        idioma: req.idioma,
        colunas: [
          { titulo: t('eventos:relatorio.secao'), peso: 1 },
          { titulo: t('eventos:relatorio.item'), peso: 2 },
          { titulo: t('eventos:relatorio.total'), tipo: 'numero' },
          { titulo: t('eventos:relatorio.confirmadas'), tipo: 'numero' },
          { titulo: t('eventos:relatorio.pendentes'), tipo: 'numero' },
        ],
        lotes: lotes(),
        informacoes: [`${r.eventoNome} · ${t('eventos:relatorio.inscritos', { n: r.inscritos })}`],
      };
      const nome = `relatorio-inscricoes-${req.query.eventoId}-${hojeNoBrasil()}`;
      return enviarTabela(reply, req.query.formato, nome, documento);
    },
  );
};

/** `/indicadores/inscricoes` (spec §2): registrations over time against capacity, paid and pending, by lot. */
export const indicadorInscricoesRoutes: FastifyPluginAsyncZod = async (app) => {
  rotasDe(app, { acesso: ACESSO_INDICADORES_INSCRICOES, tags: ['indicadores'] }).get(
    '/',
    { acao: 'L', consulta: indicadorInscricoesQuery, resposta: indicadorInscricoes },
    (req) => servico.indicadorInscricoes(app.deps, req.ctx, req.query),
  );
};
