import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';

const vazioParaIndefinido = (v: unknown) => (v === '' ? undefined : v);
const opcional = <T extends z.ZodType>(s: T) => z.preprocess(vazioParaIndefinido, s.optional());

/** Page views and provider keys leave the machine only over TLS (plain http only to this machine). */
function urlTlsOuLocal(v: string): boolean {
  if (!URL.canParse(v)) return false;
  const u = new URL(v);
  return (
    u.protocol === 'https:' || (u.protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(u.hostname))
  );
}

/** proxy-addr's names for address ranges, accepted beside addresses and CIDR blocks. */
const FAIXAS_NOMEADAS = ['loopback', 'linklocal', 'uniquelocal'];

/** An address, a CIDR block (`10.0.0.0/8`, `fd00::/8`) or one of proxy-addr's named ranges. */
function enderecoOuFaixa(v: string): boolean {
  if (FAIXAS_NOMEADAS.includes(v)) return true;
  const [endereco, prefixo, ...resto] = v.split('/');
  const versao = isIP(endereco ?? '');
  if (!versao || resto.length) return false;
  if (prefixo === undefined) return true;
  const n = Number(prefixo);
  return /^\d{1,3}$/.test(prefixo) && n <= (versao === 4 ? 32 : 128);
}

const listaDeProxies = z
  .string()
  .default('')
  .transform((v) =>
    v
      .split(',')
      .map((x) => x.trim())
      .filter(Boolean),
  )
  .refine((xs) => xs.every(enderecoOuFaixa), 'must be a comma-separated list of addresses or CIDR blocks');

const esquema = z
  .object({
    PORT: z.preprocess(vazioParaIndefinido, z.coerce.number().int().min(1).max(65535).default(3000)),
    HOST: z.preprocess(vazioParaIndefinido, z.string().default('0.0.0.0')),
    DATA_DIR: z.preprocess(vazioParaIndefinido, z.string().default('./data')),
    DATABASE_URL: opcional(z.string().regex(/^postgres(ql)?:\/\//, 'must start with postgres://')),
    DATABASE_POOL_MAX: z.preprocess(vazioParaIndefinido, z.coerce.number().int().min(1).max(200).default(10)),
    SIG_ENV: z.preprocess(vazioParaIndefinido, z.enum(['production', 'homolog', 'development']).default('production')),
    SIG_ROLE: z.preprocess(vazioParaIndefinido, z.enum(['all', 'api', 'worker']).default('all')),
    SIG_ADMIN_EMAIL: z.preprocess(vazioParaIndefinido, z.string().email().default('admin@sig.local')),
    SIG_ADMIN_PASSWORD: opcional(z.string().min(8, 'must have at least 8 characters')),
    SIG_SECRET: opcional(z.string().min(16, 'must have at least 16 characters')),
    SIG_SEED_DEMO: z.preprocess(vazioParaIndefinido, z.enum(['true', 'false']).default('true')),
    SIG_SESSION_IDLE_MINUTES: z.preprocess(vazioParaIndefinido, z.coerce.number().int().min(1).max(43200).default(480)),
    SIG_SESSION_MAX_DAYS: z.preprocess(vazioParaIndefinido, z.coerce.number().int().min(1).max(365).default(30)),
    SIG_TRUSTED_PROXIES: z.preprocess(vazioParaIndefinido, listaDeProxies),
    SIG_RATE_LIMIT: z.preprocess(vazioParaIndefinido, z.enum(['on', 'off']).default('on')),
    SIG_AUDIT: z.preprocess(vazioParaIndefinido, z.enum(['true', 'false']).default('true')),
    SIG_ANALYTICS: z.preprocess(
      vazioParaIndefinido,
      z
        .string()
        .default('off')
        .refine(
          (v) => v === 'off' || v === 'console' || urlTlsOuLocal(v),
          'must be off, console or an https:// collector URL (http:// only on localhost)',
        ),
    ),
    SIG_CEP_URL: opcional(
      z
        .string()
        .refine(
          (v) => urlTlsOuLocal(v) && v.includes('{cep}'),
          'must be an https:// URL with {cep} where the CEP goes (http:// only on localhost)',
        ),
    ),
    SMTP_URL: opcional(z.string().regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')),
    SMTP_FROM: z.preprocess(vazioParaIndefinido, z.string().default('SIG <nao-responda@sig.local>')),
    PUBLIC_URL: opcional(z.string().url()),
    ASAAS_URL: opcional(z.string().refine(urlTlsOuLocal, 'must be an https:// URL (http:// only on localhost)')),
    ASAAS_API_KEY: opcional(z.string().min(16, 'must have at least 16 characters')),
    ASAAS_WEBHOOK_TOKEN: opcional(z.string().min(16, 'must have at least 16 characters')),
    // Asaas refuses more than 50 concurrent GETs per account.
    ASAAS_MAX_SIMULTANEAS: z.preprocess(vazioParaIndefinido, z.coerce.number().int().min(1).max(50).default(10)),
    SIG_LOTE_CONCORRENCIA: z.preprocess(vazioParaIndefinido, z.coerce.number().int().min(1).max(64).default(4)),
    SIG_LOTE_PAUSA_MS: opcional(z.coerce.number().int().min(0).max(60_000)),
    // pg-boss polls no faster than every half second.
    SIG_JOBS_POLL_SECONDS: z.preprocess(vazioParaIndefinido, z.coerce.number().min(0.5).max(60).default(2)),
    SIG_BACKUP_DIR: opcional(z.string()),
    SIG_BACKUP_KEEP: z.preprocess(vazioParaIndefinido, z.coerce.number().int().min(1).max(365).default(7)),
    LOG_LEVEL: z.preprocess(
      vazioParaIndefinido,
      z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    ),
  })
  .superRefine((e, ctx) => {
    if (e.ASAAS_URL && !e.ASAAS_API_KEY)
      ctx.addIssue({ code: 'custom', path: ['ASAAS_API_KEY'], message: 'is required when ASAAS_URL is set' });
  });

export type Config = {
  porta: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  poolMax: number;
  ambiente: 'production' | 'homolog' | 'development';
  papel: 'all' | 'api' | 'worker';
  adminEmail: string;
  adminSenha?: string;
  segredo: string;
  seedDemo: boolean;
  inatividadeMinutos: number;
  /** A session ends this many days after sign-in, however active. */
  sessaoMaximaDias: number;
  /**
   * Addresses (or CIDR blocks) of the reverse proxies whose X-Forwarded-For is believed; none by
   * default, so a client cannot choose the address the audit and the sign-in throttle see.
   */
  proxiesConfiaveis: string[];
  /** The request limits of the public routes (off only for load tests behind a limiter of their own). */
  limitesRequisicao: boolean;
  auditoria: boolean;
  /** Where the web's page views go: nowhere, the app log, or a collector the server posts to. */
  analitica: { modo: 'off' } | { modo: 'console' } | { modo: 'coletor'; url: string };
  /** The online CEP lookup (ViaCEP or BrasilAPI shape), `{cep}` in it; unset, the ranges alone. */
  cepUrl?: string;
  smtpUrl?: string;
  smtpFrom: string;
  publicUrl: string;
  logLevel: string;
  /** The payment provider: the embedded fake (demo, no real charges) unless a key is set. */
  asaas: { modo: 'demo' } | { modo: 'real'; url: string; chave: string };
  /** The `asaas-access-token` webhook deliveries must carry; unset, every delivery is refused. */
  asaasWebhookToken?: string;
  /** Where the provider delivers webhooks (default `PUBLIC_URL/api/webhooks/asaas`; the demo points at this process). */
  asaasWebhookUrl?: string;
  /** Requests in flight at once per provider key. */
  asaasMaxSimultaneas: number;
  /** Bulk processing: items worked at once by this process, and each worker's pause after an item. */
  lote: { concorrencia: number; pausaMs: number };
  /** The job layer: how often each worker looks for due jobs (retries included) besides the wake-ups on new ones. */
  tarefas: { intervaloSegundos: number };
  /** The daily backup: into this folder (unset: none), keeping the newest `manter` archives. */
  copia: { pasta?: string; manter: number };
};

/**
 * The pause after each item: polite towards the real provider (Asaas asks batch work to throttle;
 * its 429s still rest the worker), none against the embedded fake, which only this process uses.
 */
const PAUSA_LOTE_REAL_MS = 500;

export const ASAAS_URL_PRODUCAO = 'https://api.asaas.com/v3';

export class ConfigInvalida extends Error {}

/** Reads and validates the environment; a bad value stops the start with a clear message. */
export function lerConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const r = esquema.safeParse(env);
  if (!r.success) {
    const linhas = r.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigInvalida(`Invalid configuration:\n${linhas.join('\n')}`);
  }
  const e = r.data;
  return {
    porta: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    poolMax: e.DATABASE_POOL_MAX,
    ambiente: e.SIG_ENV,
    papel: e.SIG_ROLE,
    adminEmail: e.SIG_ADMIN_EMAIL,
    adminSenha: e.SIG_ADMIN_PASSWORD,
    segredo: e.SIG_SECRET ?? segredoLocal(path.resolve(e.DATA_DIR)),
    seedDemo: e.SIG_SEED_DEMO === 'true',
    inatividadeMinutos: e.SIG_SESSION_IDLE_MINUTES,
    sessaoMaximaDias: e.SIG_SESSION_MAX_DAYS,
    proxiesConfiaveis: e.SIG_TRUSTED_PROXIES,
    limitesRequisicao: e.SIG_RATE_LIMIT === 'on',
    auditoria: e.SIG_AUDIT === 'true',
    analitica:
      e.SIG_ANALYTICS === 'off' || e.SIG_ANALYTICS === 'console'
        ? { modo: e.SIG_ANALYTICS }
        : { modo: 'coletor', url: e.SIG_ANALYTICS },
    cepUrl: e.SIG_CEP_URL,
    smtpUrl: e.SMTP_URL,
    smtpFrom: e.SMTP_FROM,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    logLevel: e.LOG_LEVEL,
    asaas: e.ASAAS_API_KEY
      ? { modo: 'real', url: e.ASAAS_URL ?? ASAAS_URL_PRODUCAO, chave: e.ASAAS_API_KEY }
      : { modo: 'demo' },
    asaasWebhookToken: e.ASAAS_WEBHOOK_TOKEN,
    asaasMaxSimultaneas: e.ASAAS_MAX_SIMULTANEAS,
    lote: {
      concorrencia: e.SIG_LOTE_CONCORRENCIA,
      pausaMs: e.SIG_LOTE_PAUSA_MS ?? (e.ASAAS_API_KEY ? PAUSA_LOTE_REAL_MS : 0),
    },
    tarefas: { intervaloSegundos: e.SIG_JOBS_POLL_SECONDS },
    copia: { pasta: e.SIG_BACKUP_DIR && path.resolve(e.SIG_BACKUP_DIR), manter: e.SIG_BACKUP_KEEP },
  };
}

/**
 * Without SIG_SECRET the embedded install keeps a generated one beside its data, so a
 * restart can still decrypt what it stored. Servers should set SIG_SECRET.
 */
function segredoLocal(dataDir: string): string {
  const arquivo = path.join(dataDir, 'segredo');
  if (existsSync(arquivo)) return readFileSync(arquivo, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const novo = randomBytes(32).toString('base64url');
  writeFileSync(arquivo, novo, { mode: 0o600 });
  chmodSync(arquivo, 0o600);
  return novo;
}
