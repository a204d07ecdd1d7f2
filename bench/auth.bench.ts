/**
 * Sign-in and authenticated-request throughput of the real app (bench/README.md).
 *
 *   npx tsx bench/auth.bench.ts [--pg] [--duracao 10] [--conexoes 32] [--alvos saude,login,autorizacao,perfil,permissoes]
 *                               [--perfil-cpu DIR]
 *
 * The app runs in a child process (so autocannon does not share its event loop) on
 * 127.0.0.1, over a migrated and demo-seeded database: PGlite in a temporary folder by
 * default, or with --pg a fresh database on the local PostgreSQL (BENCH_PG_URL, default
 * postgres://postgres@127.0.0.1:5432/test) that is dropped afterwards. Audit is on.
 */
import { fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import autocannon, { type Opcoes, type Resultado } from 'autocannon';
import pg from 'pg';

const ADMIN = { login: 'admin@sig.local', senha: 'Bench@2026x' };

const { values } = parseArgs({
  options: {
    pg: { type: 'boolean', default: false },
    duracao: { type: 'string', default: '10' },
    conexoes: { type: 'string', default: '32' },
    alvos: { type: 'string' },
    servidor: { type: 'boolean', default: false },
    url: { type: 'string' },
    dados: { type: 'string' },
    /** Folder for a V8 CPU profile of the server (--cpu-prof), to see where the time goes. */
    'perfil-cpu': { type: 'string' },
  },
});

/** Child process: the app as `main.ts` builds it, audit on, no logging. */
async function servir() {
  const { abrirBanco, migrar } = await import('@sig/db');
  const { garantirBase, semearDemo } = await import('@sig/db/seed');
  const { construirApp } = await import('../apps/api/src/app.js');
  const { lerConfig } = await import('../apps/api/src/config.js');
  const dados = values.dados!;
  const banco = await abrirBanco(
    values.url ? { url: values.url, maxConexoes: 10 } : { dataDir: path.join(dados, 'pglite') },
  );
  await migrar(banco);
  await garantirBase(banco.db, { adminEmail: ADMIN.login, adminSenha: ADMIN.senha });
  await semearDemo(banco.db);
  const config = lerConfig({
    SIG_ENV: 'production',
    SIG_SECRET: 'segredo-do-benchmark-com-32-caracteres',
    SIG_ADMIN_EMAIL: ADMIN.login,
    SIG_ADMIN_PASSWORD: ADMIN.senha,
    SIG_AUDIT: 'true',
    DATA_DIR: dados,
    LOG_LEVEL: 'silent',
  });
  const app = await construirApp({ config, banco, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  process.send!({ porta: (app.server.address() as AddressInfo).port, banco: banco.tipo });
  process.on('message', async (m) => {
    if (m !== 'parar') return;
    await app.close();
    await banco.fechar();
    process.exit(0);
  });
}

type Alvo = { id: string; nome: string; opcoes: (base: string, token: string, perfilId: number) => Opcoes };

const ALVOS: Alvo[] = [
  {
    // The ceiling: HTTP + Fastify + zod serialization, no session and no database.
    id: 'saude',
    nome: 'GET /api/saude (public, no database)',
    opcoes: (base) => ({ url: `${base}/api/saude` }),
  },
  {
    id: 'login',
    nome: 'POST /api/Autenticacao/autenticar (sign-in, scrypt)',
    opcoes: (base) => ({
      url: `${base}/api/Autenticacao/autenticar`,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(ADMIN),
    }),
  },
  {
    id: 'autorizacao',
    nome: 'PUT /api/Autenticacao/autorizacao',
    opcoes: (base, token) => ({
      url: `${base}/api/Autenticacao/autorizacao`,
      method: 'PUT',
      headers: { authorization: `Bearer ${token}` },
    }),
  },
  {
    id: 'perfil',
    nome: 'GET /api/perfil/:id',
    opcoes: (base, token, id) => ({ url: `${base}/api/perfil/${id}`, headers: { authorization: `Bearer ${token}` } }),
  },
  {
    id: 'permissoes',
    nome: 'GET /api/perfil/:id/permissoes-acesso',
    opcoes: (base, token, id) => ({
      url: `${base}/api/perfil/${id}/permissoes-acesso`,
      headers: { authorization: `Bearer ${token}` },
    }),
  },
];

type Linha = {
  alvo: string;
  reqPorS: number;
  p50: number;
  p975: number;
  p99: number;
  total: number;
  non2xx: number;
  erros: number;
};

async function medir() {
  const duracao = Number(values.duracao);
  const conexoes = Number(values.conexoes);
  const escolhidos = values.alvos?.split(',');
  const dados = mkdtempSync(path.join(os.tmpdir(), 'sig-bench-'));
  let urlBanco: string | undefined;
  let admin: pg.Client | undefined;
  let nomeBanco = '';
  if (values.pg) {
    const raiz = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
    nomeBanco = `sig_bench_${randomBytes(4).toString('hex')}`;
    admin = new pg.Client({ connectionString: raiz });
    await admin.connect();
    await admin.query(`create database "${nomeBanco}"`);
    const u = new URL(raiz);
    u.pathname = `/${nomeBanco}`;
    urlBanco = u.toString();
  }
  const filho = fork(
    fileURLToPath(import.meta.url),
    ['--servidor', '--dados', dados, ...(urlBanco ? ['--url', urlBanco] : [])],
    {
      execArgv: [
        ...process.execArgv,
        ...(values['perfil-cpu'] ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(values['perfil-cpu'])}`] : []),
      ],
    },
  );
  const limpar = async () => {
    if (filho.connected) {
      const saiu = new Promise((r) => filho.once('exit', r));
      filho.send('parar');
      await saiu;
    }
    if (admin) {
      await admin.query(`drop database if exists "${nomeBanco}" with (force)`);
      await admin.end();
    }
    rmSync(dados, { recursive: true, force: true });
  };
  try {
    const pronto = await new Promise<{ porta: number; banco: string }>((resolve, reject) => {
      filho.once('message', (m) => resolve(m as { porta: number; banco: string }));
      filho.once('exit', (c) => reject(new Error(`server exited with ${c}`)));
    });
    const base = `http://127.0.0.1:${pronto.porta}`;
    const r = await fetch(`${base}/api/Autenticacao/autenticar`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(ADMIN),
    });
    const { accessToken: token } = (await r.json()) as { accessToken: string };
    const aut = await fetch(`${base}/api/Autenticacao/autorizacao`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${token}` },
    });
    const { perfilId } = (await aut.json()) as { perfilId: number };

    const linhas: Linha[] = [];
    for (const alvo of ALVOS) {
      if (escolhidos && !escolhidos.includes(alvo.id)) continue;
      const opcoes = alvo.opcoes(base, token, perfilId);
      // A route that is not there yet (module still in progress) is skipped, not measured as 404s.
      const sonda = await fetch(opcoes.url, {
        method: opcoes.method ?? 'GET',
        headers: opcoes.headers,
        body: opcoes.body,
      });
      await sonda.arrayBuffer();
      if (sonda.status === 404) {
        console.log(`skip ${alvo.nome}: 404`);
        continue;
      }
      if (sonda.status >= 400) throw new Error(`${alvo.nome}: probe answered ${sonda.status}`);
      await autocannon({ ...opcoes, connections: conexoes, duration: 2 }); // warm-up (JIT, caches, pool)
      const res: Resultado = await autocannon({ ...opcoes, connections: conexoes, duration: duracao });
      const l: Linha = {
        alvo: alvo.nome,
        reqPorS: Math.round(res.requests.average),
        p50: res.latency.p50,
        p975: res.latency.p97_5,
        p99: res.latency.p99,
        total: res.requests.total,
        non2xx: res.non2xx,
        erros: res.errors + res.timeouts,
      };
      linhas.push(l);
      console.log(`${alvo.nome}: ${l.reqPorS} req/s, p50 ${l.p50} ms, p97.5 ${l.p975} ms, p99 ${l.p99} ms`);
    }
    const tabela = [
      `| route | req/s | p50 ms | p97.5 ms | p99 ms | requests | non-2xx | errors |`,
      `| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |`,
      ...linhas.map(
        (l) => `| ${l.alvo} | ${l.reqPorS} | ${l.p50} | ${l.p975} | ${l.p99} | ${l.total} | ${l.non2xx} | ${l.erros} |`,
      ),
    ].join('\n');
    const cabecalho = `${pronto.banco}, ${conexoes} connections, ${duracao} s, ${os.cpus().length} cores, Node ${process.version}, ${new Date().toISOString()}`;
    console.log(`\n${cabecalho}\n\n${tabela}`);
    const arquivo = path.join(path.dirname(fileURLToPath(import.meta.url)), `resultado-auth-${pronto.banco}.md`);
    writeFileSync(arquivo, `${cabecalho}\n\n${tabela}\n`);
  } finally {
    await limpar();
  }
}

if (values.servidor) await servir();
else await medir();
