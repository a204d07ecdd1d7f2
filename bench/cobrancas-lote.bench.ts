/**
 * Charges in bulk at scale, through a crash (issue 5 §10): 100,000 receivables of people with a CPF,
 * charged by one COBRANCAS batch against the fake Asaas in its own process answering in ~20 ms;
 * the API (apps/api/src/main.ts, worker on) is killed with SIGKILL halfway and started again.
 * Target: ≥ 300 items/s end to end, and every item done exactly once: charges at the fake =
 * items = receivables, no externalReference twice. bench/README.md, "Charges in bulk".
 *
 *   npx tsx bench/cobrancas-lote.bench.ts [--contas 100000] [--latencia 20] [--concorrencia 32]
 *     [--pausa 0] [--simultaneas 40] [--matar 0.5] [--clientes] [--manter] [--perfil-cpu DIR]
 *
 * With --clientes the people are already customers at the provider, their ids in cliente_provedor
 * (as after /clientes-asaas-lote), so each item makes one request; without it each item also
 * looks its customer up twice (our reference, then the CPF) and creates it.
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
import pg from 'pg';
import { ADMIN, cpfDaSequencia, entrar, portaLivre } from './comum.js';

const { values } = parseArgs({
  options: {
    contas: { type: 'string', default: '100000' },
    latencia: { type: 'string', default: '20' },
    concorrencia: { type: 'string', default: '32' },
    pausa: { type: 'string', default: '0' },
    simultaneas: { type: 'string', default: '40' },
    pool: { type: 'string', default: '20' },
    matar: { type: 'string', default: '0.5' },
    manter: { type: 'boolean', default: false },
    'perfil-cpu': { type: 'string' },
    clientes: { type: 'boolean', default: false },
  },
});
const CONTAS = Number(values.contas);
const CHAVE = '$aact_fake_bench_principal_0001';
const raiz = fileURLToPath(new URL('..', import.meta.url));

/** Schema, base and demo data, then the people and their receivables, straight in SQL. */
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
  const cpfs = Array.from({ length: CONTAS }, (_, i) => cpfDaSequencia(i + 1));
  await c.query(
    `with o as (select id, row_number() over (order by id) - 1 as n, count(*) over () as total from organizacao where nivel >= 2),
      p as (select g, cpf from unnest($1::text[]) with ordinality as x(cpf, g))
    insert into pessoa (nome, sobrenome, cpf, organizacao_id)
    select 'Membro', 'Bench ' || p.g, p.cpf, o.id from p join o on o.n = p.g % o.total`,
    [cpfs],
  );
  await c.query(`insert into conta_a_receber (organizacao_id, pessoa_id, tipo, mes_competencia, ano_competencia,
      vencimento, valor_previsto, descricao)
    select organizacao_id, id, 'CONTRIBUICAO', 1 + id % 12, 2099, make_date(2099, 1 + id % 12, 10),
      10 + id % 90, 'Contribuição'
    from pessoa where sobrenome like 'Bench %'`);
  await c.query('analyze');
  const { rows } = await c.query(`select id from organizacao where nivel = 0 order by id limit 1`);
  await c.end();
  return rows[0].id as number;
}

function iniciarFake(porta: number): Promise<ChildProcess> {
  const filho = fork(path.join(raiz, 'packages/asaas-fake/src/cli.ts'), [], {
    env: {
      ...process.env,
      ASAAS_FAKE_PORT: String(porta),
      ASAAS_FAKE_KEY: CHAVE,
      ASAAS_FAKE_LATENCY_MS: values.latencia,
      ASAAS_FAKE_REQUEST_LIMIT: '100000000',
    },
    stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
  });
  return new Promise((ok, erro) => {
    filho.stdout!.once('data', () => ok(filho));
    filho.once('exit', (c) => erro(new Error(`fake exited with ${c}`)));
  });
}

/** --clientes: every person made a customer at the fake beforehand, its id kept as the customers batch keeps it. */
async function sincronizarClientes(url: string, asaas: string) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  const { rows } = await c.query(
    `select id, nome || ' ' || sobrenome as nome, cpf from pessoa where sobrenome like 'Bench %'`,
  );
  const cabecalhos = { access_token: CHAVE, 'user-agent': 'SIG-bench', 'content-type': 'application/json' };
  const ids: string[] = new Array(rows.length);
  let proximo = 0;
  await Promise.all(
    Array.from({ length: 64 }, async () => {
      while (proximo < rows.length) {
        const i = proximo++;
        const p = rows[i];
        const r = await fetch(`${asaas}/customers`, {
          method: 'POST',
          headers: cabecalhos,
          body: JSON.stringify({ name: p.nome, cpfCnpj: p.cpf, externalReference: `pessoa:${p.id}` }),
        });
        if (r.status !== 200) throw new Error(`customer: ${r.status} ${await r.text()}`);
        ids[i] = ((await r.json()) as { id: string }).id;
      }
    }),
  );
  await c.query(
    `insert into cliente_provedor (pessoa_id, conta_organizacao_id, provedor_cliente_id)
     select * from unnest($1::int[], $2::int[], $3::text[])`,
    [rows.map((r) => r.id), rows.map(() => null), ids],
  );
  await c.end();
}

async function iniciarApi(env: Record<string, string>, porta: number) {
  const perfil = values['perfil-cpu'];
  const filho = fork(path.join(raiz, 'apps/api/src/main.ts'), [], {
    env: { ...process.env, ...env },
    execArgv: perfil ? [...process.execArgv, '--cpu-prof', '--cpu-prof-dir', perfil] : process.execArgv,
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  for (let i = 0; i < 600; i++) {
    if (filho.exitCode !== null) throw new Error(`API exited with ${filho.exitCode}`);
    const ok = await fetch(`http://127.0.0.1:${porta}/api/saude`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return filho;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('API did not start');
}

type Pagamento = { id: string; externalReference: string | null; deleted: boolean };

/** Every charge the fake holds, read back through the contract's pagination (100 a page, 8 pages at once). */
async function cobrancasDaFake(base: string) {
  const cabecalhos = { access_token: CHAVE, 'user-agent': 'SIG-bench' };
  const primeira = (await (await fetch(`${base}/payments?limit=100`, { headers: cabecalhos })).json()) as {
    totalCount: number;
  };
  const paginas = Math.ceil(primeira.totalCount / 100);
  const todas: Pagamento[] = [];
  for (let p = 0; p < paginas; p += 8) {
    const lote = await Promise.all(
      Array.from({ length: Math.min(8, paginas - p) }, (_, i) =>
        fetch(`${base}/payments?limit=100&offset=${(p + i) * 100}`, { headers: cabecalhos }).then(
          (r) => r.json() as Promise<{ data: Pagamento[] }>,
        ),
      ),
    );
    for (const l of lote) todas.push(...l.data);
  }
  return todas;
}

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
  let api: ChildProcess | undefined;
  const db = new pg.Client({ connectionString: url });
  try {
    let t = Date.now();
    const nacional = await preparar(url);
    console.log(
      `prepared ${CONTAS.toLocaleString('en')} people and receivables in ${((Date.now() - t) / 1000).toFixed(1)} s`,
    );
    const portaFake = await portaLivre();
    fake = await iniciarFake(portaFake);
    const asaas = `http://127.0.0.1:${portaFake}/v3`;
    if (values.clientes) {
      t = Date.now();
      await sincronizarClientes(url, asaas);
      console.log(
        `made ${CONTAS.toLocaleString('en')} customers at the fake in ${((Date.now() - t) / 1000).toFixed(1)} s`,
      );
    }
    const porta = await portaLivre();
    const env = {
      PORT: String(porta),
      HOST: '127.0.0.1',
      DATA_DIR: dados,
      DATABASE_URL: url,
      DATABASE_POOL_MAX: values.pool,
      SIG_SECRET: 'segredo-do-benchmark-com-32-caracteres',
      SIG_ADMIN_EMAIL: ADMIN.login,
      SIG_ADMIN_PASSWORD: ADMIN.senha,
      SIG_SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      ASAAS_API_KEY: CHAVE,
      ASAAS_URL: asaas,
      ASAAS_MAX_SIMULTANEAS: values.simultaneas,
      SIG_LOTE_CONCORRENCIA: values.concorrencia,
      SIG_LOTE_PAUSA_MS: values.pausa,
    };
    api = await iniciarApi(env, porta);
    const base = `http://127.0.0.1:${porta}`;
    const token = await entrar(base, ADMIN.login, ADMIN.senha);
    await db.connect();

    t = Date.now();
    const r = await fetch(`${base}/api/cobrancas-em-lote`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ organizacaoId: nacional, anoCompetencia: 2099, forma: 'BOLETO' }),
    });
    if (r.status !== 201) throw new Error(`batch: ${r.status} ${await r.text()}`);
    const { id: loteId, total } = (await r.json()) as { id: number; total: number };
    console.log(`batch ${loteId}: ${total.toLocaleString('en')} items, created in ${Date.now() - t} ms`);

    const estado = async () =>
      (
        await db.query(
          'select status, sucessos, erros, total, iniciado_em, concluido_em from processamento_lote where id = $1',
          [loteId],
        )
      ).rows[0] as { status: string; sucessos: number; erros: number; total: number; concluido_em: Date | null };
    const matarEm = Number(values.matar) * total;
    let morto = false;
    let reinicio = 0;
    let ultimo = 0;
    for (;;) {
      const e = await estado();
      const feitos = e.sucessos + e.erros;
      if (Date.now() - ultimo > 10_000) {
        ultimo = Date.now();
        const s = (Date.now() - t) / 1000;
        console.log(`  ${s.toFixed(0)} s: ${feitos.toLocaleString('en')} done (${(feitos / s).toFixed(0)} items/s)`);
      }
      if (e.status === 'CONCLUIDO' || e.status === 'CONCLUIDO_COM_ERROS') break;
      if (!morto && matarEm > 0 && feitos >= matarEm) {
        morto = true;
        api.kill('SIGKILL');
        await new Promise((ok) => api!.once('exit', ok));
        const emAndamento = (
          await db.query(
            `select count(*)::int as n from processamento_lote_item where lote_id = $1 and status = 'EM_ANDAMENTO'`,
            [loteId],
          )
        ).rows[0].n;
        console.log(
          `  killed the API (SIGKILL) at ${feitos.toLocaleString('en')} done, ${emAndamento} items left in progress`,
        );
        const r0 = Date.now();
        api = await iniciarApi(env, porta);
        reinicio = Date.now() - r0;
        console.log(`  API up again in ${reinicio} ms`);
      }
      await new Promise((ok) => setTimeout(ok, 200));
    }
    let fim = await estado();
    const segundos = (fim.concluido_em!.getTime() - t) / 1000;
    console.log(
      `batch ${fim.status}: ${fim.sucessos.toLocaleString('en')} OK, ${fim.erros} errors in ${segundos.toFixed(1)} s → ${(total / segundos).toFixed(0)} items/s end to end`,
    );
    if (fim.erros) {
      // What failed, then what a treasurer would do: reprocess the errors (never charging twice).
      const { rows } = await db.query(
        `select erro_codigo, erro_parametros->>'detalhe' as detalhe, count(*)::int as n from processamento_lote_item
         where lote_id = $1 and status = 'ERRO' group by 1, 2`,
        [loteId],
      );
      for (const e of rows) console.log(`  error ${e.erro_codigo} (${e.detalhe ?? ''}): ${e.n}`);
      const r2 = await fetch(`${base}/api/processamento-lote/${loteId}/reprocessar-erros`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: '{}',
      });
      if (r2.status !== 200) throw new Error(`reprocess: ${r2.status} ${await r2.text()}`);
      const r0 = Date.now();
      for (;;) {
        fim = await estado();
        if (fim.status === 'CONCLUIDO' || fim.status === 'CONCLUIDO_COM_ERROS') break;
        await new Promise((ok) => setTimeout(ok, 200));
      }
      console.log(
        `  errors reprocessed in ${Date.now() - r0} ms: batch ${fim.status}, ${fim.sucessos} OK, ${fim.erros} errors`,
      );
    }

    const itens = (
      await db.query(
        `select count(*)::int as n, count(*) filter (where status = 'OK')::int as ok,
           count(distinct referencia_id)::int as contas, max(tentativas)::int as max_tentativas,
           count(*) filter (where tentativas > 1)::int as retomados
         from processamento_lote_item where lote_id = $1`,
        [loteId],
      )
    ).rows[0];
    const nossas = (
      await db.query(
        `select count(*)::int as n, count(distinct conta_a_receber_id)::int as contas from cobranca where cancelada_em is null`,
      )
    ).rows[0];
    const pagamentos = (await cobrancasDaFake(asaas)).filter((p) => !p.deleted);
    const referencias = new Set(pagamentos.map((p) => p.externalReference));
    console.log(
      `items ${itens.n} (OK ${itens.ok}, receivables ${itens.contas}, taken again ${itens.retomados}, most attempts ${itens.max_tentativas}); ` +
        `charges recorded ${nossas.n} over ${nossas.contas} receivables; charges at the fake ${pagamentos.length}, ` +
        `distinct externalReference ${referencias.size}`,
    );
    const certo =
      itens.n === CONTAS &&
      itens.ok === CONTAS &&
      fim.sucessos === CONTAS &&
      pagamentos.length === CONTAS &&
      referencias.size === CONTAS &&
      nossas.n === CONTAS &&
      nossas.contas === CONTAS;
    console.log(certo ? 'CHECK OK: every item once, one charge each' : 'CHECK FAILED');
    if (!certo) process.exitCode = 1;
  } finally {
    await db.end().catch(() => {});
    // A clean stop writes the CPU profile.
    if (api && api.exitCode === null) {
      const saiu = new Promise((ok) => api!.once('exit', ok));
      api.kill('SIGTERM');
      await saiu;
    }
    fake?.kill('SIGTERM');
    if (values.manter) console.log(`kept database ${nomeBanco}`);
    else await admin.query(`drop database if exists "${nomeBanco}" with (force)`);
    await admin.end();
    rmSync(dados, { recursive: true, force: true });
  }
}

await principal();
