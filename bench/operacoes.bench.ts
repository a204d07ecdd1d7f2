/**
 * Operations at scale (bench/README.md, "Operations"; docs/deploy.md): backup and restore of a
 * generated database through the operator's commands, and the people search served by one API
 * process against two (SIG_ROLE=api, as systemd runs them) on the same database, same run.
 *
 *   DATABASE_URL=postgres://…/<db> SIG_ADMIN_PASSWORD=Bench@2026x npm run generate -- --people 1000000
 *   npx tsx bench/operacoes.bench.ts --banco postgres://…/<db> [--partes copia,escala] [--duracao 10] [--conexoes 32]
 *
 * Backup: `npm run backup -- --to FILE` (the CLI run as npm runs it, under /usr/bin/time for its
 * peak memory); restore: `npm run restore -- --from FILE` into a new database on the same server,
 * dropped afterwards. Scale: `apps/api/src/main.ts` started as one, then two, API processes (pool of
 * 10 each, audit on), autocannon's connections split evenly between the processes. The database
 * is left as it is.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon, { type Resultado } from 'autocannon';
import pg from 'pg';
import { ADMIN, entrar, percentil } from './comum.js';

const { values } = parseArgs({
  options: {
    banco: { type: 'string' },
    partes: { type: 'string', default: 'copia,escala' },
    duracao: { type: 'string', default: '10' },
    conexoes: { type: 'string', default: '32' },
  },
});
if (!values.banco) throw new Error('--banco postgres://… (a generated database) is required');
const banco = values.banco;
const partes = values.partes.split(',');
const raiz = path.resolve(import.meta.dirname, '..');
const pasta = mkdtempSync(path.join(os.tmpdir(), 'sig-bench-ops-'));

/** Runs a command under /usr/bin/time; answers its wall time (s), peak resident memory (MB) and output. */
function cronometrar(cmd: string[], env: Record<string, string>) {
  return new Promise<{ segundos: number; mb: number; saida: string }>((ok, falha) => {
    const filho = spawn('/usr/bin/time', ['-f', '__tempo %e %M', ...cmd], {
      cwd: raiz,
      env: { ...process.env, ...env },
    });
    let saida = '';
    filho.stdout.on('data', (d) => {
      saida += d;
    });
    filho.stderr.on('data', (d) => {
      saida += d;
    });
    filho.on('close', (codigo) => {
      const m = /__tempo ([\d.]+) (\d+)/.exec(saida);
      if (codigo !== 0 || !m) return falha(new Error(`${cmd.join(' ')} failed (${codigo}):\n${saida}`));
      ok({ segundos: Number(m[1]), mb: Math.round(Number(m[2]) / 1024), saida: saida.replace(m[0], '').trim() });
    });
  });
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

async function copia() {
  const c = new pg.Client({ connectionString: banco });
  await c.connect();
  const [{ pessoas, tamanho }] = (
    await c.query<{ pessoas: number; tamanho: string }>(
      'select (select count(*)::int from pessoa) as pessoas, pg_database_size(current_database())::text as tamanho',
    )
  ).rows as [{ pessoas: number; tamanho: string }];
  await c.end();
  console.log(`database: ${pessoas.toLocaleString('en')} people, ${mb(Number(tamanho))} on disk`);

  const arquivo = path.join(pasta, 'copia.zip');
  const copiaFeita = await cronometrar(['npm', 'run', 'backup', '--', '--to', arquivo], {
    DATABASE_URL: banco,
    DATA_DIR: path.join(pasta, 'origem'),
  });
  const bytes = statSync(arquivo).size;
  console.log(copiaFeita.saida.split('\n').at(-1));

  const alvo = new URL(banco);
  const nomeAlvo = `${alvo.pathname.slice(1)}_restauro`;
  alvo.pathname = '/postgres';
  const adm = new pg.Client({ connectionString: alvo.toString() });
  await adm.connect();
  await adm.query(`drop database if exists "${nomeAlvo}"`);
  await adm.query(`create database "${nomeAlvo}"`);
  alvo.pathname = `/${nomeAlvo}`;
  try {
    const restauro = await cronometrar(['npm', 'run', 'restore', '--', '--from', arquivo], {
      DATABASE_URL: alvo.toString(),
      DATA_DIR: path.join(pasta, 'destino'),
    });
    console.log(restauro.saida.split('\n').at(-1));
    console.log(
      '\n| people | database on disk | backup | peak memory | archive | restore (load + check) | peak memory |',
    );
    console.log('| ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
    console.log(
      `| ${pessoas.toLocaleString('en')} | ${mb(Number(tamanho))} | ${copiaFeita.segundos} s | ${copiaFeita.mb} MB | ${mb(bytes)} | ${restauro.segundos} s | ${restauro.mb} MB |\n`,
    );
  } finally {
    await adm.query(`drop database if exists "${nomeAlvo}" with (force)`);
    await adm.end();
  }
}

type Api = { porta: number; filho: ChildProcess; saida: string[] };

async function iniciarApi(porta: number): Promise<Api> {
  const filho = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/main.ts'], {
    cwd: raiz,
    env: {
      ...process.env,
      DATABASE_URL: banco,
      DATABASE_POOL_MAX: '10',
      PORT: String(porta),
      HOST: '127.0.0.1',
      SIG_ROLE: 'api',
      SIG_ENV: 'production',
      SIG_SECRET: 'segredo-do-benchmark-com-32-caracteres',
      SIG_ADMIN_PASSWORD: ADMIN.senha,
      SIG_AUDIT: 'true',
      DATA_DIR: path.join(pasta, `api-${porta}`),
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const api: Api = { porta, filho, saida: [] };
  filho.stdout!.on('data', (d) => api.saida.push(String(d)));
  filho.stderr!.on('data', (d) => api.saida.push(String(d)));
  const limite = Date.now() + 240_000;
  while (Date.now() < limite) {
    if (filho.exitCode !== null) throw new Error(`API on ${porta} ended: ${api.saida.join('')}`);
    if (
      await fetch(`http://127.0.0.1:${porta}/api/saude`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return api;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`API on ${porta} did not answer: ${api.saida.join('')}`);
}

/**
 * The people search the scale figure is about: a common name over the whole church and a rare one
 * (the database's work), and an exact CPF (little for the database: the API process's own work).
 */
const buscas = (cpf: string) => [
  { nome: "name 'silva', whole church", consulta: 'nome=silva' },
  { nome: "name 'helga kellermann', whole church", consulta: `nome=${encodeURIComponent('helga kellermann')}` },
  { nome: 'CPF, exact', consulta: `cpf=${cpf}` },
];

/** Every process under load at once, the connections split between them; answers the sum and the percentiles. */
async function carga(apis: Api[], consulta: string, token: string, duracao: number, conexoes: number) {
  const tempos: number[] = [];
  const resultados = await Promise.all(
    apis.map((a) => {
      const execucao = autocannon({
        url: `http://127.0.0.1:${a.porta}/api/pessoa/paginado?${consulta}`,
        headers: { authorization: `Bearer ${token}` },
        connections: Math.max(1, Math.round(conexoes / apis.length)),
        duration: duracao,
      });
      execucao.on('response', (_c, status, _b, ms) => {
        if (status >= 200 && status < 300) tempos.push(ms);
      });
      return execucao;
    }),
  );
  const soma = (f: (r: Resultado) => number) => resultados.reduce((s, r) => s + f(r), 0);
  return {
    reqPorS: Math.round(soma((r) => r.requests.average)),
    p50: percentil(tempos, 50),
    p95: percentil(tempos, 95),
    erros: soma((r) => r.non2xx + r.errors + r.timeouts),
  };
}

async function escala() {
  const duracao = Number(values.duracao);
  const conexoes = Number(values.conexoes);
  const porta = 47_000 + Math.floor(Math.random() * 1_000) * 2;
  const apis: Api[] = [];
  try {
    apis.push(await iniciarApi(porta));
    // One token serves both: a session lives in the database, not in the process that opened it.
    const token = await entrar(`http://127.0.0.1:${porta}`, ADMIN.login, ADMIN.senha);
    const c = new pg.Client({ connectionString: banco });
    await c.connect();
    const [{ cpf }] = (
      await c.query<{ cpf: string }>('select cpf from pessoa where cpf is not null order by id limit 1 offset 500000')
    ).rows as [{ cpf: string }];
    await c.end();
    const linhas: string[] = [];
    const rodada = async (rotulo: string) => {
      for (const b of buscas(cpf)) {
        await carga(apis, b.consulta, token, 2, conexoes); // warm-up (JIT, caches, pool)
        const r = await carga(apis, b.consulta, token, duracao, conexoes);
        const l = `| ${rotulo} | ${b.nome} | ${r.reqPorS} | ${r.p50} | ${r.p95} | ${r.erros} |`;
        console.log(l);
        linhas.push(l);
      }
    };
    await rodada('one API process');
    apis.push(await iniciarApi(porta + 1));
    await rodada('two API processes');
    console.log(
      `\n${os.cpus().length} cores, ${conexoes} connections in all, ${duracao} s, Node ${process.version}, ${new Date().toISOString()}\n`,
    );
    console.log('| setup | search | req/s | p50 ms | p95 ms | non-2xx + errors |');
    console.log('| --- | --- | ---: | ---: | ---: | ---: |');
    for (const l of linhas) console.log(l);
  } finally {
    for (const a of apis) a.filho.kill('SIGTERM');
  }
}

try {
  if (partes.includes('copia')) await copia();
  if (partes.includes('escala')) await escala();
} finally {
  rmSync(pasta, { recursive: true, force: true });
}
