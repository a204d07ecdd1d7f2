import rateLimit, { type FastifyRateLimitStore, normalizeIP } from '@fastify/rate-limit';
import type { Banco } from '@sig/db';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  onRequestHookHandler,
  preHandlerHookHandler,
} from 'fastify';
import { AppError } from './erros.js';

/**
 * A request limit of a public route (docs/adr/0008): at most `max` requests per `janela` for one
 * key. `por: 'ip'` counts the client's address (before the body is read); a function counts a
 * target taken from the validated request (an e-mail, a login), so spreading requests over many
 * addresses does not multiply what one victim receives. Rules with the same `nome` share counters
 * across routes.
 */
export type RegraLimite = {
  nome: string;
  max: number;
  janela: '1 minute' | '15 minutes' | '1 hour';
  por: 'ip' | ((req: FastifyRequest) => string | undefined);
};

declare module 'fastify' {
  interface FastifyContextConfig {
    limites?: RegraLimite[];
  }
}

const JANELA_MS: Record<RegraLimite['janela'], number> = {
  '1 minute': 60_000,
  '15 minutes': 15 * 60_000,
  '1 hour': 60 * 60_000,
};

/** Expired counters are deleted this often (a row per key and window; nothing else reads them). */
const LIMPEZA_MS = 10 * 60_000;

const SQL_INCREMENTAR = `
  insert into limite_requisicao as l (chave, contagem, expira_em)
  values ($1, 1, now() + make_interval(secs => $2::float8 / 1000))
  on conflict (chave) do update set
    contagem = case when l.expira_em <= now() then 1 else l.contagem + 1 end,
    expira_em = case when l.expira_em <= now() then excluded.expira_em else l.expira_em end
  returning contagem, greatest(0, ceil(extract(epoch from (expira_em - now())) * 1000))::float8 as ttl`;

/**
 * @fastify/rate-limit's store interface over one PostgreSQL row per key: one atomic upsert per
 * request, so every API process (and PGlite alike) counts against the same limit.
 */
function lojaPostgres(consultar: Banco['consultar']) {
  return class LojaPostgres implements FastifyRateLimitStore {
    incr(chave: string, cb: (erro: Error | null, r?: { current: number; ttl: number }) => void, janela: number) {
      consultar<{ contagem: number; ttl: number }>('limite_incrementar', SQL_INCREMENTAR, [chave, janela]).then(
        ([r]) => cb(null, { current: r!.contagem, ttl: r!.ttl }),
        (erro: Error) => cb(erro),
      );
    }
    child() {
      return this;
    }
  };
}

function limitador(app: FastifyInstance, rota: string, regra: RegraLimite) {
  const por = regra.por;
  const verificar = app.createRateLimit({
    max: regra.max,
    timeWindow: JANELA_MS[regra.janela],
    keyGenerator: (req) => {
      const alvo = por === 'ip' ? normalizeIP(req.ip) : por(req)?.trim().toLowerCase();
      return `${regra.nome}:${alvo ?? ''}`;
    },
  });
  return async (req: FastifyRequest, reply: FastifyReply) => {
    if (por !== 'ip' && !por(req)) return;
    const r = await verificar(req);
    if (r.isAllowed || !r.isExceeded) return;
    req.log.warn({ regra: regra.nome, rota }, 'request limit reached');
    reply.header('retry-after', String(r.ttlInSeconds));
    throw new AppError('LIMITE_REQUISICOES', { segundos: r.ttlInSeconds });
  };
}

/**
 * Routes declare `limites` in their config; each rule becomes a hook (by address on onRequest, by
 * target on preHandler, after validation). With `ativos` false (SIG_RATE_LIMIT=off) nothing is
 * counted. A test checks that every public route declares its limits or is exempt by name.
 */
export async function registrarLimites(app: FastifyInstance, banco: Pick<Banco, 'consultar'>, ativos: boolean) {
  await app.register(rateLimit, { global: false, store: lojaPostgres(banco.consultar) });
  app.addHook('onRoute', (rota) => {
    const regras = rota.config?.limites;
    if (!ativos || !regras?.length) return;
    const porIp = regras.filter((r) => r.por === 'ip').map((r) => limitador(app, rota.url, r));
    const porAlvo = regras.filter((r) => r.por !== 'ip').map((r) => limitador(app, rota.url, r));
    rota.onRequest = [...[rota.onRequest ?? []].flat(), ...(porIp as onRequestHookHandler[])];
    rota.preHandler = [...[rota.preHandler ?? []].flat(), ...(porAlvo as preHandlerHookHandler[])];
  });
  if (!ativos) return;
  const limpeza = setInterval(() => {
    banco
      .consultar('limite_limpar', 'delete from limite_requisicao where expira_em < now()', [])
      .catch((erro: unknown) => app.log.warn({ err: erro }, 'request limit cleanup failed'));
  }, LIMPEZA_MS);
  limpeza.unref();
  app.addHook('onClose', async () => clearInterval(limpeza));
}
