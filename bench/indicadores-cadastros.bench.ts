/**
 * The registry indicator (`/api/indicadores/cadastros`) over a generated national data set
 * (issue 18: p95 ≤ 300 ms with 8 clients at 1M people, PostgreSQL). bench/README.md, "Registry indicator".
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/<db> SIG_ADMIN_PASSWORD=Bench@2026x npm run generate -- --people 1000000
 *   npx tsx bench/indicadores-cadastros.bench.ts --banco postgres://postgres@127.0.0.1:5432/<db> [--duracao 10] [--conexoes 8]
 *
 * The generator writes no integration history: the first run adds one integration per person
 * (within the last 30 years) and a withdrawal per withdrawn or deceased person (within the last
 * ten years, a death at its date), set-based, then migrates and serves the app in a child process
 * (audit on). Each scenario: 2 s warm-up, then --duracao seconds. The database is left as it is.
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

type Parametros = { sinodoId: number; paroquiaId: number; tipoMembro: number; porta: number; geracao: string };

/** The integration history, once; and the ids the scenarios name. */
async function preparar(db: import('@sig/db').Db) {
  const { sql } = await import('drizzle-orm');
  const linhas = async <T>(q: ReturnType<typeof sql>) => ((await db.execute(q)) as unknown as { rows: T[] }).rows;
  const [{ n }] = await linhas<{ n: number }>(sql`select count(*)::int as n from pessoa_integracao`);
  if (n === 0) {
    const h = (semente: number) => sql.raw(`(hashint8extended(p.id, ${semente}) & 2147483647)`);
    await db.execute(sql`insert into pessoa_integracao (pessoa_id, tipo, data, forma, organizacao_id)
      select p.id, 'INTEGRACAO',
        least(current_date, greatest(coalesce(p.data_nascimento, date '1990-01-01'), current_date - (${h(7)} % 10950)::int)),
        (array['BATISMO','CONFIRMACAO','TRANSFERENCIA','PROFISSAO_FE','READMISSAO'])[1 + ${h(8)} % 5], p.organizacao_id
      from pessoa p where p.excluido_em is null`);
    await db.execute(sql`insert into pessoa_integracao (pessoa_id, tipo, data, forma, organizacao_id, motivo)
      select p.id, 'DESLIGAMENTO',
        case when p.status = 'FALECIDO' then coalesce(p.data_falecimento, current_date) else current_date - (${h(9)} % 3650)::int end,
        case when p.status = 'FALECIDO' then 'FALECIMENTO'
          else (array['TRANSFERENCIA','A_PEDIDO','EXCLUSAO','MUDANCA'])[1 + ${h(10)} % 4] end,
        p.organizacao_id, 'bench'
      from pessoa p where p.excluido_em is null and p.status in ('FALECIDO', 'DESLIGADO')`);
    await db.execute(sql`vacuum analyze pessoa_integracao`);
  }
  const [ids] = await linhas<Omit<Parametros, 'porta' | 'geracao'>>(sql`select
    (select id from organizacao where nome_fantasia = 'Sínodo Rio dos Sinos') as "sinodoId",
    (select organizacao_id from pessoa group by 1 order by count(*) desc limit 1) as "paroquiaId",
    (select min(id) from tipo_pessoa where nome = 'Membro') as "tipoMembro"`);
  return ids;
}

async function medir(base: string, p: Parametros) {
  const admin = await entrar(base, ADMIN.login, ADMIN.senha);
  const sinodo = await entrar(base, 'sinodo-rio-dos-sinos@sig.local', SENHA_DEMO);
  const alvos: [string, string, string][] = [
    ['whole church, last 10 months (administrator)', 'periodo=1', admin],
    ['whole church, 10 years', 'periodo=2&periodoDe=2017-01-01', admin],
    [
      'whole church, members, holders, active, complete',
      `periodo=1&tiposPessoaIds=${p.tipoMembro}&titular=true&status=ATIVO&cadastroCompleto=true`,
      admin,
    ],
    [
      'whole church, 10 years, members, holders, active, complete',
      `periodo=2&periodoDe=2017-01-01&tiposPessoaIds=${p.tipoMembro}&titular=true&status=ATIVO&cadastroCompleto=true`,
      admin,
    ],
    ['synod subtree (synod secretary)', `periodo=1&organizacaoId=${p.sinodoId}`, sinodo],
    [
      'synod subtree, members, withdrawn or deceased, incomplete',
      `periodo=1&organizacaoId=${p.sinodoId}&tiposPessoaIds=${p.tipoMembro}&status=DESLIGADO&status=FALECIDO&cadastroCompleto=false`,
      sinodo,
    ],
    [
      'largest community, own only, 31 days',
      `periodo=0&organizacaoId=${p.paroquiaId}&somenteMinhaOrganizacao=true&periodoDe=2026-10-01&periodoAte=2026-10-31`,
      admin,
    ],
  ];
  const conexoes = Number(values.conexoes);
  const duracao = Number(values.duracao);
  console.log(`| scenario | people | req/s | p50 ms | p95 ms | p99 ms | non-2xx |`);
  console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: |');
  for (const [nome, consulta, token] of alvos) {
    const opcoes = {
      url: `${base}/api/indicadores/cadastros?${consulta}`,
      headers: { authorization: `Bearer ${token}` },
    };
    const sonda = await fetch(opcoes.url, { headers: opcoes.headers });
    if (sonda.status !== 200) throw new Error(`${nome}: probe answered ${sonda.status} ${await sonda.text()}`);
    const { pessoas } = (await sonda.json()) as { pessoas: number };
    const { r, tempos } = await rajada(opcoes, conexoes, duracao);
    console.log(
      `| ${nome} | ${pessoas.toLocaleString('en')} | ${Math.round(r.requests.average).toLocaleString('en')} | ${percentil(tempos, 50)} | ${percentil(tempos, 95)} | ${percentil(tempos, 99)} | ${r.non2xx} |`,
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
