/**
 * What the benches share: a throw-away database on the local PostgreSQL, the app served from a
 * child process over it (so the measuring process does not compete with it for the event loop),
 * sign-in and percentiles.
 */
import { type ChildProcess, fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { type AddressInfo, createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import autocannon, { type Opcoes, type Resultado } from 'autocannon';
import pg from 'pg';

export const ADMIN = { login: 'admin@sig.local', senha: 'Bench@2026x' };
export const SENHA_DEMO = 'Demo@2026';

export async function entrar(base: string, login: string, senha: string) {
  const r = await fetch(`${base}/api/Autenticacao/autenticar`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ login, senha }),
  });
  if (r.status !== 200) throw new Error(`sign-in of ${login}: ${r.status} ${await r.text()}`);
  return ((await r.json()) as { accessToken: string }).accessToken;
}

/** Nearest-rank percentile of the response times (ms). */
export const percentil = (tempos: number[], p: number) => {
  if (!tempos.length) return 0;
  const ordenados = Float64Array.from(tempos).sort();
  // To a tenth of a millisecond: finer is noise, and the tables print it as it comes.
  return Math.round(ordenados[Math.min(ordenados.length - 1, Math.ceil((p / 100) * ordenados.length) - 1)]! * 10) / 10;
};

/** A connection of the parent's to the bench's database (`comServidor`'s `nome`), to read it while measuring. */
export async function conectar(nome: string) {
  const u = new URL(process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test');
  u.pathname = `/${nome}`;
  const banco = new pg.Client({ connectionString: u.toString() });
  // The database is dropped with its connections when a step fails: that error is not the one to show.
  banco.on('error', () => undefined);
  await banco.connect();
  return banco;
}

/** Seconds of CPU (user + system) a process has used, from /proc (0 once it is gone; 100 ticks a second). */
function cpuDe(pid: number): number {
  try {
    const campos = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(campos[11]) + Number(campos[12])) / 100;
  } catch {
    return 0;
  }
}

/**
 * Where the CPU of a span went on a shared machine: the app's process, the backends of the bench's
 * own database (sampled each second, so a connection opened meanwhile counts too) and this process.
 */
export async function medirCpu(pidApp: number, banco: pg.Client) {
  const backends = async () =>
    (
      await banco.query<{ pid: number }>('select pid from pg_stat_activity where datname = current_database()')
    ).rows.map((r) => r.pid);
  const inicio = new Map((await backends()).map((pid) => [pid, cpuDe(pid)]));
  const ultimo = new Map(inicio);
  const amostrar = async () => {
    for (const pid of await backends()) ultimo.set(pid, Math.max(ultimo.get(pid) ?? 0, cpuDe(pid)));
  };
  const app = cpuDe(pidApp);
  const este = process.cpuUsage();
  const amostras = setInterval(() => void amostrar().catch(() => undefined), 1000);
  return async () => {
    clearInterval(amostras);
    await amostrar();
    let segundosBanco = 0;
    for (const [pid, fim] of ultimo) segundosBanco += fim - (inicio.get(pid) ?? 0);
    const e = process.cpuUsage(este);
    return {
      app: cpuDe(pidApp) - app,
      banco: segundosBanco,
      este: (e.user + e.system) / 1e6,
      carga: os.loadavg(),
    };
  };
}

type Pronto = { porta: number; geracao: string; pid: number } & Record<string, unknown>;

/**
 * Creates a database, forks `script` with `--servidor --url <db> --dados <dir>` plus `args`, and
 * runs `medir` once the child says which port it serves on; then stops it and drops the database
 * (unless `manter`).
 */
export async function comServidor(
  script: string,
  args: string[],
  /** `filho`: the server's process, for a bench that asks it something more over IPC. */
  medir: (base: string, pronto: Pronto, filho: ChildProcess) => Promise<void>,
  manter = false,
  /** A database name of the caller's (dropped first if it is there), instead of a random one. */
  nome?: string,
  /** A folder for the server's V8 CPU profile (`--cpu-prof`; bench/resumo-cpuprofile.ts reads it). */
  perfilCpu?: string,
) {
  const raiz = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const nomeBanco = nome ?? `sig_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: raiz });
  await admin.connect();
  if (nome) await admin.query(`drop database if exists "${nomeBanco}" with (force)`);
  await admin.query(`create database "${nomeBanco}"`);
  const u = new URL(raiz);
  u.pathname = `/${nomeBanco}`;
  const dados = mkdtempSync(path.join(os.tmpdir(), 'sig-bench-'));
  const filho = fork(script, ['--servidor', '--dados', dados, '--url', u.toString(), ...args], {
    execArgv: [...process.execArgv, ...(perfilCpu ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(perfilCpu)}`] : [])],
  });
  try {
    const pronto = await new Promise<Pronto>((resolve, reject) => {
      filho.once('message', (m) => resolve(m as Pronto));
      filho.once('exit', (c) => reject(new Error(`server exited with ${c}`)));
    });
    await medir(`http://127.0.0.1:${pronto.porta}`, pronto, filho);
  } finally {
    if (filho.connected) {
      const saiu = new Promise((r) => filho.once('exit', r));
      filho.send('parar');
      await saiu;
    }
    if (manter) console.log(`kept database ${nomeBanco}`);
    else await admin.query(`drop database if exists "${nomeBanco}" with (force)`);
    await admin.end();
    rmSync(dados, { recursive: true, force: true });
  }
}

/**
 * Child side: a migrated database with the base data and (unless told not to) the demo, `preparar` (the bench's
 * data), then the app on a free port (audit on), reported to the parent with the preparation time.
 */
export async function servir(
  url: string,
  dados: string,
  preparar: (db: import('@sig/db').Db) => Promise<Record<string, unknown> | undefined>,
  {
    demo = true,
    env = {},
    trabalhador = false,
    trabalhar = false,
  }: {
    demo?: boolean;
    /** More configuration (the payment provider's URL and key, say). */
    env?: Record<string, string>;
    /** Start the bulk-processing worker, as the real server does. */
    trabalhador?: boolean;
    /** Work the job layer's queues (mail, sendings), as a `SIG_ROLE=all` server does. */
    trabalhar?: boolean;
  } = {},
) {
  const { abrirBanco, migrar } = await import('@sig/db');
  const { garantirBase, semearDemo } = await import('@sig/db/seed');
  const { construirApp } = await import('../apps/api/src/app.js');
  const { lerConfig } = await import('../apps/api/src/config.js');
  const banco = await abrirBanco({ url, maxConexoes: 10 });
  await migrar(banco);
  await garantirBase(banco.db, { adminEmail: ADMIN.login, adminSenha: ADMIN.senha });
  if (demo) await semearDemo(banco.db);
  const inicio = Date.now();
  const extras = await preparar(banco.db);
  const geracao = `${((Date.now() - inicio) / 1000).toFixed(1)} s`;
  const config = lerConfig({
    SIG_ENV: 'production',
    SIG_SECRET: 'segredo-do-benchmark-com-32-caracteres',
    SIG_ADMIN_EMAIL: ADMIN.login,
    SIG_ADMIN_PASSWORD: ADMIN.senha,
    SIG_AUDIT: 'true',
    DATA_DIR: dados,
    LOG_LEVEL: 'silent',
    ...env,
  });
  const app = await construirApp({ config, banco, logger: false, trabalhar });
  await app.listen({ port: 0, host: '127.0.0.1' });
  if (trabalhador) app.lotes.iniciar();
  process.send!({ ...extras, porta: (app.server.address() as AddressInfo).port, geracao, pid: process.pid });
  process.on('message', async (m) => {
    if (m !== 'parar') return;
    await app.close();
    await banco.fechar();
    process.exit(0);
  });
}

export const portaLivre = () =>
  new Promise<number>((ok) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as AddressInfo;
      s.close(() => ok(port));
    });
  });

/** A CPF with valid check digits from a sequence number (`base` keeps one bench's apart from another's). */
export function cpfDaSequencia(n: number, base = 100_000_000): string {
  const d = String(base + n)
    .slice(-9)
    .split('')
    .map(Number);
  for (const k of [9, 10]) {
    let s = 0;
    for (let i = 0; i < k; i++) s += d[i]! * (k + 1 - i);
    const r = (s * 10) % 11;
    d.push(r === 10 ? 0 : r);
  }
  return d.join('');
}

/**
 * One measured burst: 2 s of warm-up, then `duracao` seconds with `conexoes` clients; the answer
 * times of the 200s (for percentil) beside autocannon's own result.
 */
export async function rajada(opcoes: Opcoes, conexoes: number, duracao: number) {
  await autocannon({ ...opcoes, connections: conexoes, duration: 2 });
  const tempos: number[] = [];
  const execucao = autocannon({ ...opcoes, connections: conexoes, duration: duracao });
  execucao.on('response', (_c, status, _b, ms) => {
    if (status === 200) tempos.push(ms);
  });
  const r: Resultado = await execucao;
  return { r, tempos };
}
