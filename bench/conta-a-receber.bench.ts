/**
 * The receivables list with its totals row at scale (issue 17, figures): N receivables (default
 * 1,000,000) over the data generator's church, `GET /api/conta-a-receber/paginado` (a page of 20
 * and the filtered set's count and sums) under autocannon. Target: p95 ≤ 100 ms with 32 clients
 * on PostgreSQL. bench/README.md, "Trust II".
 *
 *   npx tsx bench/conta-a-receber.bench.ts [--contas 1000000] [--pessoas 100000] [--duracao 10]
 *     [--conexoes 32] [--alvos paroquia,sinodo,mes,todas] [--banco URL] [--manter] [--perfil-cpu DIR]
 *
 * A fresh database on BENCH_PG_URL (default postgres://postgres@127.0.0.1:5432/test), dropped
 * afterwards unless --manter; `--banco URL` measures a database kept from an earlier run (its
 * migrations brought up to date first, nothing generated again). Each scenario's line gives the
 * CPU the API process and its PostgreSQL backends spent per answer (the figure that holds on a busy
 * machine); `--perfil-cpu DIR` writes the API process's V8 CPU profile there (`resumo-cpuprofile.ts`).
 */
import { fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import autocannon, { type Opcoes, type Resultado } from 'autocannon';
import pg from 'pg';
import { ADMIN, conectar, entrar, medirCpu, percentil } from './comum.js';

const { values } = parseArgs({
  options: {
    contas: { type: 'string', default: '1000000' },
    pessoas: { type: 'string', default: '100000' },
    duracao: { type: 'string', default: '10' },
    conexoes: { type: 'string', default: '32' },
    alvos: { type: 'string' },
    banco: { type: 'string' },
    manter: { type: 'boolean', default: false },
    servidor: { type: 'boolean', default: false },
    url: { type: 'string' },
    dados: { type: 'string' },
    'perfil-cpu': { type: 'string' },
  },
});

type Parametros = { paroquiaId: number; paroquiaContas: number; sinodoId: number; sinodoContas: number };
type Pronto = { porta: number; contas: number; geracao?: string; parametros: Parametros; banco: string };

/**
 * Receivables of the generated people, set-based: each person gets contas ÷ pessoas of them, one
 * a month from January 2025 on, owned by the person's community; 70 % paid (the amount, paid on
 * the due date), 20 % open, 8 % overdue, 2 % excluded.
 */
async function gerarContas(db: import('@sig/db').Db, contas: number) {
  const { sql } = await import('drizzle-orm');
  await db.execute(sql`set jit = off`);
  await db.execute(sql`with p as (select id, organizacao_id, row_number() over (order by id) - 1 as n, count(*) over () as np
      from pessoa where organizacao_id is not null)
    insert into conta_a_receber (organizacao_id, pessoa_id, tipo, mes_competencia, ano_competencia,
      vencimento, valor_previsto, valor_pago, data_pagamento, status, descricao)
    select p.organizacao_id, p.id, 'CONTRIBUICAO', 1 + (m % 12), 2025 + m / 12, v.vencimento, v.valor,
      case when v.faixa < 70 then v.valor end, case when v.faixa < 70 then v.vencimento end,
      case when v.faixa < 70 then 'PAGO' when v.faixa < 90 then 'ABERTO' when v.faixa < 98 then 'VENCIDO' else 'EXCLUIDO' end,
      'Contribuição'
    from p
    cross join lateral generate_series(0, ceil(${contas}::numeric / p.np)::int - 1) m
    cross join lateral (select make_date(2025 + m / 12, 1 + (m % 12), 1 + (p.n % 28)::int) as vencimento,
      (10 + (p.n * 7 + m * 13) % 490)::numeric(14, 2) as valor, (p.n * 31 + m * 17) % 100 as faixa) v
    where m * p.np + p.n < ${contas}`);
  await db.execute(sql`vacuum (analyze) conta_a_receber`);
}

/** Child: migrations, base data, generated church and receivables (when new), then the app. */
async function servir() {
  const { sql } = await import('drizzle-orm');
  const { abrirBanco, migrar } = await import('@sig/db');
  const { garantirBase } = await import('@sig/db/seed');
  const { gerar } = await import('../packages/db/src/seed/gerador.js');
  const { construirApp } = await import('../apps/api/src/app.js');
  const { lerConfig } = await import('../apps/api/src/config.js');
  const banco = await abrirBanco({ url: values.url!, maxConexoes: 10 });
  const linhas = async <T>(q: ReturnType<typeof sql>) => ((await banco.db.execute(q)) as unknown as { rows: T[] }).rows;
  await migrar(banco);
  await garantirBase(banco.db, { adminEmail: ADMIN.login, adminSenha: ADMIN.senha });
  let geracao: string | undefined;
  const [{ n: existentes }] = await linhas<{ n: number }>(sql`select count(*)::int as n from conta_a_receber`);
  if (!existentes) {
    const inicio = Date.now();
    await gerar(banco.db, { pessoas: Number(values.pessoas), log: (m) => console.log(`  generator: ${m}`) });
    const meio = Date.now();
    await gerarContas(banco.db, Number(values.contas));
    geracao = `${((Date.now() - inicio) / 1000).toFixed(1)} s (receivables ${((Date.now() - meio) / 1000).toFixed(1)} s)`;
  }
  const [{ n: contas }] = await linhas<{ n: number }>(sql`select count(*)::int as n from conta_a_receber`);
  // The parish with most receivables in its subtree, and the synod with most.
  const maior = async (nivel: number) =>
    (
      await linhas<{
        id: number;
        n: number;
      }>(sql`with c as (select organizacao_id, count(*) as n from conta_a_receber group by 1)
        select o.id, sum(c.n)::int as n from c join organizacao d on d.id = c.organizacao_id
          join organizacao o on d.caminho like o.caminho || '%'
        where o.nivel = ${nivel} group by 1 order by 2 desc, 1 limit 1`)
    )[0]!;
  const paroquia = await maior(2);
  const sinodo = await maior(1);
  const config = lerConfig({
    SIG_ENV: 'production',
    SIG_SECRET: 'segredo-do-benchmark-com-32-caracteres',
    SIG_ADMIN_EMAIL: ADMIN.login,
    SIG_ADMIN_PASSWORD: ADMIN.senha,
    SIG_AUDIT: 'true',
    DATA_DIR: values.dados!,
    LOG_LEVEL: 'silent',
  });
  const app = await construirApp({ config, banco, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const pronto: Pronto = {
    porta: (app.server.address() as AddressInfo).port,
    contas,
    banco: new URL(values.url!).pathname.slice(1),
    geracao,
    parametros: { paroquiaId: paroquia.id, paroquiaContas: paroquia.n, sinodoId: sinodo.id, sinodoContas: sinodo.n },
  };
  process.send!(pronto);
  process.on('message', async (m) => {
    if (m !== 'parar') return;
    await app.close();
    await banco.fechar();
    process.exit(0);
  });
}

type Alvo = { id: string; nome: (p: Parametros) => string; consulta: (p: Parametros) => string };

/** The screen's request: first page of 20 by due date, the totals of the filtered set with it. */
const PAGINA = 'pagina=1&quantidade=20&ordenarPor=vencimento&ordem=asc';
const ALVOS: Alvo[] = [
  {
    id: 'paroquia',
    nome: (p) => `largest parish's subtree (${p.paroquiaContas.toLocaleString('en')} receivables), no other filter`,
    consulta: (p) => `organizacaoId=${p.paroquiaId}`,
  },
  {
    id: 'sinodo',
    nome: (p) => `largest synod's subtree (${p.sinodoContas.toLocaleString('en')} receivables), one month due`,
    consulta: (p) => `organizacaoId=${p.sinodoId}&vencimentoDe=2025-06-01&vencimentoAte=2025-06-30`,
  },
  {
    id: 'mes',
    nome: () => 'whole church, one month due (the 30-day search)',
    consulta: () => 'vencimentoDe=2025-06-01&vencimentoAte=2025-06-30',
  },
  {
    id: 'todas',
    nome: () => 'whole church, no filter (the screen as it opens for the administrator)',
    consulta: () => '',
  },
];

async function medir() {
  const duracao = Number(values.duracao);
  const conexoes = Number(values.conexoes);
  const escolhidos = values.alvos?.split(',');
  const dados = mkdtempSync(path.join(os.tmpdir(), 'sig-bench-receber-'));
  let url = values.banco;
  const raiz = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const admin = new pg.Client({ connectionString: raiz });
  await admin.connect();
  let nomeBanco = '';
  if (!url) {
    nomeBanco = `sig_bench_${randomBytes(4).toString('hex')}`;
    await admin.query(`create database "${nomeBanco}"`);
    const u = new URL(raiz);
    u.pathname = `/${nomeBanco}`;
    url = u.toString();
  }
  const filho = fork(
    fileURLToPath(import.meta.url),
    ['--servidor', '--url', url, '--dados', dados, '--contas', values.contas!, '--pessoas', values.pessoas!],
    {
      execArgv: [
        ...process.execArgv,
        ...(values['perfil-cpu'] ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(values['perfil-cpu'])}`] : []),
      ],
    },
  );
  try {
    const pronto = await new Promise<Pronto>((ok, erro) => {
      filho.once('message', (m) => ok(m as Pronto));
      filho.once('exit', (c) => erro(new Error(`server exited with ${c}`)));
    });
    if (pronto.geracao) console.log(`generated in ${pronto.geracao}`);
    const base = `http://127.0.0.1:${pronto.porta}`;
    const token = await entrar(base, ADMIN.login, ADMIN.senha);
    const p = pronto.parametros;
    const banco = await conectar(pronto.banco);
    const linhas: string[] = [];
    for (const alvo of ALVOS) {
      if (escolhidos && !escolhidos.includes(alvo.id)) continue;
      const consulta = alvo.consulta(p);
      const opcoes: Opcoes = {
        url: `${base}/api/conta-a-receber/paginado?${PAGINA}${consulta ? `&${consulta}` : ''}`,
        headers: { authorization: `Bearer ${token}` },
      };
      const sonda = await fetch(opcoes.url, { headers: opcoes.headers });
      if (sonda.status !== 200) throw new Error(`${alvo.id}: ${sonda.status} ${await sonda.text()}`);
      const corpo = (await sonda.json()) as { total: number; totais: { valorPrevisto: string; valorPago: string } };
      await autocannon({ ...opcoes, connections: conexoes, duration: 2 }); // warm-up
      const tempos: number[] = [];
      const cpu = await medirCpu(filho.pid!, banco);
      const execucao = autocannon({ ...opcoes, connections: conexoes, duration: duracao });
      execucao.on('response', (_c, status, _b, ms) => {
        if (status === 200) tempos.push(ms);
      });
      const r: Resultado = await execucao;
      const gasto = await cpu();
      const respostas = Math.max(1, r.requests.total);
      const porResposta = (s: number) => ((s * 1000) / respostas).toFixed(1);
      const linha = `| ${alvo.nome(p)} [total ${corpo.total.toLocaleString('en')}, R$ ${corpo.totais.valorPrevisto} / ${corpo.totais.valorPago}] | ${Math.round(r.requests.average)} | ${r.latency.p50} | ${percentil(tempos, 95)} | ${r.latency.p99} | ${r.non2xx} | ${r.errors + r.timeouts} | ${porResposta(gasto.app + gasto.banco)} (${porResposta(gasto.app)} + ${porResposta(gasto.banco)}) | ${gasto.carga[0]!.toFixed(1)} |`;
      console.log(linha);
      linhas.push(linha);
    }
    console.log(
      `\n${pronto.contas.toLocaleString('en')} receivables, ${conexoes} connections, ${duracao} s, ${os.cpus().length} cores, load ${os.loadavg()[0]!.toFixed(1)}, ${new Date().toISOString()}\n`,
    );
    console.log(
      '| scenario | req/s | p50 ms | p95 ms | p99 ms | non-2xx | errors | CPU ms/answer (API + PG) | load |\n| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    );
    for (const l of linhas) console.log(l);
    await banco.end();
  } finally {
    if (filho.connected) {
      const saiu = new Promise((ok) => filho.once('exit', ok));
      filho.send('parar');
      await saiu;
    }
    if (nomeBanco && !values.manter) await admin.query(`drop database if exists "${nomeBanco}" with (force)`);
    else if (nomeBanco) console.log(`kept database ${url}`);
    await admin.end();
    rmSync(dados, { recursive: true, force: true });
  }
}

if (values.servidor) await servir();
else await medir();
