import { MIGRATIONS_DIR, migracoesConhecidas } from '@sig/db';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { VERSAO } from '../../versao.js';

/** A database that does not answer within this is down, as far as a load balancer is concerned. */
const ESPERA_BANCO_MS = 2_000;

const saude = z.object({
  /** `indisponivel` (503) when the database does not answer. */
  status: z.enum(['ok', 'indisponivel']),
  versao: z.string(),
  /** The database's newest applied migration (null when unknown, as while it does not answer). */
  migracao: z.string().nullable(),
  ambiente: z.string(),
  // Whether the web sends page views (to POST /api/analitica/pagina); never where they go.
  analitica: z.object({ ativa: z.boolean() }),
  // Demo: charges go to the embedded fake provider; the web labels payment screens as such.
  provedorPagamento: z.object({ demo: z.boolean() }),
});

export const saudeRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = new Map(migracoesConhecidas(MIGRATIONS_DIR).map((m) => [String(m.quando), m.tag]));
  /** The newest migration's tag when the database answers (one query serves both), false when it does not. */
  const bancoResponde = async (): Promise<string | null | false> => {
    let espera: NodeJS.Timeout | undefined;
    const limite = new Promise<never>((_, falha) => {
      espera = setTimeout(() => falha(new Error('database did not answer in time')), ESPERA_BANCO_MS);
    });
    try {
      const [l] = await Promise.race([
        app.deps.consultar<{ quando: string | null }>(
          'saude',
          'select max(created_at)::text as quando from drizzle.__drizzle_migrations',
          [],
        ),
        limite,
      ]);
      return tags.get(l?.quando ?? '') ?? null;
    } catch (erro) {
      app.log.error({ err: erro }, 'health check: database unavailable');
      return false;
    } finally {
      clearTimeout(espera);
    }
  };

  app.get(
    '/saude',
    { config: { publico: true }, schema: { tags: ['sistema'], response: { 200: saude, 503: saude } } },
    async (_req, reply) => {
      const migracao = await bancoResponde();
      const ok = migracao !== false;
      return reply.status(ok ? 200 : 503).send({
        status: ok ? 'ok' : 'indisponivel',
        versao: VERSAO,
        migracao: ok ? migracao : null,
        ambiente: app.deps.config.ambiente,
        analitica: { ativa: app.deps.config.analitica.modo !== 'off' },
        provedorPagamento: { demo: app.deps.pagamentos.demo },
      });
    },
  );
};
