/**
 * The reconciliation at scale, through a crash (issue 17, figures): N open charges on PostgreSQL,
 * each a payment at the fake Asaas (its own process, every answer delayed --latencia ms), a share
 * of them paid or overdue there with the webhook lost; the reconciliation job's scheduled run
 * (`asaas.conciliar`: every open charge compared) runs in a worker process that gets SIGKILL at
 * --matar of the way and is started again. Target: N compared in ≤ 10 min with at
 * most ASAAS_MAX_SIMULTANEAS provider calls in flight, the resumed run going on where the killed
 * one stopped, and every change applied exactly once. bench/README.md, "Trust II".
 *
 *   npx tsx bench/conciliacao.bench.ts [--cobrancas 100000] [--latencia 40] [--simultaneas 10]
 *     [--mudadas 0.02] [--matar 0.5] [--manter]
 *
 * PostgreSQL at BENCH_PG_URL (default postgres://postgres@127.0.0.1:5432/test): a fresh database,
 * dropped afterwards unless --manter. `--matar 0` runs without the crash.
 */
import { type ChildProcess, fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import type { CobrancaImportada } from '@sig/asaas-fake';
import pg from 'pg';
import { ADMIN } from './comum.js';

const { values } = parseArgs({
  options: {
    cobrancas: { type: 'string', default: '100000' },
    latencia: { type: 'string', default: '40' },
    simultaneas: { type: 'string', default: '10' },
    mudadas: { type: 'string', default: '0.02' },
    matar: { type: 'string', default: '0.5' },
    manter: { type: 'boolean', default: false },
    // Child modes.
    fake: { type: 'boolean', default: false },
    trabalhador: { type: 'boolean', default: false },
    url: { type: 'string' },
    asaas: { type: 'string' },
    dados: { type: 'string' },
  },
});
const N = Number(values.cobrancas);
const CHAVE = '$aact_fake_bench_conciliacao_0001';
const este = fileURLToPath(import.meta.url);

/** Child: the fake Asaas, answering the parent's questions over IPC (latency, peak in flight). */
async function servirFake() {
  const { iniciarAsaasFake } = await import('@sig/asaas-fake');
  // The request limit lifted: the bench's 100,000 charges sit on one key (see the README).
  const fake = await iniciarAsaasFake({ chaveApi: CHAVE, limiteRequisicoes: 100_000_000 });
  process.on('message', (m: { atraso?: number; pico?: boolean; importar?: CobrancaImportada[] }) => {
    if (m.atraso !== undefined) fake.definirAtraso(m.atraso);
    if (m.pico) process.send!({ pico: fake.picoSimultaneas(), chamadas: fake.totalRequisicoes() });
    if (m.importar) process.send!({ importadas: fake.importar(m.importar) });
  });
  process.send!({ url: fake.url });
}

/** Child: one worker running the reconciliation job's scheduled run (stored events, webhooks, then every open charge). */
async function trabalhar() {
  const { abrirBanco } = await import('@sig/db');
  const { construirApp } = await import('../apps/api/src/app.js');
  const { lerConfig } = await import('../apps/api/src/config.js');
  const { TAREFA_CONCILIAR } = await import('../apps/api/src/modules/asaas/index.js');
  const banco = await abrirBanco({ url: values.url!, maxConexoes: 10 });
  const config = lerConfig({
    SIG_ENV: 'production',
    SIG_SECRET: 'segredo-do-benchmark-com-32-caracteres',
    SIG_ADMIN_EMAIL: ADMIN.login,
    SIG_ADMIN_PASSWORD: ADMIN.senha,
    DATA_DIR: values.dados!,
    LOG_LEVEL: 'silent',
    ASAAS_API_KEY: CHAVE,
    ASAAS_URL: values.asaas!,
    ASAAS_MAX_SIMULTANEAS: values.simultaneas!,
  });
  const app = await construirApp({ config, banco, logger: false });
  const inicio = Date.now();
  // The scheduled run, as pg-boss hands it to the worker.
  const saida = await TAREFA_CONCILIAR.executar(app.deps, {
    id: 'bench',
    dados: {},
    tentativa: 1,
    ultima: false,
    sinal: new AbortController().signal,
  });
  const resumo = (saida as { cobrancas: Resumo }).cobrancas;
  process.send!({ resumo, ms: Date.now() - inicio });
  await app.close();
  await banco.fechar();
  process.exit(0);
}

const esperarMensagem = <T>(filho: ChildProcess, filtro: (m: T) => boolean = () => true) =>
  new Promise<T>((ok, erro) => {
    const saiu = (c: number | null) => erro(new Error(`child exited with ${c}`));
    const ouvir = (m: T) => {
      if (!filtro(m)) return;
      filho.off('message', ouvir);
      filho.off('exit', saiu);
      ok(m);
    };
    filho.on('message', ouvir);
    filho.once('exit', saiu);
  });

/** Schema, base and demo data, 1,000 people and N receivables, straight in SQL. */
async function preparar(url: string) {
  const { abrirBanco, migrar } = await import('@sig/db');
  const { garantirBase, semearDemo } = await import('@sig/db/seed');
  const banco = await abrirBanco({ url, maxConexoes: 4 });
  await migrar(banco);
  await garantirBase(banco.db, { adminEmail: ADMIN.login, adminSenha: ADMIN.senha });
  await semearDemo(banco.db);
  await banco.fechar();
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  await c.query(`with o as (select id, row_number() over (order by id) - 1 as n, count(*) over () as total
      from organizacao where nivel >= 2)
    insert into pessoa (nome, sobrenome, organizacao_id)
    select 'Membro', 'Bench ' || g, o.id from generate_series(1, 1000) g join o on o.n = g % o.total`);
  await c.query(
    `insert into conta_a_receber (organizacao_id, pessoa_id, tipo, mes_competencia, ano_competencia,
      vencimento, valor_previsto, descricao, cobranca_gerada, forma_pagamento)
    select p.organizacao_id, p.id, 'CONTRIBUICAO', 1 + g % 12, 2099, make_date(2099, 1 + g % 12, 10),
      10 + g % 90, 'Contribuição', true, 'BOLETO'
    from generate_series(1, $1::int) g
    join (select id, organizacao_id, row_number() over (order by id) - 1 as n from pessoa where sobrenome like 'Bench %') p
      on p.n = g % 1000`,
    [N],
  );
  return c;
}

/**
 * One payment per receivable at the fake, brought in by its import (creating 100,000 over its API
 * took most of an hour on a busy machine), recorded as our open charges.
 */
async function cobrar(c: pg.Client, fake: ChildProcess) {
  const { rows } = await c.query(
    `select id, valor_previsto as valor, vencimento::text from conta_a_receber where descricao = 'Contribuição' order by id`,
  );
  const cliente = { id: 'cus_bench', nome: 'Membro Bench', cpfCnpj: '39053344705' };
  const ids = rows.map((r) => `pay_bench${r.id}`);
  for (let i = 0; i < rows.length; i += 10_000) {
    const lote: CobrancaImportada[] = rows.slice(i, i + 10_000).map((r, k) => ({
      id: ids[i + k]!,
      cliente,
      valor: Number(r.valor),
      vencimento: r.vencimento,
      forma: 'BOLETO',
      status: 'PENDING',
      dataPagamento: null,
      dataCredito: null,
      descricao: 'Contribuição',
      criadaEm: '2026-01-01',
    }));
    const resposta = esperarMensagem<{ importadas: number }>(fake, (m) => 'importadas' in m);
    fake.send({ importar: lote });
    if ((await resposta).importadas !== lote.length) throw new Error('the fake did not import every payment');
  }
  await c.query(
    `insert into cobranca (conta_a_receber_id, provedor_id, cliente_provedor_id, forma, valor, vencimento, status, status_provedor)
     select x.conta, x.provedor, $3, 'BOLETO', car.valor_previsto, car.vencimento, 'ABERTO', 'PENDING'
     from unnest($1::int[], $2::text[]) as x(conta, provedor) join conta_a_receber car on car.id = x.conta`,
    [rows.map((r) => r.id), ids, cliente.id],
  );
  await c.query('analyze');
  return ids;
}

/** A share of the payments paid and as many overdue at the fake, their webhooks lost. */
async function mudar(asaas: string, ids: string[]) {
  const k = Math.round(ids.length * Number(values.mudadas) * 0.5);
  const passo = Math.floor(ids.length / (2 * k));
  const pagas = Array.from({ length: k }, (_, i) => ids[2 * i * passo]!);
  const vencidas = Array.from({ length: k }, (_, i) => ids[(2 * i + 1) * passo]!);
  const cabecalhos = { access_token: CHAVE, 'user-agent': 'SIG-bench' };
  for (const [lista, acao] of [
    [pagas, 'confirm'],
    [vencidas, 'overdue'],
  ] as const) {
    const k = Number(values.simultaneas);
    for (let i = 0; i < lista.length; i += k)
      await Promise.all(
        lista.slice(i, i + k).map(async (id) => {
          const r = await fetch(`${asaas}/sandbox/payment/${id}/${acao}`, { method: 'POST', headers: cabecalhos });
          if (r.status !== 200) throw new Error(`${acao}: ${r.status} ${await r.text()}`);
        }),
      );
  }
  return { pagas, vencidas };
}

type Resumo = { comparadas: number; aplicadas: number; falhas: number };

async function principal() {
  const url0 = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const nomeBanco = `sig_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url0 });
  await admin.connect();
  await admin.query(`create database "${nomeBanco}"`);
  const u = new URL(url0);
  u.pathname = `/${nomeBanco}`;
  const url = u.toString();
  const dados = mkdtempSync(path.join(os.tmpdir(), 'sig-bench-'));
  let fake: ChildProcess | undefined;
  let trabalhador: ChildProcess | undefined;
  let db: pg.Client | undefined;
  try {
    let t = Date.now();
    db = await preparar(url);
    fake = fork(este, ['--fake'], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    const asaas = (await esperarMensagem<{ url: string }>(fake, (m) => 'url' in m)).url;
    const ids = await cobrar(db, fake);
    const { pagas, vencidas } = await mudar(asaas, ids);
    console.log(
      `prepared ${N.toLocaleString('en')} open charges (${pagas.length} paid and ${vencidas.length} overdue at the fake) in ${((Date.now() - t) / 1000).toFixed(1)} s`,
    );
    fake.send({ atraso: Number(values.latencia) });
    fake.send({ pico: true });
    const { chamadas: chamadasAntes } = await esperarMensagem<{ chamadas: number }>(fake, (m) => 'chamadas' in m);
    console.log(
      `load average before the run: ${os
        .loadavg()
        .map((x) => x.toFixed(1))
        .join(' ')}`,
    );

    const comparadas = async () =>
      (await db!.query('select count(*)::int as n from cobranca where conciliada_em is not null')).rows[0].n as number;
    const matarEm = Number(values.matar) * N;
    let feito: { resumo: Resumo; ms: number } | undefined;
    const iniciar = () => {
      const filho = fork(
        este,
        ['--trabalhador', '--url', url, '--asaas', asaas, '--dados', dados, '--simultaneas', values.simultaneas!],
        { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] },
      );
      filho.once('message', (m: { resumo: Resumo; ms: number }) => {
        feito = m;
      });
      return filho;
    };
    t = Date.now();
    trabalhador = iniciar();
    let morto = false;
    let ultimo = Date.now();
    while (!feito) {
      await new Promise((ok) => setTimeout(ok, 250));
      if (feito) break;
      if (trabalhador.exitCode !== null) throw new Error(`worker exited with ${trabalhador.exitCode}`);
      const n = await comparadas();
      if (Date.now() - ultimo > 10_000) {
        ultimo = Date.now();
        const s = (Date.now() - t) / 1000;
        console.log(`  ${s.toFixed(0)} s: ${n.toLocaleString('en')} compared (${(n / s).toFixed(0)}/s)`);
      }
      if (!morto && matarEm > 0 && n >= matarEm) {
        morto = true;
        trabalhador.kill('SIGKILL');
        await new Promise((ok) => trabalhador!.once('exit', ok));
        const marcadas = await comparadas();
        const eventos = (await db.query(`select count(*)::int as n from evento_provedor where id like 'sinc_%'`))
          .rows[0].n;
        console.log(
          `  killed the worker (SIGKILL) at ${((Date.now() - t) / 1000).toFixed(1)} s: ${marcadas.toLocaleString('en')} marked compared, ${eventos} changes applied so far`,
        );
        trabalhador = iniciar();
      }
    }
    const segundos = (Date.now() - t) / 1000;
    fake.send({ pico: true });
    const { pico, chamadas } = await esperarMensagem<{ pico: number; chamadas: number }>(fake, (m) => 'pico' in m);
    console.log(
      `last run: ${feito.resumo.comparadas.toLocaleString('en')} compared, ${feito.resumo.aplicadas} applied, ${feito.resumo.falhas} failures in ${(feito.ms / 1000).toFixed(1)} s`,
    );
    console.log(
      `all ${N.toLocaleString('en')} in ${segundos.toFixed(1)} s (restart included) → ${(N / segundos).toFixed(0)} charges/s; most provider calls in flight at once: ${pico}; provider calls ${(chamadas - chamadasAntes).toLocaleString('en')}; load average ${os
        .loadavg()
        .map((x) => x.toFixed(1))
        .join(' ')}`,
    );

    const estado = (
      await db.query(
        `select count(*) filter (where c.conciliada_em is null and c.status in ('ABERTO', 'VENCIDO', 'PENDENTE'))::int as sem_comparar,
           count(*) filter (where c.status = 'PAGO')::int as pagas, count(*) filter (where c.status = 'VENCIDO')::int as vencidas,
           count(*) filter (where car.status = 'PAGO' and car.valor_pago = c.valor)::int as contas_pagas
         from cobranca c join conta_a_receber car on car.id = c.conta_a_receber_id`,
      )
    ).rows[0];
    const eventos = (
      await db.query(
        `select count(*)::int as n, count(distinct pagamento_id)::int as pagamentos,
           count(*) filter (where resultado like 'aplicado%')::int as aplicados
         from evento_provedor e join cobranca c on c.provedor_id = e.pagamento_id
           join conta_a_receber car on car.id = c.conta_a_receber_id join pessoa p on p.id = car.pessoa_id
         where e.id like 'sinc_%' and p.sobrenome like 'Bench %'`,
      )
    ).rows[0];
    console.log(
      `charges never compared ${estado.sem_comparar}; paid ${estado.pagas} (receivables paid with the amount ${estado.contas_pagas}), overdue ${estado.vencidas}; ` +
        `change events ${eventos.n} over ${eventos.pagamentos} payments, ${eventos.aplicados} applied`,
    );
    const certo =
      estado.sem_comparar === 0 &&
      estado.pagas === pagas.length &&
      estado.contas_pagas === pagas.length &&
      estado.vencidas === vencidas.length &&
      eventos.n === pagas.length + vencidas.length &&
      eventos.pagamentos === eventos.n &&
      eventos.aplicados === eventos.n &&
      pico <= Number(values.simultaneas);
    console.log(certo ? 'CHECK OK: every charge compared, every change applied once' : 'CHECK FAILED');
    if (!certo) process.exitCode = 1;
  } finally {
    await db?.end().catch(() => {});
    if (trabalhador && trabalhador.exitCode === null) trabalhador.kill('SIGKILL');
    fake?.kill('SIGKILL');
    if (values.manter) console.log(`kept database ${nomeBanco}`);
    else await admin.query(`drop database if exists "${nomeBanco}" with (force)`);
    await admin.end();
    rmSync(dados, { recursive: true, force: true });
  }
}

if (values.fake) await servirFake();
else if (values.trabalhador) await trabalhar();
else await principal();
