/**
 * The books at national scale (issue 7 §9): 2,000,000 cash-ledger entries over the real-size
 * organization tree. Targets on PostgreSQL: a cash account's balance for a period ≤ 50 ms; a
 * synod's yearly financial report over all its descendants ≤ 2 s. bench/README.md, "Books".
 *
 *   npx tsx bench/livros.bench.ts [--lancamentos 2000000] [--duracao 10] [--conexoes 8]
 *
 * Every organization of the generated tree (2,443) keeps one cash account with monthly periods
 * over 2024–2025; a chart of 20 analytic accounts and 5 cost centres is shared from the national
 * church. The entries fall on every organization alike, on days spread over the two years.
 */
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import autocannon, { type Resultado } from 'autocannon';
import { ADMIN, comServidor, entrar, percentil, servir } from './comum.js';

const { values } = parseArgs({
  options: {
    lancamentos: { type: 'string', default: '2000000' },
    duracao: { type: 'string', default: '10' },
    conexoes: { type: 'string', default: '8' },
    relatorios: { type: 'string', default: '5' },
    servidor: { type: 'boolean', default: false },
    url: { type: 'string' },
    dados: { type: 'string' },
    manter: { type: 'boolean', default: false },
  },
});

async function preparar(db: import('@sig/db').Db) {
  const { sql } = await import('drizzle-orm');
  const { gerar } = await import('../packages/db/src/seed/gerador.js');
  await gerar(db, { pessoas: 0 });
  const raiz = sql`(select id from organizacao where nivel = 0 order by id limit 1)`;
  await db.execute(sql`insert into plano_conta (nome, organizacao_id, codigo_interno, codigo_contabil, tipo_plano_conta,
      natureza_plano_conta, acessivel_hierarquia)
    select 'Conta ' || g, ${raiz}, 'B' || lpad(g::text, 2, '0'), '3.' || g, 'ANALITICA',
      case when g <= 10 then 'RECEITA' else 'DESPESA' end, true
    from generate_series(1, 20) g`);
  await db.execute(sql`insert into controle_gerencial (nome, organizacao_id, codigo, acessivel_hierarquia)
    select 'Centro ' || g, ${raiz}, 'C' || g, true from generate_series(1, 5) g`);
  await db.execute(sql`insert into conta_caixa (nome, organizacao_id, tipo_conta_caixa, codigo_contabil, saldo_inicial,
      data_saldo_inicial)
    select 'Caixa', id, 'CAIXA', '1.1.01', 1000, '2024-01-01' from organizacao`);
  await db.execute(sql`insert into periodo_contabil (conta_caixa_id, data_inicio, data_fim, saldo_inicial)
    select c.id, m::date, (m + interval '1 month - 1 day')::date, 0
    from conta_caixa c cross join generate_series('2024-01-01'::date, '2025-12-01'::date, interval '1 month') m`);
  await db.execute(sql`
    with contas as (select id, organizacao_id, row_number() over (order by id) - 1 as n, count(*) over () as total
        from conta_caixa),
      planos as (select array_agg(id order by id) as ids from plano_conta),
      centros as (select array_agg(id order by id) as ids from controle_gerencial),
      l as (select g, ('2024-01-01'::date + ((g::bigint * 7919) % 731)::int)::date as d from generate_series(1, ${Number(values.lancamentos)}) g)
    insert into lancamento_caixa (organizacao_id, conta_caixa_id, periodo_contabil_id, data, tipo, valor, plano_conta_id,
      controle_gerencial_id, historico)
    select c.organizacao_id, c.id, p.id, l.d, case when l.g % 3 = 0 then 'SAIDA' else 'ENTRADA' end,
      case when l.g % 3 = 0 then -(10 + l.g % 490) else 10 + l.g % 990 end,
      planos.ids[1 + l.g % 20], case when l.g % 4 = 0 then null else centros.ids[1 + l.g % 5] end,
      'Lançamento ' || l.g
    from l join contas c on c.n = l.g % c.total
      join periodo_contabil p on p.conta_caixa_id = c.id and p.data_inicio = date_trunc('month', l.d)::date
      cross join planos cross join centros`);
  await db.execute(sql`vacuum (analyze) lancamento_caixa`);
  await db.execute(sql`analyze`);
  const r = (await db.execute(sql`select s.id, count(*)::int as n from organizacao s
    join organizacao o on o.caminho like s.caminho || '%' where s.nivel = 1 group by s.id order by n desc limit 1`)) as unknown as {
    rows: { id: number; n: number }[];
  };
  return { sinodo: r.rows[0]!.id, organizacoes: r.rows[0]!.n };
}

async function medir(base: string, pronto: { geracao: string } & Record<string, unknown>) {
  console.log(`generated ${Number(values.lancamentos).toLocaleString('en')} entries in ${pronto.geracao}`);
  const token = await entrar(base, ADMIN.login, ADMIN.senha);
  const headers = { authorization: `Bearer ${token}` };
  const get = async (caminho: string) => {
    const r = await fetch(`${base}/api/${caminho}`, { headers });
    if (r.status !== 200) throw new Error(`${caminho}: ${r.status} ${await r.text()}`);
    return r.json();
  };

  // A period of a busy account: the balance is the period's initial one plus its entries.
  const periodos = (await get('periodo-contabil/paginado?quantidade=1&situacao=ABERTO&ordem=desc')) as {
    itens: { id: number }[];
  };
  const periodoId = periodos.itens[0]!.id;
  const opcoes = { url: `${base}/api/periodo-contabil/${periodoId}`, headers };
  await autocannon({ ...opcoes, connections: Number(values.conexoes), duration: 2 });
  const tempos: number[] = [];
  const execucao = autocannon({ ...opcoes, connections: Number(values.conexoes), duration: Number(values.duracao) });
  execucao.on('response', (_c, status, _b, ms) => {
    if (status === 200) tempos.push(ms);
  });
  const r: Resultado = await execucao;
  console.log('| measure | req/s | p50 ms | p95 ms | p99 ms | non-2xx |');
  console.log('| --- | ---: | ---: | ---: | ---: | ---: |');
  console.log(
    `| balance of one cash account's period (${values.conexoes} clients) | ${Math.round(r.requests.average)} | ${percentil(tempos, 50)} | ${percentil(tempos, 95)} | ${percentil(tempos, 99)} | ${r.non2xx} |`,
  );

  // The synod with the most organizations under it, its 2025 report, one request at a time.
  const maior = { id: pronto.sinodo as number, organizacoes: pronto.organizacoes as number };
  const consulta = `organizacaoId=${maior.id}&periodoDe=2025-01-01&periodoAte=2025-12-31`;
  const amostra = (await get(`relatorio-financeiro?${consulta}`)) as {
    contas: unknown[];
    totais: { entradas: string };
  };
  const duracoes: number[] = [];
  for (let i = 0; i < Number(values.relatorios); i++) {
    const t = performance.now();
    await get(`relatorio-financeiro?${consulta}`);
    duracoes.push(performance.now() - t);
  }
  const ms = (v: number) => Math.round(v);
  console.log(
    `| synod's 2025 financial report (${maior.organizacoes} organizations, ${amostra.contas.length} cash accounts, money in ${amostra.totais.entradas}), ${values.relatorios} runs | – | ${ms(percentil(duracoes, 50))} | max ${ms(Math.max(...duracoes))} | – | 0 |`,
  );
  const gerencial: number[] = [];
  for (let i = 0; i < Number(values.relatorios); i++) {
    const t = performance.now();
    await get(`relatorio-gerencial?${consulta}`);
    gerencial.push(performance.now() - t);
  }
  console.log(
    `| the same synod's 2025 management report, ${values.relatorios} runs | – | ${ms(percentil(gerencial, 50))} | max ${ms(Math.max(...gerencial))} | – | 0 |`,
  );
}

if (values.servidor) await servir(values.url!, values.dados!, preparar, { demo: false });
else
  await comServidor(
    fileURLToPath(import.meta.url),
    ['--lancamentos', values.lancamentos!],
    (base, pronto) => medir(base, pronto),
    values.manter,
  );
