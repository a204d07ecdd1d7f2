/**
 * A consent term sent to a whole synod (issue 22: 10,000 term requests queued and e-mailed to a
 * local SMTP sink ≤ 2 min). bench/README.md, "Consent terms".
 *
 *   BENCH_PG_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/termos-envio.bench.ts \
 *     [--pessoas 10000] [--banco ter_bench] [--manter]
 *
 * A fresh database (--banco) gets the demo organizations and --pessoas people with an e-mail spread
 * over the communities of the Rio dos Sinos synod (set-based SQL). The app runs in a child process
 * working its job queues (as `SIG_ROLE=all`) with `SMTP_URL` pointing to an SMTP sink served in
 * this process. Through the API a term is created and published, then sent to the synod; the clock
 * runs from that request to the last message the sink receives. The CPU of the app process, of the
 * database's backends and of this process (the sink) is read from /proc over the same span.
 */
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { iniciarSmtpFalso } from '../apps/api/test/smtp-falso.js';
import { ADMIN, comServidor, conectar, entrar, medirCpu, servir } from './comum.js';

const { values } = parseArgs({
  options: {
    pessoas: { type: 'string', default: '10000' },
    banco: { type: 'string', default: 'ter_bench' },
    smtp: { type: 'string' },
    servidor: { type: 'boolean', default: false },
    url: { type: 'string' },
    dados: { type: 'string' },
    manter: { type: 'boolean', default: false },
  },
});
const SINODO = 'Sínodo Rio dos Sinos';

/** The people, in SQL: one of each community of the synod in turn, all with an e-mail. */
async function preparar(db: import('@sig/db').Db) {
  const { sql } = await import('drizzle-orm');
  await db.execute(sql`
    with s as (select caminho from organizacao where nome_fantasia = ${SINODO}),
    sub as (select o.id, o.nivel from organizacao o, s where o.caminho like s.caminho || '%'),
    c as (select id, row_number() over (order by id) - 1 as n from sub where nivel = (select max(nivel) from sub)),
    k as (select count(*) as n from c)
    insert into pessoa (organizacao_id, nome, sobrenome, nome_busca, email, status)
    select c.id, 'Membro ' || g, 'Bancada', 'membro ' || g || ' bancada', 'membro' || g || '@bancada.exemplo', 'ATIVO'
    from generate_series(0, ${Number(values.pessoas) - 1}) g cross join k join c on c.n = g % k.n`);
  await db.execute(sql`vacuum analyze pessoa`);
  return undefined;
}

async function medir(
  base: string,
  pronto: { geracao: string; pid: number },
  sink: Awaited<ReturnType<typeof iniciarSmtpFalso>>,
) {
  console.log(`generated ${Number(values.pessoas).toLocaleString('en')} people in ${pronto.geracao}`);
  const banco = await conectar(values.banco!);
  const token = await entrar(base, ADMIN.login, ADMIN.senha);
  const api = async (metodo: string, caminho: string, corpo?: object) => {
    const r = await fetch(`${base}/api${caminho}`, {
      method: metodo,
      headers: { authorization: `Bearer ${token}`, ...(corpo ? { 'content-type': 'application/json' } : {}) },
      body: corpo ? JSON.stringify(corpo) : undefined,
    });
    if (!r.ok) throw new Error(`${metodo} ${caminho}: ${r.status} ${await r.text()}`);
    return r.json() as Promise<Record<string, unknown>>;
  };
  const {
    rows: [sinodo],
  } = await banco.query<{ id: number }>('select id from organizacao where nome_fantasia = $1', [SINODO]);
  const termo = await api('POST', '/termos', {
    organizacaoId: sinodo!.id,
    nome: 'Consentimento de dados (bancada)',
    categoriaTermo: 'CONSENTIMENTO_DADOS',
    remetente: 'Secretaria Sinodal',
    assuntoEmail: 'Seu consentimento',
    corpoEmail: 'Olá, {{nome}}.\n\nLeia e responda pelo link: {{link}}',
    texto: 'Autorizo o tratamento dos meus dados pessoais pela igreja.',
  });
  const idc = termo.idCompartilhado as string;
  await api('POST', `/termos/publicar/${idc}`);

  const carga = os.loadavg();
  const recebidasAntes = sink.recebidas.length;
  const cpu = await medirCpu(pronto.pid, banco);
  const t0 = performance.now();
  const envio = await api('POST', `/termos/solicitacoes/${idc}/envio`, { organizacaoId: sinodo!.id });
  const tResposta = performance.now() - t0;
  const total = envio.total as number;
  let tFila = 0;
  let tUltima = 0;
  // The sink is looked at every 20 ms; the sending's progress (a count in the database) every 500 ms.
  for (let i = 1; !tUltima; i++) {
    await new Promise((r) => setTimeout(r, 20));
    if (!tFila && i % 25 === 0 && (await api('GET', `/termos/solicitacoes/${idc}/envio`)).concluido)
      tFila = performance.now() - t0;
    if (sink.recebidas.length - recebidasAntes >= total) tUltima = performance.now() - t0;
  }
  const gasto = await cpu();
  await banco.end();

  const seg = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
  const c = (xs: number[]) => xs.map((x) => x.toFixed(2)).join(' ');
  console.log(`load average before: ${c(carga)}; after: ${c(gasto.carga)}`);
  console.log('| step | time from the request |');
  console.log('| --- | ---: |');
  console.log(
    `| POST …/envio answered (${total.toLocaleString('en')} requests written, job queued) | ${seg(tResposta)} |`,
  );
  console.log(`| every request given its token and its e-mail in the outbox | ${seg(tFila)} |`);
  console.log(`| **${total.toLocaleString('en')}th message received by the SMTP sink** | **${seg(tUltima)}** |`);
  console.log(
    `CPU over the span: app process ${gasto.app.toFixed(1)} s, database backends ${gasto.banco.toFixed(1)} s, sink ${gasto.este.toFixed(1)} s (wall ${seg(tUltima)})`,
  );
}

if (values.servidor)
  await servir(values.url!, values.dados!, preparar, {
    env: { SMTP_URL: values.smtp! },
    trabalhar: true,
  });
else {
  const sink = await iniciarSmtpFalso();
  try {
    await comServidor(
      fileURLToPath(import.meta.url),
      ['--smtp', sink.url, '--pessoas', values.pessoas!, '--banco', values.banco!],
      (base, pronto) => medir(base, pronto, sink),
      values.manter,
      values.banco,
    );
  } finally {
    await sink.fechar();
  }
}
