/**
 * The first page of each service-ticket queue over 200,000 tickets (issue 6 §7: p95 ≤ 50 ms,
 * 16 clients, PostgreSQL). bench/README.md, "Service tickets".
 *
 *   npx tsx bench/atendimentos.bench.ts [--atendimentos 200000] [--duracao 10] [--conexoes 16]
 *
 * A fresh database on the local PostgreSQL (BENCH_PG_URL, default
 * postgres://postgres@127.0.0.1:5432/test) gets the demo data and the tickets, spread over the
 * demo organizations as a national church would have them: each asks its synod, most are
 * triaged to one of a few teams, a tenth come from the demo parish secretary; numbered in the
 * order they were opened, as the app numbers them, and vacuumed as autovacuum would have. The app
 * runs in a child process (audit on); each queue: 2 s warm-up, then --duracao seconds. The
 * database is dropped afterwards.
 */
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { ADMIN, comServidor, entrar, percentil, rajada, SENHA_DEMO, servir } from './comum.js';

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

/** The tickets, generated in SQL over the demo organizations. */
async function preparar(db: import('@sig/db').Db) {
  const { sql } = await import('drizzle-orm');
  // Two more teams besides the demo one (whose member is the demo agent), and the tickets:
  // origin a community or parish, destination its synod, requester one of the demo users.
  await db.execute(sql`insert into time (nome) values ('Tesouraria do Sínodo'), ('Secretaria Geral')`);
  await db.execute(sql`
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
    cross join usuarios cross join times cross join paroquia cross join categoria
    order by g desc`);
  await db.execute(sql`select setval(pg_get_serial_sequence('atendimento', 'id'), (select max(id) from atendimento))`);
  await db.execute(sql`vacuum analyze`);
  return undefined;
}

async function medir(base: string, pronto: { geracao: string }) {
  console.log(`generated ${Number(values.atendimentos).toLocaleString('en')} tickets in ${pronto.geracao}`);
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
    const { r, tempos } = await rajada(opcoes, conexoes, duracao);
    console.log(
      `| ${nome} | ${total.toLocaleString('en')} | ${Math.round(r.requests.average).toLocaleString('en')} | ${percentil(tempos, 50)} | ${percentil(tempos, 95)} | ${percentil(tempos, 99)} | ${r.non2xx} |`,
    );
  }
}

if (values.servidor) await servir(values.url!, values.dados!, preparar);
else
  await comServidor(
    fileURLToPath(import.meta.url),
    ['--atendimentos', values.atendimentos!],
    (base, pronto) => medir(base, pronto),
    values.manter,
  );
