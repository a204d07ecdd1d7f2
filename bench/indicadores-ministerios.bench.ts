/**
 * The ministries indicator (`/api/indicadores/ministerios`) at national scale (issue 21: p95 ≤ 300 ms
 * with 8 clients, 20,000 ministries with 10 years of statistics, PostgreSQL). bench/README.md,
 * "Ministries indicator".
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/<db> SIG_ADMIN_PASSWORD=Bench@2026x npm run generate -- --people 1000000
 *   npx tsx bench/indicadores-ministerios.bench.ts --banco postgres://postgres@127.0.0.1:5432/<db> [--duracao 10] [--conexoes 8]
 *
 * The generator writes no ministries: the first run adds 20,000 spread over the communities, each
 * with a coordinator of its community and ten years of figures (a tenth of the years not reported,
 * some did not meet), set-based, then migrates and serves the app in a child process (audit on).
 * Each scenario: 2 s warm-up, then --duracao seconds. The database is left as it is.
 */
import { fork } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { ADMIN, entrar, percentil, rajada, SENHA_DEMO, servir } from './comum.js';

const { values } = parseArgs({
  options: {
    banco: { type: 'string' },
    duracao: { type: 'string', default: '10' },
    conexoes: { type: 'string', default: '8' },
    servidor: { type: 'boolean', default: false },
    url: { type: 'string' },
    dados: { type: 'string' },
  },
});

type Parametros = { sinodoId: number; paroquiaId: number; porta: number; geracao: string };

const MINISTERIOS = 20_000;
const ANOS = 10;

/** The ministries and their figures, once; and the ids the scenarios name. */
async function preparar(db: import('@sig/db').Db) {
  const { sql } = await import('drizzle-orm');
  const linhas = async <T>(q: ReturnType<typeof sql>) => ((await db.execute(q)) as unknown as { rows: T[] }).rows;
  const [{ n }] = await linhas<{ n: number }>(sql`select count(*)::int as n from ministerio`);
  if (n < MINISTERIOS) {
    // One community per ministry in turn, its first person as coordinator and participant.
    await db.execute(sql`with comunidades as (
        select o.id, row_number() over (order by o.id) - 1 as k, count(*) over () as total,
          (select min(p.id) from pessoa p where p.organizacao_id = o.id) as pessoa_id
        from organizacao o where o.excluido_em is null
          and exists (select 1 from pessoa p where p.organizacao_id = o.id)),
      tipos as (select id, row_number() over (order by id) - 1 as k, count(*) over () as total from tipo_grupo)
      insert into ministerio (organizacao_id, nome, tipo_grupo_id, coordenador_id, reunioes_por_ano)
      select c.id, 'Grupo ' || g.i, t.id, c.pessoa_id, (array[12, 24, 40, 48, 10])[1 + g.i % 5]
      from generate_series(${n}::int, ${MINISTERIOS - 1}::int) g(i)
        join comunidades c on c.k = g.i % c.total
        join tipos t on t.k = g.i % t.total`);
    await db.execute(sql`insert into ministerio_participante (ministerio_id, pessoa_id, funcao)
      select m.id, m.coordenador_id, 'COORDENACAO' from ministerio m
      where not exists (select 1 from ministerio_participante x where x.ministerio_id = m.id)`);
    const h = (semente: number) => sql.raw(`(hashint8extended(m.id * 10000 + y.ano, ${semente}) & 2147483647)`);
    await db.execute(sql`insert into ministerio_estatistica (ministerio_id, ano, situacao, origem, reunioes_realizadas,
        media_presentes, participantes_masculinos, participantes_femininos)
      select m.id, y.ano, s.situacao, 'DIGITADA',
        case when s.situacao = 'REUNIU' then 1 + ${h(2)} % m.reunioes_por_ano else 0 end,
        case when s.situacao = 'REUNIU' then 3 + ${h(3)} % 40 else 0 end,
        case when s.situacao = 'REUNIU' then ${h(4)} % 30 else 0 end,
        case when s.situacao = 'REUNIU' then ${h(5)} % 40 else 0 end
      from ministerio m
        cross join generate_series(extract(year from current_date)::int - ${ANOS - 1}, extract(year from current_date)::int) y(ano)
        cross join lateral (select case when ${h(1)} % 20 = 0 then 'NAO_REUNIU' else 'REUNIU' end as situacao) s
      where ${h(6)} % 10 <> 0
      on conflict do nothing`);
    await db.execute(sql`vacuum analyze ministerio`);
    await db.execute(sql`vacuum analyze ministerio_estatistica`);
  }
  const [ids] = await linhas<Omit<Parametros, 'porta' | 'geracao'>>(sql`select
    (select id from organizacao where nome_fantasia = 'Sínodo Rio dos Sinos') as "sinodoId",
    (select organizacao_id from ministerio group by 1 order by count(*) desc limit 1) as "paroquiaId"`);
  return ids;
}

async function medir(base: string, p: Parametros) {
  const admin = await entrar(base, ADMIN.login, ADMIN.senha);
  const sinodo = await entrar(base, 'sinodo-rio-dos-sinos@sig.local', SENHA_DEMO);
  const ano = new Date().getFullYear();
  const alvos: [string, string, string][] = [
    ['whole church, this year (administrator)', 'periodo=2', admin],
    ['whole church, last year', `periodo=2&periodoDe=${ano - 1}-01-01&periodoAte=${ano - 1}-12-31`, admin],
    ['synod subtree (synod secretary)', `periodo=2&organizacaoId=${p.sinodoId}`, sinodo],
    ['largest community, own only', `periodo=2&organizacaoId=${p.paroquiaId}&somenteMinhaOrganizacao=true`, admin],
  ];
  const conexoes = Number(values.conexoes);
  const duracao = Number(values.duracao);
  console.log(`| scenario | ministries | req/s | p50 ms | p95 ms | p99 ms | non-2xx |`);
  console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: |');
  for (const [nome, consulta, token] of alvos) {
    const opcoes = {
      url: `${base}/api/indicadores/ministerios?${consulta}`,
      headers: { authorization: `Bearer ${token}` },
    };
    const sonda = await fetch(opcoes.url, { headers: opcoes.headers });
    if (sonda.status !== 200) throw new Error(`${nome}: probe answered ${sonda.status} ${await sonda.text()}`);
    const { ministerios } = (await sonda.json()) as { ministerios: number };
    const { r, tempos } = await rajada(opcoes, conexoes, duracao);
    console.log(
      `| ${nome} | ${ministerios.toLocaleString('en')} | ${Math.round(r.requests.average).toLocaleString('en')} | ${percentil(tempos, 50)} | ${percentil(tempos, 95)} | ${percentil(tempos, 99)} | ${r.non2xx} |`,
    );
  }
}

if (values.servidor) await servir(values.url!, values.dados!, preparar, { demo: false });
else {
  if (!values.banco) throw new Error('--banco postgres://… (a database filled by `npm run generate`)');
  const dados = mkdtempSync(path.join(os.tmpdir(), 'sig-bench-'));
  const filho = fork(fileURLToPath(import.meta.url), ['--servidor', '--dados', dados, '--url', values.banco]);
  try {
    const pronto = await new Promise<Parametros>((resolve, reject) => {
      filho.once('message', (m) => resolve(m as Parametros));
      filho.once('exit', (c) => reject(new Error(`server exited with ${c}`)));
    });
    console.log(`prepared in ${pronto.geracao}`);
    await medir(`http://127.0.0.1:${pronto.porta}`, pronto);
  } finally {
    if (filho.connected) {
      const saiu = new Promise((r) => filho.once('exit', r));
      filho.send('parar');
      await saiu;
    }
    rmSync(dados, { recursive: true, force: true });
  }
}
