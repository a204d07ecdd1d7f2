/**
 * The search of a deceased by name among the burials of the whole church (issue 20: 200,000
 * burials, p95 ≤ 50 ms at 32 clients, PostgreSQL). bench/README.md, "Deceased search".
 *
 *   npx tsx bench/falecido-busca.bench.ts [--falecidos 200000] [--duracao 10] [--conexoes 32]
 *     [--banco fal_bench_busca] [--manter] [--perfil-cpu DIR]
 *
 * A fresh database on the local PostgreSQL (BENCH_PG_URL, default
 * postgres://postgres@127.0.0.1:5432/test) gets the demo data and the burials: a cemetery in
 * each parish-level organization, a concession per plot, two or three deceased per plot, their
 * names drawn from German-Brazilian first names and surnames (accents included), vacuumed as
 * autovacuum would have. The app runs in a child process (audit on); each search: 2 s warm-up,
 * then --duracao seconds, the administrator's first page (the whole church, count included).
 * The database is dropped afterwards. Each search also prints the SQL statements the server sent per
 * answer (counted on the driver, over 100 answers in a row); `--perfil-cpu DIR` writes the
 * server's V8 CPU profile there (bench/resumo-cpuprofile.ts).
 */
import type { ChildProcess } from 'node:child_process';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { ADMIN, comServidor, entrar, percentil, rajada, servir } from './comum.js';

const { values } = parseArgs({
  options: {
    falecidos: { type: 'string', default: '200000' },
    duracao: { type: 'string', default: '10' },
    conexoes: { type: 'string', default: '32' },
    servidor: { type: 'boolean', default: false },
    url: { type: 'string' },
    dados: { type: 'string' },
    banco: { type: 'string', default: 'fal_bench_busca' },
    /** Keep the generated database (its name is printed), to look at plans. */
    manter: { type: 'boolean', default: false },
    'perfil-cpu': { type: 'string' },
  },
});

const PRENOMES = [
  'Heinrich',
  'Frida',
  'Bruno',
  'Elsa',
  'Otto',
  'Greta',
  'Wilhelm',
  'Hilda',
  'Karl',
  'Irmã',
  'Ernst',
  'Zélia',
  'João',
  'Lúcia',
];
const SOBRENOMES = [
  'Schmidt',
  'Krüger',
  'Müller',
  'Weber',
  'Becker',
  'Hoffmann',
  'Schulz',
  'Koch',
  'Richter',
  'Gonçalves',
  'Böhm',
  'Wagner',
  'Schäfer',
  'Lange',
  'Zimmermann',
  'Braun',
  'Hartmann',
  'Krause',
  'Fischer',
  'Meyer',
  'Conceição',
  'Scholz',
  'Möller',
  'Neumann',
];

/** The burials, generated in SQL: plots, concessions and deceased in each parish's cemetery. */
async function preparar(db: import('@sig/db').Db) {
  const { sql } = await import('drizzle-orm');
  const lista = (xs: string[]) =>
    sql.join(
      xs.map((x) => sql`${x}`),
      sql`, `,
    );
  const falecidos = Number(values.falecidos);
  // 2.5 burials a plot on average.
  const plots = Math.ceil(falecidos / 2.5);
  await db.execute(sql`insert into cemiterio (organizacao_id, nome)
    select id, 'Cemitério ' || nome_fantasia from organizacao where nivel >= 2`);
  await db.execute(sql`
    with c as (select id, row_number() over (order by id) - 1 as n from cemiterio)
    insert into jazigo (cemiterio_id, quadra, fileira, numero, tipo_jazigo, capacidade, situacao_jazigo)
    select c.id, 'Q' || chr(65 + (g / 1000) % 26), 1 + (g / 50) % 20, 1 + g % 50 + 50 * (g / 26000), 'SEPULTURA', 3, 'OCUPADO'
    from generate_series(0, ${plots - 1}) g join c on c.n = g % (select count(*) from cemiterio)`);
  await db.execute(sql`
    with p as (select array_agg(id) as ids from pessoa where excluido_em is null)
    insert into arrendatario (jazigo_id, pessoa_id, tipo_concessao, inicio, valor, parcelas)
    select j.id, p.ids[1 + j.id % array_length(p.ids, 1)], 'PERPETUA', date '2000-01-01' + (j.id % 9000), 3000, 1
    from jazigo j cross join p where not exists (select from arrendatario a where a.jazigo_id = j.id)`);
  await db.execute(sql`
    with a as (select id, jazigo_id, row_number() over (order by id) - 1 as n from arrendatario),
    nomes as (select array[${lista(PRENOMES)}]::text[] as pre, array[${lista(SOBRENOMES)}]::text[] as sob)
    insert into falecido (jazigo_id, arrendatario_id, nome, data_nascimento, data_falecimento, data_sepultamento, gaveta)
    select a.jazigo_id, a.id,
      nomes.pre[1 + g % array_length(nomes.pre, 1)] || ' ' || nomes.sob[1 + (g / 7) % array_length(nomes.sob, 1)]
        || ' ' || nomes.sob[1 + (g / 131) % array_length(nomes.sob, 1)],
      date '1920-01-01' + (g % 20000), date '1990-01-01' + (g % 12000), date '1990-01-03' + (g % 12000),
      chr(65 + g % 3)
    from generate_series(0, ${falecidos - 1}) g join a on a.n = g % (select count(*) from arrendatario) cross join nomes`);
  await db.execute(sql`vacuum analyze`);
  return undefined;
}

/** The statements the server has sent to PostgreSQL so far (its driver's count, `contarConsultas`). */
const consultasDoServidor = (filho: ChildProcess) =>
  new Promise<number>((ok) => {
    const resposta = (m: unknown) => {
      const n = (m as { consultas?: number }).consultas;
      if (n === undefined) return;
      filho.off('message', resposta);
      ok(n);
    };
    filho.on('message', resposta);
    filho.send('consultas');
  });

/** Server side: counts every statement sent through the driver, told to the parent when it asks. */
async function contarConsultas() {
  const pg = (await import('pg')).default;
  let n = 0;
  const query = pg.Client.prototype.query;
  pg.Client.prototype.query = function (this: unknown, ...args: unknown[]) {
    n++;
    return (query as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof query;
  process.on('message', (m) => {
    if (m === 'consultas') process.send!({ consultas: n });
  });
}

async function medir(base: string, pronto: { geracao: string }, filho: ChildProcess) {
  console.log(`generated ${Number(values.falecidos).toLocaleString('en')} burials in ${pronto.geracao}`);
  const token = await entrar(base, ADMIN.login, ADMIN.senha);
  const buscas: [string, string][] = [
    ['a full name, accents typed', 'Zélia Böhm Conceição'],
    ['a full name, no accents', 'zelia bohm conceicao'],
    ['a surname', 'krüger'],
    ['part of a surname (3 letters)', 'mer'],
  ];
  const conexoes = Number(values.conexoes);
  const duracao = Number(values.duracao);
  console.log(
    '| search, first page of 10 (administrator) | found | req/s | p50 ms | p95 ms | p99 ms | non-2xx | statements per answer |',
  );
  console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
  for (const [nome, termo] of buscas) {
    const opcoes = {
      url: `${base}/api/falecido/paginado?pagina=1&quantidade=10&nome=${encodeURIComponent(termo)}`,
      headers: { authorization: `Bearer ${token}` },
    };
    const sonda = await fetch(opcoes.url, { headers: opcoes.headers });
    if (sonda.status !== 200) throw new Error(`${termo}: probe answered ${sonda.status}`);
    const { total } = (await sonda.json()) as { total: number };
    const { r, tempos } = await rajada(opcoes, conexoes, duracao);
    const antes = await consultasDoServidor(filho);
    for (let i = 0; i < 100; i++) await (await fetch(opcoes.url, { headers: opcoes.headers })).arrayBuffer();
    const porResposta = ((await consultasDoServidor(filho)) - antes) / 100;
    console.log(
      `| ${nome} | ${total.toLocaleString('en')} | ${Math.round(r.requests.average).toLocaleString('en')} | ${percentil(tempos, 50)} | ${percentil(tempos, 95)} | ${percentil(tempos, 99)} | ${r.non2xx} | ${porResposta} |`,
    );
    console.log(
      `load average ${os
        .loadavg()
        .map((x) => x.toFixed(2))
        .join(', ')}`,
    );
  }
}

if (values.servidor) {
  await contarConsultas();
  await servir(values.url!, values.dados!, preparar);
} else
  await comServidor(
    fileURLToPath(import.meta.url),
    ['--falecidos', values.falecidos!],
    medir,
    values.manter,
    values.banco,
    values['perfil-cpu'],
  );
