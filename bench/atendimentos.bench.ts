/**
 * The first page of each service-ticket queue over 200,000 tickets (issue 6 §7: p95 ≤ 50 ms,
 * 16 clients, PostgreSQL). bench/README.md, "Service tickets".
 *
 *   npx tsx bench/atendimentos.bench.ts [--atendimentos 200000] [--duracao 10] [--conexoes 16]
 *
 * A fresh database on the local PostgreSQL (BENCH_PG_URL, default
 * postgres://postgres@127.0.0.1:5432/test) gets the demo data and the tickets, spread over the
 * demo organizations as a national church would have them: each asks its synod, most are
 * triaged to one of a few teams, a tenth come from the demo parish secretary. The app runs in a
 * child process (audit on); each queue: 2 s warm-up, then --duracao seconds. The database is
 * dropped afterwards.
 */
import { fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import autocannon, { type Resultado } from 'autocannon';
import pg from 'pg';

const ADMIN = { login: 'admin@sig.local', senha: 'Bench@2026x' };
const SENHA_DEMO = 'Demo@2026';

const { values } = parseArgs({
  options: {
    atendimentos: { type: 'string', default: '200000' },
    duracao: { type: 'string', default: '10' },
    conexoes: { type: 'string', default: '16' },
    servidor: { type: 'boolean', default: false },
    url: { type: 'string' },
    dados: { type: 'string' },
    /** Keep the generated database (its name is printed), to look at plans. */
    manter: { type: 'boolean', default: false },
  },
});

/** Child process: migrates, seeds the demo, generates the tickets in SQL, then serves the app. */
async function servir() {
  const { sql } = await import('drizzle-orm');
  const { abrirBanco, migrar } = await import('@sig/db');
  const { garantirBase, semearDemo } = await import('@sig/db/seed');
  const { construirApp } = await import('../apps/api/src/app.js');
  const { lerConfig } = await import('../apps/api/src/config.js');
  const banco = await abrirBanco({ url: values.url!, maxConexoes: 10 });
  await migrar(banco);
  await garantirBase(banco.db, { adminEmail: ADMIN.login, adminSenha: ADMIN.senha });
  await semearDemo(banco.db);
  const inicio = Date.now();
  // Two more teams besides the demo one (whose member is the demo agent), and the tickets:
  // origin a community or parish, destination its synod, requester one of the demo users.
  await banco.db.execute(sql`insert into time (nome) values ('Tesouraria do Sínodo'), ('Secretaria Geral')`);
  await banco.db.execute(sql`
    with orgs as (
      select o.id, s.id as sinodo, row_number() over (order by o.id) as n, count(*) over () as total
      from organizacao o join organizacao s on o.caminho like s.caminho || '%' and s.nivel = 1
      where o.nivel >= 2),
    usuarios as (select array_agg(id order by id) as ids from usuario),
    times as (select array_agg(id order by id) as ids from time),
    paroquia as (select u.id as usuario, uo.organizacao_id as org, s.id as sinodo
      from usuario u join usuario_organizacao uo on uo.usuario_id = u.id and uo.padrao
      join organizacao o on o.id = uo.organizacao_id
      join organizacao s on o.caminho like s.caminho || '%' and s.nivel = 1
      where u.email = 'paroquia@sig.local'),
    categoria as (select min(id) as id from categoria_atendimento)
    insert into atendimento (protocolo, assunto, descricao, categoria_atendimento_id, solicitante_usuario_id,
      organizacao_origem_id, organizacao_destino_id, time_id, responsavel_usuario_id, status, criado_em)
    select '2026-' || lpad(g::text, 6, '0'), 'Pedido ' || g, 'Descrição do pedido ' || g, categoria.id,
      case when g % 10 = 0 then paroquia.usuario else usuarios.ids[1 + g % array_length(usuarios.ids, 1)] end,
      case when g % 10 = 0 then paroquia.org else orgs.id end,
      case when g % 10 = 0 then paroquia.sinodo else orgs.sinodo end,
      case when g % 10 < 3 then null else times.ids[1 + g % array_length(times.ids, 1)] end,
      usuarios.ids[1 + (g / 7) % array_length(usuarios.ids, 1)],
      (array['ABERTO','EM_ANALISE','EM_ANDAMENTO','APROVADO','REGISTRADO','CANCELADO','CONCLUIDO','INCOMPLETO'])[1 + g % 8],
      now() - (g || ' minutes')::interval
    from generate_series(1, ${Number(values.atendimentos)}) g
    join orgs on orgs.n = 1 + g % orgs.total
    cross join usuarios cross join times cross join paroquia cross join categoria`);
  await banco.db.execute(
    sql`select setval(pg_get_serial_sequence('atendimento', 'id'), (select max(id) from atendimento))`,
  );
  await banco.db.execute(sql`analyze`);
  const geracao = `${((Date.now() - inicio) / 1000).toFixed(1)} s`;
  const dados = values.dados!;
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
  process.send!({ porta: (app.server.address() as AddressInfo).port, geracao });
  process.on('message', async (m) => {
    if (m !== 'parar') return;
    await app.close();
    await banco.fechar();
    process.exit(0);
  });
}

async function entrar(base: string, login: string, senha: string) {
  const r = await fetch(`${base}/api/Autenticacao/autenticar`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ login, senha }),
  });
  if (r.status !== 200) throw new Error(`sign-in of ${login}: ${r.status} ${await r.text()}`);
  return ((await r.json()) as { accessToken: string }).accessToken;
}

/** Nearest-rank percentile of the response times (ms). */
const percentil = (tempos: number[], p: number) => {
  if (!tempos.length) return 0;
  const ordenados = Float64Array.from(tempos).sort();
  return ordenados[Math.min(ordenados.length - 1, Math.ceil((p / 100) * ordenados.length) - 1)]!;
};

async function medir() {
  const raiz = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const nomeBanco = `sig_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: raiz });
  await admin.connect();
  await admin.query(`create database "${nomeBanco}"`);
  const u = new URL(raiz);
  u.pathname = `/${nomeBanco}`;
  const dados = mkdtempSync(path.join(os.tmpdir(), 'sig-bench-atendimentos-'));
  const filho = fork(fileURLToPath(import.meta.url), [
    '--servidor',
    '--dados',
    dados,
    '--url',
    u.toString(),
    '--atendimentos',
    values.atendimentos!,
  ]);
  try {
    const pronto = await new Promise<{ porta: number; geracao: string }>((resolve, reject) => {
      filho.once('message', (m) => resolve(m as { porta: number; geracao: string }));
      filho.once('exit', (c) => reject(new Error(`server exited with ${c}`)));
    });
    console.log(`generated ${Number(values.atendimentos).toLocaleString('en')} tickets in ${pronto.geracao}`);
    const base = `http://127.0.0.1:${pronto.porta}`;
    const tokens = {
      admin: await entrar(base, ADMIN.login, ADMIN.senha),
      paroquia: await entrar(base, 'paroquia@sig.local', SENHA_DEMO),
      atendimento: await entrar(base, 'atendimento@sig.local', SENHA_DEMO),
    };
    const alvos: [string, string, keyof typeof tokens][] = [
      ['my tickets (parish secretary)', 'atendimento-meus-atendimentos', 'paroquia'],
      ['inbox (synod agent)', 'atendimento-caixa-entrada', 'atendimento'],
      ['triage (synod agent)', 'atendimento-triagem', 'atendimento'],
      ['general (synod agent)', 'atendimento-solicitacoes-geral', 'atendimento'],
      ['general (administrator, whole church)', 'atendimento-solicitacoes-geral', 'admin'],
    ];
    const conexoes = Number(values.conexoes);
    const duracao = Number(values.duracao);
    console.log('| queue, first page of 10 | total | req/s | p50 ms | p95 ms | p99 ms | non-2xx |');
    console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: |');
    for (const [nome, fila, quem] of alvos) {
      const opcoes = {
        url: `${base}/api/${fila}/paginado?pagina=1&quantidade=10`,
        headers: { authorization: `Bearer ${tokens[quem]}` },
      };
      const sonda = await fetch(opcoes.url, { headers: opcoes.headers });
      if (sonda.status !== 200) throw new Error(`${fila}: probe answered ${sonda.status}`);
      const { total } = (await sonda.json()) as { total: number };
      await autocannon({ ...opcoes, connections: conexoes, duration: 2 });
      const tempos: number[] = [];
      const execucao = autocannon({ ...opcoes, connections: conexoes, duration: duracao });
      execucao.on('response', (_c, status, _b, ms) => {
        if (status === 200) tempos.push(ms);
      });
      const r: Resultado = await execucao;
      console.log(
        `| ${nome} | ${total.toLocaleString('en')} | ${Math.round(r.requests.average).toLocaleString('en')} | ${percentil(tempos, 50)} | ${percentil(tempos, 95)} | ${percentil(tempos, 99)} | ${r.non2xx} |`,
      );
    }
  } finally {
    if (filho.connected) {
      const saiu = new Promise((r) => filho.once('exit', r));
      filho.send('parar');
      await saiu;
    }
    if (values.manter) console.log(`kept database ${nomeBanco}`);
    else await admin.query(`drop database if exists "${nomeBanco}" with (force)`);
    await admin.end();
    rmSync(dados, { recursive: true, force: true });
  }
}

await (values.servidor ? servir() : medir());
