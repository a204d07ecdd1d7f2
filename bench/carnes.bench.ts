/**
 * Payment booklets in a batch, end to end (issue 5 §10, bench/README.md "Booklets"): 1,000 people
 * with 12 open boleto charges each at the fake Asaas answering in ~20 ms. Target: from creating
 * the batch to the last byte of its PDF ≤ 60 s, with flat memory.
 *
 *   npx tsx bench/carnes.bench.ts [--pessoas 1000] [--parcelas 12] [--latencia 20] [--concorrencia 16] [--simultaneas 40]
 *
 * Three processes, as in production: the fake Asaas (its own process, latency set once the data is
 * in), the app over a fresh database on the local PostgreSQL (BENCH_PG_URL) with its bulk worker
 * running, and this one, which creates the batch through the API, polls it until done, reads the
 * PDF as a client would and samples the app process's resident memory every 50 ms.
 */
import { fork } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { ADMIN, comServidor, entrar, servir } from './comum.js';

const { values } = parseArgs({
  options: {
    pessoas: { type: 'string', default: '1000' },
    parcelas: { type: 'string', default: '12' },
    latencia: { type: 'string', default: '20' },
    /** SIG_LOTE_CONCORRENCIA and ASAAS_MAX_SIMULTANEAS of the API process. */
    concorrencia: { type: 'string', default: '16' },
    simultaneas: { type: 'string', default: '40' },
    fake: { type: 'boolean', default: false },
    servidor: { type: 'boolean', default: false },
    'fake-url': { type: 'string' },
    'fake-chave': { type: 'string' },
    url: { type: 'string' },
    dados: { type: 'string' },
  },
});
const PESSOAS = Number(values.pessoas);
const PARCELAS = Number(values.parcelas);
const ANO = 2099;

/** A valid CPF from a number (its two check digits computed). */
function cpf(n: number) {
  const d = String(100_000_000 + n)
    .slice(-9)
    .split('')
    .map(Number);
  for (const tamanho of [9, 10]) {
    const soma = d.slice(0, tamanho).reduce((s, x, i) => s + x * (tamanho + 1 - i), 0);
    d.push(((soma * 10) % 11) % 10);
  }
  return d.join('');
}

/** Maps with at most `limite` calls at once (the data is loaded at no latency). */
async function emParalelo<T>(itens: readonly T[], limite: number, f: (item: T) => Promise<void>) {
  let proximo = 0;
  await Promise.all(
    Array.from({ length: limite }, async () => {
      while (proximo < itens.length) await f(itens[proximo++]!);
    }),
  );
}

/** Child: the fake Asaas, without its 12-hour request budget (the data load alone spends 13,000). */
async function servirFake() {
  const { iniciarAsaasFake } = await import('@sig/asaas-fake');
  const fake = await iniciarAsaasFake({ limiteRequisicoes: 1e9 });
  process.on('message', async (m: { atraso?: number } | 'parar') => {
    if (m === 'parar') {
      await fake.fechar();
      process.exit(0);
    }
    fake.definirAtraso(m.atraso ?? 0);
    process.send!({ atraso: m.atraso });
  });
  process.send!({ url: fake.url, chave: fake.chaveApi });
}

/** Server side: the people, their customers and charges at the fake, and the same rows here. */
async function preparar(db: import('@sig/db').Db) {
  const { sql } = await import('drizzle-orm');
  const base = values['fake-url']!;
  const headers = {
    access_token: values['fake-chave']!,
    'content-type': 'application/json',
    'user-agent': 'SIG/bench',
  };
  const post = async <T>(caminho: string, corpo: object) => {
    const r = await fetch(`${base}${caminho}`, { method: 'POST', headers, body: JSON.stringify(corpo) });
    if (r.status !== 200) throw new Error(`${caminho}: ${r.status} ${await r.text()}`);
    return (await r.json()) as T;
  };
  const paroquia = sql`(select id from organizacao where nivel = 2 order by id limit 1)`;
  const pessoas = (await db.execute(sql`
    insert into pessoa (nome, sobrenome, nome_busca, cpf, organizacao_id)
    select 'Carnê', 'Pessoa ' || lpad(g::text, 5, '0'), 'carne pessoa ' || lpad(g::text, 5, '0'), null, ${paroquia}
    from generate_series(1, ${PESSOAS}) g returning id`)) as unknown as { rows: { id: number }[] };
  const linhas: string[] = [];
  await emParalelo(pessoas.rows, 16, async ({ id }) => {
    const cliente = await post<{ id: string }>('/customers', {
      name: `Carnê Pessoa ${id}`,
      cpfCnpj: cpf(id),
      externalReference: `pessoa:${id}`,
    });
    for (let mes = 1; mes <= PARCELAS; mes++) {
      const vencimento = `${ANO}-${String(((mes - 1) % 12) + 1).padStart(2, '0')}-10`;
      const pagamento = await post<{ id: string }>('/payments', {
        customer: cliente.id,
        billingType: 'BOLETO',
        value: 50,
        dueDate: vencimento,
        externalReference: `bench:${id}:${mes}`,
      });
      linhas.push(JSON.stringify({ p: id, m: ((mes - 1) % 12) + 1, v: vencimento, c: cliente.id, pg: pagamento.id }));
    }
  });
  await db.execute(sql`
    with x as (select * from jsonb_to_recordset(${`[${linhas.join(',')}]`}::jsonb) as x(p int, m int, v date, c text, pg text)),
      r as (
        insert into conta_a_receber (organizacao_id, pessoa_id, tipo, mes_competencia, ano_competencia, vencimento,
          valor_previsto, cobranca_gerada)
        select ${paroquia}, x.p, 'CONTRIBUICAO', x.m, ${ANO}, x.v, 50, true from x
        returning id, pessoa_id, vencimento)
    insert into cobranca (conta_a_receber_id, provedor_id, cliente_provedor_id, forma, valor, vencimento, status,
      status_provedor)
    select r.id, x.pg, x.c, 'BOLETO', 50, x.v, 'ABERTO', 'PENDING' from r join x on x.p = r.pessoa_id and x.v = r.vencimento`);
  await db.execute(sql`analyze`);
  const [org] = (
    (await db.execute(sql`select ${paroquia} as id`)) as unknown as {
      rows: { id: number }[];
    }
  ).rows;
  return { organizacaoId: org!.id, pid: process.pid };
}

/** Resident memory of a process (MB), from /proc. */
const rss = (pid: number) => {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : 0;
};

async function medir(
  base: string,
  pronto: { geracao: string } & Record<string, unknown>,
  latencia: () => Promise<void>,
) {
  console.log(`loaded ${PESSOAS} people × ${PARCELAS} charges (database and fake) in ${pronto.geracao}`);
  const pid = pronto.pid as number;
  const token = await entrar(base, ADMIN.login, ADMIN.senha);
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  await latencia();
  const antes = rss(pid);
  const picos = { lote: antes, pdf: antes };
  let fase: keyof typeof picos = 'lote';
  const amostra = setInterval(() => {
    picos[fase] = Math.max(picos[fase], rss(pid));
  }, 50);

  const t0 = performance.now();
  const criado = await fetch(`${base}/api/emissao-carnes/lote`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ organizacaoId: String(pronto.organizacaoId), inicio: `${ANO}-01-01`, fim: `${ANO}-12-31` }),
  });
  if (criado.status !== 201) throw new Error(`batch: ${criado.status} ${await criado.text()}`);
  const { id, total } = (await criado.json()) as { id: number; total: number };
  let lote: { status: string; sucessos: number; erros: number };
  do {
    await new Promise((r) => setTimeout(r, 200));
    lote = (await (await fetch(`${base}/api/processamento-lote/${id}`, { headers })).json()) as typeof lote;
  } while (!lote.status.startsWith('CONCLUIDO'));
  const t1 = performance.now();
  fase = 'pdf';
  const r = await fetch(`${base}/api/emissao-carnes/lote/${id}/pdf`, { headers });
  if (r.status !== 200) throw new Error(`pdf: ${r.status} ${await r.text()}`);
  let bytes = 0;
  for await (const pedaco of r.body!) bytes += (pedaco as Uint8Array).length;
  const t2 = performance.now();
  clearInterval(amostra);

  const s = (ms: number) => (ms / 1000).toFixed(1);
  console.log(
    `batch ${id}: ${total} people, ${lote.sucessos} ok, ${lote.erros} errors; PDF ${r.headers.get('x-total-linhas')} slips, ${(bytes / 1048576).toFixed(1)} MB`,
  );
  console.log('| measure | value |');
  console.log('| --- | ---: |');
  console.log(`| batch (codes fetched and kept) | ${s(t1 - t0)} s |`);
  console.log(`| PDF drawn from the database and read to the last byte | ${s(t2 - t1)} s |`);
  console.log(`| end to end | ${s(t2 - t0)} s |`);
  console.log(`| API process RSS before | ${antes.toFixed(0)} MB |`);
  console.log(`| API process RSS peak during the batch | ${picos.lote.toFixed(0)} MB |`);
  console.log(`| API process RSS peak during the PDF | ${picos.pdf.toFixed(0)} MB |`);
}

if (values.fake) await servirFake();
else if (values.servidor)
  await servir(values.url!, values.dados!, preparar, {
    env: {
      ASAAS_API_KEY: values['fake-chave']!,
      ASAAS_URL: values['fake-url']!,
      SIG_LOTE_CONCORRENCIA: values.concorrencia!,
      ASAAS_MAX_SIMULTANEAS: values.simultaneas!,
    },
    trabalhador: true,
  });
else {
  const script = fileURLToPath(import.meta.url);
  const fake = fork(script, ['--fake']);
  const doFake = <T>() => new Promise<T>((r) => fake.once('message', (m) => r(m as T)));
  try {
    const { url, chave } = await doFake<{ url: string; chave: string }>();
    const args = [
      '--fake-url',
      url,
      '--fake-chave',
      chave,
      '--pessoas',
      values.pessoas!,
      '--parcelas',
      values.parcelas!,
      '--concorrencia',
      values.concorrencia!,
      '--simultaneas',
      values.simultaneas!,
    ];
    await comServidor(script, args, (base, pronto) =>
      medir(base, pronto, async () => {
        const ok = doFake();
        fake.send({ atraso: Number(values.latencia) });
        await ok;
      }),
    );
  } finally {
    fake.send('parar');
  }
}
