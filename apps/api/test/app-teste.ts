import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { abrirBanco, type Banco, schema } from '@sig/db';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, expect, inject } from 'vitest';
import { construirApp, type OpcoesApp } from '../src/app.js';
import { lerConfig } from '../src/config.js';
import type { ProvedorIniciado } from '../src/modules/asaas/index.js';
import { ADMIN_EMAIL, ADMIN_SENHA, SENHA_DEMO } from './constantes.js';

export type AppTeste = {
  app: FastifyInstance;
  banco: Banco;
  /** Signs in and returns the bearer token. */
  login: (email: string, senha?: string) => Promise<string>;
  loginAdmin: () => Promise<string>;
  /** Signs in several at once ('admin', a demo user's name as in `paroquia@sig.local`, or an e-mail), their tokens in order. */
  logins: (...quem: string[]) => Promise<string[]>;
  /** app.inject with a token and an optional language. */
  req: Requisicao;
  /** POSTs a record the test needs through the API: 201 or the test fails; the answer's body. */
  criar: (url: string, payload: object, token?: string) => ReturnType<typeof criarPelaApi>;
  /**
   * Gives a demo profile field rules (spec §6) and makes cached permission sets stale; the
   * answer takes them away again. Sessions opened afterwards see them.
   */
  regrasCampo: (perfil: string, regras: RegraCampoTeste[]) => Promise<() => Promise<void>>;
  fechar: () => Promise<void>;
};

type Requisicao = (opcoes: InjectOptions & { token?: string; idioma?: string }) => Promise<LightMyRequestResponse>;

async function criarPelaApi(req: Requisicao, url: string, payload: object, token?: string) {
  const r = await req({ method: 'POST', url, token, payload });
  expect(r.statusCode, r.body).toBe(201);
  return r.json();
}

export type RegraCampoTeste = { acesso: string; campo: string; visualizar: boolean | null; atualizar: boolean | null };

/** The settings every test app starts from: development, the seed's administrator, no log. */
export const ENV_TESTE = {
  SIG_ENV: 'development',
  SIG_SECRET: 'segredo-de-teste-com-32-caracteres!!',
  SIG_ADMIN_EMAIL: ADMIN_EMAIL,
  SIG_ADMIN_PASSWORD: ADMIN_SENHA,
  DATA_DIR: '/tmp/sig-test-data',
  LOG_LEVEL: 'silent',
};

async function bancoDeTeste(): Promise<Banco> {
  const tplPg = inject('templatePostgres');
  if (tplPg) {
    const url = process.env.TEST_DATABASE_URL!;
    // Named after this run's template, so that the run's teardown drops its own databases only.
    const nome = `${tplPg}_${randomBytes(5).toString('hex')}`;
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    await c.query(`create database "${nome}" template "${tplPg}"`);
    await c.end();
    const u = new URL(url);
    u.pathname = `/${nome}`;
    return abrirBanco({ url: u.toString(), maxConexoes: 5 });
  }
  const dump = readFileSync(inject('templatePglite'));
  return abrirBanco({ dataDir: 'memory://', carregarDe: new Blob([dump]) });
}

/**
 * A fresh database (seeded with the demo data) and an app over it, for one test file; `provedor`
 * when the test drives the fake provider itself (sandbox confirm, webhooks); `trabalhar` when the
 * app works its jobs as a worker process does (`relogio`: on a clock the test moves).
 */
export async function criarAppTeste(
  env: Record<string, string> = {},
  opcoes: { provedor?: ProvedorIniciado } & Pick<OpcoesApp, 'trabalhar' | 'relogio'> = {},
): Promise<AppTeste> {
  const banco = await bancoDeTeste();
  const config = lerConfig({
    ...ENV_TESTE,
    // Files sign in dozens of times a minute from one address; platform/limites.int.test.ts turns the limits on.
    SIG_RATE_LIMIT: 'off',
    // A worker looks for due jobs (a retry whose wait is over) twice a second.
    SIG_JOBS_POLL_SECONDS: '0.5',
    ...env,
  });
  const app = await construirApp({ config, banco, logger: false, ...opcoes });
  await app.ready();
  const req: AppTeste['req'] = ({ token, idioma, headers, ...resto }) =>
    app.inject({
      ...resto,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(idioma ? { 'accept-language': idioma } : {}),
        ...headers,
      },
    });
  const login = async (email: string, senha = SENHA_DEMO) => {
    const r = await req({ method: 'POST', url: '/api/Autenticacao/autenticar', payload: { login: email, senha } });
    if (r.statusCode !== 200) throw new Error(`login ${email}: ${r.statusCode} ${r.body}`);
    return r.json().accessToken as string;
  };
  const novaVersao = (perfilId: number) =>
    banco.db
      .update(schema.perfil)
      .set({ versao: sql`${schema.perfil.versao} + 1` })
      .where(eq(schema.perfil.id, perfilId));
  const regrasCampo: AppTeste['regrasCampo'] = async (nome, regras) => {
    const [perfil] = await banco.db
      .select({ id: schema.perfil.id })
      .from(schema.perfil)
      .where(eq(schema.perfil.nome, nome));
    const perfilId = perfil!.id;
    await banco.db.insert(schema.perfilCampo).values(regras.map((r) => ({ perfilId, ...r })));
    await novaVersao(perfilId);
    return async () => {
      await banco.db.delete(schema.perfilCampo).where(
        and(
          eq(schema.perfilCampo.perfilId, perfilId),
          inArray(
            schema.perfilCampo.campo,
            regras.map((r) => r.campo),
          ),
        ),
      );
      await novaVersao(perfilId);
    };
  };
  return {
    app,
    banco,
    req,
    criar: (url, payload, token) => criarPelaApi(req, url, payload, token),
    login,
    regrasCampo,
    loginAdmin: () => login(ADMIN_EMAIL, ADMIN_SENHA),
    logins: (...quem) =>
      Promise.all(
        quem.map((q) =>
          q === 'admin' ? login(ADMIN_EMAIL, ADMIN_SENHA) : login(q.includes('@') ? q : `${q}@sig.local`),
        ),
      ),
    fechar: async () => {
      await app.close();
      await banco.fechar();
    },
  };
}

/**
 * One app for the whole test file: created before its tests (`criarAppTeste`), closed after them.
 * The answer stands for that app inside hooks and tests.
 */
export function usarAppTeste(...argumentos: Parameters<typeof criarAppTeste>): AppTeste {
  let atual: AppTeste | undefined;
  beforeAll(async () => {
    atual = await criarAppTeste(...argumentos);
  });
  afterAll(() => atual?.fechar());
  return new Proxy({} as AppTeste, {
    get: (_, chave) => {
      if (!atual) throw new Error('the test app exists inside hooks and tests only');
      return atual[chave as keyof AppTeste];
    },
  });
}

/**
 * A file's request shorthand by position: method, URL, body, token (the file's usual user,
 * `padrao()`, unless told) and language.
 */
export const reqCom =
  (t: AppTeste, padrao: () => string) =>
  (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: object,
    token: string | undefined = padrao(),
    idioma?: string,
  ) =>
    t.req({ method, url, token, payload, idioma });
