/**
 * Several processes, one system (docs/deploy.md): two API processes and two workers on one
 * PostgreSQL database, each on its own port, as systemd would run them. Needs a PostgreSQL server
 * on which it creates (and drops) a database of its own: SIG_TEST_PG_MULTI (`.ci/run` sets it).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const servidor = process.env.SIG_TEST_PG_MULTI;
const SENHA_DEMO = 'Demo@2026';

type Processo = { nome: string; porta: number; filho: ChildProcess; saida: string[] };

describe.skipIf(!servidor)('two API processes and two workers on one PostgreSQL', () => {
  const nome = `sig_ops_mp_${randomBytes(4).toString('hex')}`;
  const base = 41_000 + Math.floor(Math.random() * 2_000) * 4;
  const pasta = mkdtempSync(path.join(os.tmpdir(), 'sig-multi-'));
  const processos: Processo[] = [];
  let url: string;
  let db: pg.Client;

  const iniciar = (nomeProc: string, papel: 'api' | 'worker', porta: number, semear: boolean): Processo => {
    const filho = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/main.ts'], {
      env: {
        ...process.env,
        DATABASE_URL: url,
        DATABASE_POOL_MAX: '4',
        PORT: String(porta),
        HOST: '127.0.0.1',
        SIG_ROLE: papel,
        SIG_ENV: 'development',
        SIG_SECRET: 'segredo-de-teste-com-32-caracteres!!',
        SIG_ADMIN_PASSWORD: 'Admin@12345',
        SIG_SEED_DEMO: String(semear),
        SIG_JOBS_POLL_SECONDS: '0.5',
        DATA_DIR: path.join(pasta, nomeProc),
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const p = { nome: nomeProc, porta, filho, saida: [] as string[] };
    filho.stdout!.on('data', (d) => p.saida.push(String(d)));
    filho.stderr!.on('data', (d) => p.saida.push(String(d)));
    processos.push(p);
    return p;
  };

  const pronto = async (p: Processo) => {
    const limite = Date.now() + 240_000;
    while (Date.now() < limite) {
      if (p.filho.exitCode !== null) throw new Error(`${p.nome} ended: ${p.saida.join('')}`);
      const ok = await fetch(`http://127.0.0.1:${p.porta}/api/saude`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) return;
      await new Promise((r) => setTimeout(r, 500));
    }
    throw new Error(`${p.nome} did not answer: ${p.saida.join('')}`);
  };

  const api = (p: Processo, metodo: string, rota: string, corpo?: object, token?: string) =>
    fetch(`http://127.0.0.1:${p.porta}/api${rota}`, {
      method: metodo,
      headers: {
        ...(corpo ? { 'content-type': 'application/json' } : {}),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: corpo ? JSON.stringify(corpo) : undefined,
    });

  beforeAll(async () => {
    db = new pg.Client({ connectionString: servidor });
    await db.connect();
    await db.query(`create database "${nome}"`);
    const u = new URL(servidor!);
    u.pathname = `/${nome}`;
    url = u.toString();
    // The first API migrates and loads the demo; then the others, one after another (on a loaded
    // machine four starting at once exceed Fastify's ten seconds for registering the routes).
    await pronto(iniciar('api-1', 'api', base, true));
    await pronto(iniciar('api-2', 'api', base + 1, false));
    await pronto(iniciar('worker-1', 'worker', base + 2, false));
    await pronto(iniciar('worker-2', 'worker', base + 3, false));
  }, 600_000);

  afterAll(async () => {
    for (const p of processos) if (p.filho.exitCode === null) p.filho.kill('SIGKILL');
    await db.query(`drop database if exists "${nome}" with (force)`);
    await db.end();
    rmSync(pasta, { recursive: true, force: true });
  });

  it('reports one version and migration from every process', async () => {
    const saudes = await Promise.all(processos.map(async (p) => (await api(p, 'GET', '/saude')).json()));
    expect(new Set(saudes.map((s) => `${s.versao} ${s.migracao}`)).size).toBe(1);
    expect(saudes[0].migracao).toMatch(/^\d{4}_/);
  });

  it('refuses on one API a session revoked on the other', async () => {
    const [api1, api2] = processos as [Processo, Processo];
    const r = await api(api1, 'POST', '/Autenticacao/autenticar', { login: 'sinodo@sig.local', senha: SENHA_DEMO });
    expect(r.status).toBe(200);
    const { accessToken } = (await r.json()) as { accessToken: string };
    expect((await api(api2, 'PUT', '/Autenticacao/autorizacao', undefined, accessToken)).status).toBe(200);
    expect((await api(api1, 'PUT', '/Autenticacao/invalidar-token', undefined, accessToken)).status).toBe(200);
    expect((await api(api2, 'PUT', '/Autenticacao/autorizacao', undefined, accessToken)).status).toBe(401);
  });

  it('holds the sign-in lock across both APIs', async () => {
    const [api1, api2] = processos as [Processo, Processo];
    const errada = { login: 'paroquia@sig.local', senha: 'errada-123' };
    // Three failures (the free ones of an account and origin), split between the processes.
    for (const p of [api1, api2, api1])
      expect((await api(p, 'POST', '/Autenticacao/autenticar', errada)).status).toBe(401);
    // Counted per process, API 2 would have seen one failure and let the right password in.
    const certa = await api(api2, 'POST', '/Autenticacao/autenticar', { ...errada, senha: SENHA_DEMO });
    expect(certa.status).toBe(429);
  });

  it('runs the overdue marking sent at start once, however many workers started', async () => {
    const limite = Date.now() + 60_000;
    let estados: string[] = [];
    while (Date.now() < limite) {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      const r = await c.query<{ state: string }>(
        `select state::text as state from pgboss.job where name = 'receber.marcar-vencidas'`,
      );
      await c.end();
      estados = r.rows.map((x) => x.state);
      if (estados.includes('completed')) break;
      await new Promise((res) => setTimeout(res, 500));
    }
    expect(estados).toEqual(['completed']);
  });
});
