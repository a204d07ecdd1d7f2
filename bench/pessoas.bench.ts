/**
 * People list and search throughput of the real app over a generated national data set
 * (bench/README.md, "People search").
 *
 *   npx tsx bench/pessoas.bench.ts [--pg] [--pessoas 1000000] [--duracao 10] [--conexoes 32]
 *                                  [--alvos nome-comum,nome-raro,sinodo,sinodo-secretaria,cpf,paroquia,pessoa,selecao]
 *                                  [--banco URL | --pasta DIR] [--perfil-cpu DIR]
 *
 * The app runs in a child process (so autocannon does not share its event loop) on
 * 127.0.0.1, audit on, over a database filled by the generator (`gerar`, as
 * `npm run generate` does): PGlite in a temporary folder by default, or with --pg a fresh
 * database on the local PostgreSQL (BENCH_PG_URL, default postgres://postgres@127.0.0.1:5432/test)
 * that is dropped afterwards. To measure again without generating again, keep a generated
 * database and pass it: --banco postgres://…/db or --pasta DIR (a DATA_DIR); it must have been
 * generated with SIG_ADMIN_PASSWORD=Bench@2026x, and it is left as it is.
 *
 * Each scenario: 2 s warm-up, then --duracao seconds with --conexoes connections. p95 is
 * computed from every 2xx response time (autocannon's summary has p90 and p97.5, not p95).
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
/** The synod of the subtree scenarios (one of the largest) and its secretary (generator's user). */
const SINODO = 'Sínodo Rio dos Sinos';
const SECRETARIA = { login: 'sinodo-rio-dos-sinos@sig.local', senha: 'Demo@2026' };
/** A common surname (~1.1 % of the people each) and a rarer full name (~1 in 10,000). */
const NOME_COMUM = 'silva';
const NOME_SUBARVORE = 'schmidt';
const NOME_RARO = 'helga kellermann';

const { values } = parseArgs({
  options: {
    pg: { type: 'boolean', default: false },
    pessoas: { type: 'string' },
    duracao: { type: 'string', default: '10' },
    conexoes: { type: 'string', default: '32' },
    alvos: { type: 'string' },
    banco: { type: 'string' },
    pasta: { type: 'string' },
    servidor: { type: 'boolean', default: false },
    url: { type: 'string' },
    dados: { type: 'string' },
    /** Folder for a V8 CPU profile of the server (--cpu-prof), to see where the time goes. */
    'perfil-cpu': { type: 'string' },
  },
});

/** What the scenarios need from the data: ids and a CPF, found by the child on its database. */
type Parametros = { sinodoId: number; paroquiaId: number; paroquiaPessoas: number; cpf: string; pessoaId: number };
type Pronto = { porta: number; banco: string; pessoas: number; parametros: Parametros; geracao?: string };

/** Child process: generates when the database is new, then serves the app as `main.ts` builds it. */
async function servir() {
  const { sql } = await import('drizzle-orm');
  const { abrirBanco, migrar } = await import('@sig/db');
  const { garantirBase } = await import('@sig/db/seed');
  const { gerar } = await import('../packages/db/src/seed/gerador.js');
  const { construirApp } = await import('../apps/api/src/app.js');
  const { lerConfig } = await import('../apps/api/src/config.js');
  const dados = values.dados!;
  const banco = await abrirBanco(
    values.url ? { url: values.url, maxConexoes: 10 } : { dataDir: path.join(dados, 'pglite') },
  );
  const linhas = async <T>(q: ReturnType<typeof sql>) => ((await banco.db.execute(q)) as unknown as { rows: T[] }).rows;
  await migrar(banco);
  await garantirBase(banco.db, { adminEmail: ADMIN.login, adminSenha: ADMIN.senha });
  let geracao: string | undefined;
  const [{ n: existentes }] = await linhas<{ n: number }>(sql`select count(*)::int as n from pessoa`);
  if (existentes <= 1) {
    const inicio = Date.now();
    await gerar(banco.db, { pessoas: Number(values.pessoas), log: (m) => console.log(`  generator: ${m}`) });
    geracao = `${((Date.now() - inicio) / 1000).toFixed(1)} s`;
  }
  const [{ n: pessoas }] = await linhas<{ n: number }>(sql`select count(*)::int as n from pessoa`);
  const [sinodo] = await linhas<{ id: number }>(sql`select id from organizacao where nome_fantasia = ${SINODO}`);
  // The parish with most people (the heaviest list of its kind).
  const [paroquia] = await linhas<{ id: number; n: number }>(sql`select o.organizacao_pai_id as id, count(*)::int as n
    from pessoa p join organizacao o on o.id = p.organizacao_id join organizacao q on q.id = o.organizacao_pai_id
    where q.nivel = 2 group by 1 order by 2 desc, 1 limit 1`);
  // A holder in the middle of the table, with address, contacts and family.
  const [pessoa] = await linhas<{ id: number; cpf: string }>(sql`select p.id, p.cpf from pessoa p
    where p.id >= (select (min(id) + max(id)) / 2 from pessoa) and p.titular and p.cpf is not null
      and exists (select 1 from pessoa_familia f where f.pessoa_id = p.id)
    order by p.id limit 1`);
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
  const pronto: Pronto = {
    porta: (app.server.address() as AddressInfo).port,
    banco: banco.tipo,
    pessoas,
    geracao,
    parametros: {
      sinodoId: sinodo!.id,
      paroquiaId: paroquia!.id,
      paroquiaPessoas: paroquia!.n,
      cpf: pessoa!.cpf,
      pessoaId: pessoa!.id,
    },
  };
  process.send!(pronto);
  process.on('message', async (m) => {
    if (m !== 'parar') return;
    await app.close();
    await banco.fechar();
    process.exit(0);
  });
}

type Tokens = { admin: string; secretaria: string };
type Alvo = { id: string; nome: (p: Parametros) => string; opcoes: (base: string, t: Tokens, p: Parametros) => Opcoes };

const get = (url: string, token: string): Opcoes => ({ url, headers: { authorization: `Bearer ${token}` } });
const lista = (base: string, consulta: string) => `${base}/api/pessoa/paginado?${consulta}`;

const ALVOS: Alvo[] = [
  {
    id: 'nome-comum',
    nome: () => `name '${NOME_COMUM}', whole church (administrator)`,
    opcoes: (base, t) => get(lista(base, `nome=${encodeURIComponent(NOME_COMUM)}`), t.admin),
  },
  {
    id: 'nome-raro',
    nome: () => `name '${NOME_RARO}', whole church (administrator)`,
    opcoes: (base, t) => get(lista(base, `nome=${encodeURIComponent(NOME_RARO)}`), t.admin),
  },
  {
    id: 'sinodo',
    nome: () => `name '${NOME_SUBARVORE}', one synod's subtree (administrator, organizacaoId)`,
    opcoes: (base, t, p) =>
      get(lista(base, `nome=${encodeURIComponent(NOME_SUBARVORE)}&organizacaoId=${p.sinodoId}`), t.admin),
  },
  {
    id: 'sinodo-secretaria',
    nome: () => `name '${NOME_SUBARVORE}', synod secretary (own scope)`,
    opcoes: (base, t) => get(lista(base, `nome=${encodeURIComponent(NOME_SUBARVORE)}`), t.secretaria),
  },
  {
    id: 'cpf',
    nome: () => 'CPF, exact (administrator)',
    opcoes: (base, t, p) => get(lista(base, `cpf=${p.cpf}`), t.admin),
  },
  {
    id: 'paroquia',
    nome: (p) => `largest parish (${p.paroquiaPessoas.toLocaleString('en')} people), no name, first page by name`,
    opcoes: (base, t, p) => get(lista(base, `organizacaoId=${p.paroquiaId}`), t.admin),
  },
  {
    id: 'pessoa',
    nome: () => 'GET /api/pessoa/:id (record with its tabs)',
    opcoes: (base, t, p) => get(`${base}/api/pessoa/${p.pessoaId}`, t.admin),
  },
  {
    id: 'selecao',
    nome: () => `selector GET /api/pessoa/select?busca=${NOME_COMUM}`,
    opcoes: (base, t) => get(`${base}/api/pessoa/select?busca=${encodeURIComponent(NOME_COMUM)}`, t.admin),
  },
];

type Linha = {
  alvo: string;
  reqPorS: number;
  p50: number;
  p95: number;
  p975: number;
  p99: number;
  total: number;
  non2xx: number;
  erros: number;
};

async function entrar(base: string, credenciais: { login: string; senha: string }) {
  const r = await fetch(`${base}/api/Autenticacao/autenticar`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(credenciais),
  });
  if (r.status !== 200) throw new Error(`sign-in of ${credenciais.login}: ${r.status} ${await r.text()}`);
  const { accessToken } = (await r.json()) as { accessToken: string };
  const aut = await fetch(`${base}/api/Autenticacao/autorizacao`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${accessToken}` },
  });
  await aut.arrayBuffer();
  return accessToken;
}

/** The 95th percentile of the response times (ms), nearest-rank. */
const percentil = (tempos: number[], p: number) => {
  if (!tempos.length) return 0;
  const ordenados = Float64Array.from(tempos).sort();
  return ordenados[Math.min(ordenados.length - 1, Math.ceil((p / 100) * ordenados.length) - 1)]!;
};

async function medir() {
  const duracao = Number(values.duracao);
  const conexoes = Number(values.conexoes);
  const escolhidos = values.alvos?.split(',');
  const pessoasPedidas = Number(values.pessoas ?? (values.pg ? 1_000_000 : 100_000));
  const dados = values.pasta ?? mkdtempSync(path.join(os.tmpdir(), 'sig-bench-pessoas-'));
  let urlBanco = values.banco;
  let admin: pg.Client | undefined;
  let nomeBanco = '';
  if (values.pg && !values.banco) {
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
    ['--servidor', '--dados', dados, '--pessoas', String(pessoasPedidas), ...(urlBanco ? ['--url', urlBanco] : [])],
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
    if (!values.pasta) rmSync(dados, { recursive: true, force: true });
  };
  try {
    const pronto = await new Promise<Pronto>((resolve, reject) => {
      filho.once('message', (m) => resolve(m as Pronto));
      filho.once('exit', (c) => reject(new Error(`server exited with ${c}`)));
    });
    if (pronto.geracao) console.log(`generated ${pronto.pessoas.toLocaleString('en')} people in ${pronto.geracao}`);
    const base = `http://127.0.0.1:${pronto.porta}`;
    const tokens: Tokens = { admin: await entrar(base, ADMIN), secretaria: await entrar(base, SECRETARIA) };
    const p = pronto.parametros;

    const linhas: Linha[] = [];
    for (const alvo of ALVOS) {
      if (escolhidos && !escolhidos.includes(alvo.id)) continue;
      const opcoes = alvo.opcoes(base, tokens, p);
      const sonda = await fetch(opcoes.url, { headers: opcoes.headers });
      const corpo = (await sonda.json()) as { total?: number; itens?: unknown[] } | unknown[];
      if (sonda.status >= 400) throw new Error(`${alvo.id}: probe answered ${sonda.status}`);
      const achados = Array.isArray(corpo) ? `${corpo.length} options` : `total ${corpo.total ?? '-'}`;
      await autocannon({ ...opcoes, connections: conexoes, duration: 2 }); // warm-up (JIT, caches, pool)
      const tempos: number[] = [];
      const execucao = autocannon({ ...opcoes, connections: conexoes, duration: duracao });
      execucao.on('response', (_c, status, _b, ms) => {
        if (status >= 200 && status < 300) tempos.push(ms);
      });
      const res: Resultado = await execucao;
      const l: Linha = {
        alvo: `${alvo.nome(p)} [${achados}]`,
        reqPorS: Math.round(res.requests.average),
        p50: res.latency.p50,
        p95: Math.round(percentil(tempos, 95) * 10) / 10,
        p975: res.latency.p97_5,
        p99: res.latency.p99,
        total: res.requests.total,
        non2xx: res.non2xx,
        erros: res.errors + res.timeouts,
      };
      linhas.push(l);
      console.log(
        `${l.alvo}: ${l.reqPorS} req/s, p50 ${l.p50} ms, p95 ${l.p95} ms, p97.5 ${l.p975} ms, p99 ${l.p99} ms` +
          (l.non2xx || l.erros ? ` (${l.non2xx} non-2xx, ${l.erros} errors)` : ''),
      );
    }
    const tabela = [
      `| scenario | req/s | p50 ms | p95 ms | p97.5 ms | p99 ms | requests | non-2xx | errors |`,
      `| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |`,
      ...linhas.map(
        (l) =>
          `| ${l.alvo} | ${l.reqPorS} | ${l.p50} | ${l.p95} | ${l.p975} | ${l.p99} | ${l.total} | ${l.non2xx} | ${l.erros} |`,
      ),
    ].join('\n');
    const cabecalho = `${pronto.banco}, ${pronto.pessoas.toLocaleString('en')} people, ${conexoes} connections, ${duracao} s, ${os.cpus().length} cores, Node ${process.version}, ${new Date().toISOString()}`;
    console.log(`\n${cabecalho}\n\n${tabela}`);
    const arquivo = path.join(path.dirname(fileURLToPath(import.meta.url)), `resultado-pessoas-${pronto.banco}.md`);
    writeFileSync(arquivo, `${cabecalho}\n\n${tabela}\n`);
  } finally {
    await limpar();
  }
}

if (values.servidor) await servir();
else await medir();
