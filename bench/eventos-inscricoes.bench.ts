/**
 * The opening burst of an event's public page (issue 19): `--inscricoes` registrations spread
 * over `--duracao` seconds from `--clientes` concurrent clients, each a paid registration charged
 * at the fake Asaas (its own process, `--latencia` ms per answer). Target at 2,000 in 60 s from
 * 64 clients: p95 ≤ 300 ms, 0 errors, 0 oversold seats, every seat-holding registration with
 * exactly one charge. The lot has `--vagas` seats: those past it get 'vagas esgotadas' (a 409,
 * not an error). bench/README.md, "Event registrations".
 *
 *   npx tsx bench/eventos-inscricoes.bench.ts [--inscricoes 2000] [--duracao 60] [--clientes 64]
 *     [--vagas 1900] [--latencia 40] [--manter] [--banco nome] [--perfil-cpu DIR]
 *
 * PostgreSQL at BENCH_PG_URL (default postgres://postgres@127.0.0.1:5432/test): a fresh database
 * (named --banco, or a random sig_bench_…), dropped afterwards unless --manter. `--perfil-cpu DIR`
 * writes the API process's V8 CPU profile there (bench/resumo-cpuprofile.ts).
 */
import { type ChildProcess, fork } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { comServidor, cpfDaSequencia, percentil, portaLivre, servir } from './comum.js';

const { values } = parseArgs({
  options: {
    servidor: { type: 'boolean', default: false },
    url: { type: 'string' },
    dados: { type: 'string' },
    asaas: { type: 'string' },
    inscricoes: { type: 'string', default: '2000' },
    duracao: { type: 'string', default: '60' },
    clientes: { type: 'string', default: '64' },
    vagas: { type: 'string', default: '1900' },
    latencia: { type: 'string', default: '40' },
    manter: { type: 'boolean', default: false },
    banco: { type: 'string' },
    'perfil-cpu': { type: 'string' },
  },
});
const CHAVE = '$aact_fake_bench_principal_0001';
const CODIGO = 'burst';
const raiz = fileURLToPath(new URL('..', import.meta.url));

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

if (values.servidor) {
  // The event, straight in SQL: one paid lot of `--vagas` seats, Pix only, open now.
  await servir(
    values.url!,
    values.dados!,
    async (db) => {
      const { sql } = await import('drizzle-orm');
      await db.execute(sql`with o as (select id from organizacao where nivel = 1 order by id limit 1),
          e as (insert into evento (organizacao_id, com_inscricao, tipo_evento, codigo, nome, inicio, fim, prazo_inscricao,
              formas_pagamento, dias_vencimento, formulario)
            select id, true, 'CONGRESSO', ${CODIGO}, 'Abertura das inscrições', now() + interval '60 days',
              now() + interval '62 days', now() + interval '50 days', '{PIX}', 3, '{}'::jsonb from o returning id)
        insert into evento_lote (evento_id, numero, valor, quantidade) select id, 1, 120, ${Number(values.vagas)} from e`);
      return { url: values.url };
    },
    { env: { ASAAS_API_KEY: CHAVE, ASAAS_URL: values.asaas!, SIG_RATE_LIMIT: 'off' } },
  );
} else {
  const total = Number(values.inscricoes);
  const clientes = Number(values.clientes);
  const intervalo = (Number(values.duracao) * 1000) / total;
  const portaFake = await portaLivre();
  const fake = await iniciarFake(portaFake);
  const asaas = `http://127.0.0.1:${portaFake}/v3`;
  try {
    await comServidor(
      fileURLToPath(import.meta.url),
      ['--asaas', asaas, '--vagas', values.vagas],
      async (base, pronto) => {
        const tempos: number[] = [];
        const status = new Map<number, number>();
        let proxima = 0;
        const inicio = Date.now();
        // Each client takes the next registration when its planned moment comes (an even spread).
        const cliente = async () => {
          for (;;) {
            const n = proxima++;
            if (n >= total) return;
            const espera = inicio + n * intervalo - Date.now();
            if (espera > 0) await new Promise((r) => setTimeout(r, espera));
            const t0 = performance.now();
            const r = await fetch(`${base}/api/evento-publico/${CODIGO}/inscricao`, {
              method: 'POST',
              headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.0.${n % 250}.${n % 200}` },
              body: JSON.stringify({
                nome: `Jovem Bench ${n}`,
                cpf: cpfDaSequencia(n + 1),
                email: `jovem${n}@bench.example.org`,
                formaPagamento: 'PIX',
              }),
            });
            await r.arrayBuffer();
            tempos.push(performance.now() - t0);
            status.set(r.status, (status.get(r.status) ?? 0) + 1);
          }
        };
        await Promise.all(Array.from({ length: clientes }, cliente));
        const segundos = (Date.now() - inicio) / 1000;

        const c = new pg.Client({ connectionString: String(pronto.url) });
        await c.connect();
        const { rows } = await c.query(
          `with e as (select id from evento where codigo = $1), i as (select * from inscricao_evento where evento_id = (select id from e))
          select (select count(*)::int from i where status in ('PENDENTE', 'CONFIRMADA', 'CORTESIA')) as com_vaga,
            (select sum(quantidade)::int from evento_lote where evento_id = (select id from e)) as vagas,
            (select count(*)::int from i where status = 'PENDENTE' and (select count(*) from cobranca b
              where b.conta_a_receber_id = i.conta_a_receber_id and b.cancelada_em is null) <> 1) as sem_uma_cobranca,
            (select count(*)::int from cobranca b join i on i.conta_a_receber_id = b.conta_a_receber_id) as cobrancas`,
          [CODIGO],
        );
        await c.end();
        const r = rows[0];
        const erros = [...status].filter(([s]) => s !== 201 && s !== 409).reduce((a, [, n]) => a + n, 0);
        console.log(
          JSON.stringify(
            {
              inscricoes: total,
              clientes,
              segundos: Math.round(segundos * 10) / 10,
              status: Object.fromEntries(status),
              p50: percentil(tempos, 50),
              p95: percentil(tempos, 95),
              p99: percentil(tempos, 99),
              erros,
              vendidas: r.com_vaga,
              vagas: r.vagas,
              excedentes: Math.max(0, r.com_vaga - r.vagas),
              semExatamenteUmaCobranca: r.sem_uma_cobranca,
              cobrancas: r.cobrancas,
            },
            null,
            2,
          ),
        );
      },
      values.manter,
      values.banco,
      values['perfil-cpu'],
    );
  } finally {
    fake.kill('SIGTERM');
  }
}
