/**
 * The worship, money, tickets and registrations indicators (`/api/indicadores/cultos`,
 * `financeiros`, `atendimentos`, `inscricoes`) at national scale and on the demo (issue 18,
 * figures: p95 ≤ 300 ms with 8 clients, as for the registry one). bench/README.md, "Worship,
 * money, tickets and registrations indicators".
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/<db> SIG_ADMIN_PASSWORD=Bench@2026x npm run generate -- --people 1000000
 *   npx tsx bench/indicadores.bench.ts --banco postgres://postgres@127.0.0.1:5432/<db> [--duracao 10] [--conexoes 8]
 *     [--alvos cultos,financeiros,atendimentos,inscricoes] [--respostas DIR]
 *   npm run build && npx tsx bench/indicadores.bench.ts --demo [--vezes 20]
 *
 * `--banco`: the generator writes none of these, so the first run adds, set-based (one INSERT …
 * SELECT per table, through the tables so the kept totals' triggers run), for every community:
 * two years (this one and the last) of Sunday services with attendance and offerings posted to
 * its worship cash box, its books (two cash accounts, three ledger accounts, a period a month, the
 * monthly bills), a year of monthly receivables for one active holder in eight with their charges,
 * receipts, payments posted and a few refunds reversed, tickets in every status over ten years,
 * and a yearly event with registrations (the synods two larger ones a year). Then the app in a
 * child process (audit on); each scenario a probe, 2 s warm-up, then --duracao seconds. The
 * database is left as it is.
 * `--respostas DIR` writes each probe's answer there (to compare before and after a change).
 *
 * `--demo`: the built product on a fresh PGlite folder (what `npm start` seeds), each scenario
 * --vezes requests in a row.
 */
import { fork } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { ADMIN, entrar, percentil, rajada, SENHA_DEMO, servir } from './comum.js';
import { iniciarServidor } from './produto.js';

const { values } = parseArgs({
  options: {
    banco: { type: 'string' },
    demo: { type: 'boolean', default: false },
    vezes: { type: 'string', default: '20' },
    duracao: { type: 'string', default: '10' },
    conexoes: { type: 'string', default: '8' },
    alvos: { type: 'string', default: 'cultos,financeiros,atendimentos,inscricoes' },
    respostas: { type: 'string' },
    servidor: { type: 'boolean', default: false },
    url: { type: 'string' },
    dados: { type: 'string' },
  },
});

type Ids = { sinodoId: number; comunidadeId: number };
type Parametros = Ids & { porta: number; geracao: string; volumes: Record<string, number> };

/** Years of services, books and events (the current one and the one before: both periods of a chart). */
const ANOS = 2;
/** Years the tickets spread over, and how many. */
const ANOS_ATENDIMENTOS = 10;
const ATENDIMENTOS = 150_000;
/** Hash of an expression and a seed, non-negative: the data's "random" choices, the same on every run. */
const h = (expr: string, semente: number) => `(hashint8extended((${expr})::bigint, ${semente}) & 2147483647)`;

/** The national volume, once (a database already holding services is left as it is). */
async function preparar(db: import('@sig/db').Db): Promise<Omit<Parametros, 'porta' | 'geracao'>> {
  const { sql } = await import('drizzle-orm');
  const linhas = async <T>(q: ReturnType<typeof sql>) => ((await db.execute(q)) as unknown as { rows: T[] }).rows;
  const r = (s: string) => sql.raw(s);
  const [{ n }] = await linhas<{ n: number }>(sql`select count(*)::int as n from culto`);
  if (!n) {
    const inicio = sql`make_date(extract(year from current_date)::int - ${ANOS - 1}, 1, 1)`;
    const mesAtual = sql`date_trunc('month', current_date)::date`;
    const passo = async (
      nome: string,
      q: ReturnType<typeof sql>,
      x: (q: ReturnType<typeof sql>) => Promise<unknown>,
    ) => {
      const t = Date.now();
      await x(q);
      console.log(`  ${nome}: ${((Date.now() - t) / 1000).toFixed(1)} s`);
    };
    await db.transaction(async (tx) => {
      const x = (q: ReturnType<typeof sql>) => tx.execute(q);
      const p = (nome: string, q: ReturnType<typeof sql>) => passo(nome, q, x);
      await x(sql`set local jit = off`);
      await x(sql`create temporary table b_com on commit drop as
        select o.id, o.organizacao_pai_id as paroquia, pa.organizacao_pai_id as sinodo, row_number() over (order by o.id)::int as i
        from organizacao o join organizacao pa on pa.id = o.organizacao_pai_id
        where o.nivel = 3 and o.excluido_em is null`);
      await x(sql`analyze b_com`);

      // The books of each community: a worship cash box and a bank account, three ledger accounts, a period a month.
      await p(
        'cash accounts',
        sql`insert into conta_caixa (organizacao_id, nome, tipo_conta_caixa, saldo_inicial, data_saldo_inicial)
        select c.id, v.nome, v.tipo, v.saldo, ${inicio}
        from b_com c cross join (values ('Caixa dos cultos', 'CAIXA', 0.00), ('Conta movimento', 'BANCO', 4200.00)) as v(nome, tipo, saldo)
        where not exists (select 1 from conta_caixa x where x.organizacao_id = c.id and lower(x.nome) = lower(v.nome))`,
      );
      await p(
        'ledger accounts',
        sql`insert into plano_conta (organizacao_id, nome, codigo_interno, tipo_plano_conta, natureza_plano_conta)
        select c.id, v.nome, v.codigo, 'ANALITICA', v.natureza
        from b_com c cross join (values ('Ofertas dos cultos', 'OF', 'RECEITA'), ('Contribuições dos membros', 'CT', 'RECEITA'),
          ('Despesas administrativas', 'DA', 'DESPESA')) as v(nome, codigo, natureza)
        where not exists (select 1 from plano_conta x where x.organizacao_id = c.id and lower(x.codigo_interno) = lower(v.codigo))`,
      );
      const conta = (nome: string) =>
        sql`(select id from conta_caixa x where x.organizacao_id = o.id and x.nome = ${nome} and x.excluido_em is null)`;
      const plano = (codigo: string) =>
        sql`(select id from plano_conta x where x.organizacao_id = o.id and x.codigo_interno = ${codigo} and x.excluido_em is null)`;
      await p(
        'communities set to post',
        sql`update organizacao o set conta_culto_id = ${conta('Caixa dos cultos')},
          conta_caixa_entrada_id = ${conta('Conta movimento')}, conta_caixa_saida_id = ${conta('Conta movimento')},
          conta_credito_id = ${plano('CT')}, conta_debito_id = ${plano('DA')}, lancamento_caixa_automatico = true
        where o.id in (select id from b_com)`,
      );
      await p(
        'periods',
        sql`insert into periodo_contabil (conta_caixa_id, data_inicio, data_fim, saldo_inicial)
        select cc.id, m::date, (m + interval '1 month - 1 day')::date, 0
        from conta_caixa cc join b_com c on c.id = cc.organizacao_id
        cross join generate_series(${inicio}, ${mesAtual}, interval '1 month') m
        on conflict do nothing`,
      );

      // Sunday services (none today: the user's to record); the Lord's Supper on the first Sunday of the month.
      await p(
        'services',
        sql`insert into culto (organizacao_id, data, hora, santa_ceia, presentes, ofertas, abrangencia, destino, sermao, plano_conta_id)
        select c.id, d.data, case when ${r(h('c.id * 100000 + d.k', 1))} % 5 = 0 then '19:00' else '10:00' end,
          extract(day from d.data) <= 7, n.presentes, round(n.presentes * (4 + (${r(h('c.id * 100000 + d.k', 3))} % 900) / 100.0), 2),
          (array['PAROQUIAL', 'COMUNITARIA', 'SINODAL', 'NACIONAL'])[1 + d.k % 4],
          (array['Manutenção da paróquia', 'Diaconia comunitária', 'Missão no sínodo', 'Oferta nacional'])[1 + d.k % 4],
          (array['Mateus 5.1-12', 'Marcos 4.26-34', 'Lucas 15.1-10', 'João 10.11-18', 'Salmo 23'])[1 + (${r(h('c.id * 100000 + d.k', 4))} % 5)::int],
          pc.id
        from b_com c join plano_conta pc on pc.organizacao_id = c.id and pc.codigo_interno = 'OF' and pc.excluido_em is null
        cross join lateral (select s::date as data, (row_number() over ())::int as k
          from generate_series(${inicio} + ((7 - extract(dow from ${inicio})::int) % 7), current_date - 1, interval '7 days') s) d
        cross join lateral (select (15 + c.i % 90 + ${r(h('c.id * 100000 + d.k', 2))} % 30
          + case when extract(month from d.data) in (12, 4) then 20 else 0 end)::int as presentes) n`,
      );
      await x(sql`analyze culto`);
      await p(
        'offerings posted',
        sql`insert into lancamento_caixa (organizacao_id, conta_caixa_id, periodo_contabil_id, data, tipo, valor,
          plano_conta_id, historico, origem, origem_id)
        select cu.organizacao_id, o.conta_culto_id, pc.id, cu.data, 'ENTRADA', cu.ofertas, cu.plano_conta_id,
          'Oferta do culto de ' || to_char(cu.data, 'DD/MM/YYYY') || ' – ' || cu.destino, 'CULTO', cu.id
        from culto cu join organizacao o on o.id = cu.organizacao_id
        join periodo_contabil pc on pc.conta_caixa_id = o.conta_culto_id and pc.data_inicio = date_trunc('month', cu.data)::date
        where cu.ofertas > 0`,
      );

      // A year of monthly contributions (and next month's, still open) of one active holder in eight.
      await p(
        'contribution categories',
        sql`insert into categoria_contribuicao (organizacao_id, nome, valor, periodicidade_contribuicao,
          periodicidade_cobranca, dia_vencimento)
        select c.id, 'Contribuição mensal', 50.00, 'MENSAL', 'MENSAL', 10 from b_com c`,
      );
      await x(sql`create temporary table b_conta on commit drop as
        select pe.id as pessoa_id, pe.organizacao_id, cat.id as categoria_id, (cat.valor + 10 * (${r(h('pe.id', 7))} % 5))::numeric(14, 2) as valor,
          m::date as competencia, make_date(extract(year from m)::int, extract(month from m)::int, 10) as vencimento,
          ${r(h('pe.id * 100 + extract(month from m)::int', 5))} % 100 as sorte,
          ${r(h('pe.id * 100 + extract(month from m)::int', 6))} as dado
        from pessoa pe join b_com c on c.id = pe.organizacao_id
        join categoria_contribuicao cat on cat.organizacao_id = c.id
        cross join generate_series(${mesAtual} - interval '11 months', ${mesAtual} + interval '1 month', interval '1 month') m
        where pe.titular and pe.status = 'ATIVO' and pe.cpf is not null and pe.excluido_em is null and ${r(h('pe.id', 8))} % 8 = 0`);
      await x(sql`alter table b_conta add column status text, add column forma text, add column pago date,
        add column credito date, add column provedor text`);
      await x(sql`update b_conta set
          status = case when vencimento > current_date then 'ABERTO' when sorte < 84 then 'PAGO' when sorte < 95 then 'VENCIDO'
            when sorte < 97 then 'ESTORNADO' else 'CANCELADO' end,
          forma = case when dado % 5 < 3 then 'PIX' else 'BOLETO' end,
          provedor = substr(md5('bench-cobranca-' || pessoa_id || '-' || vencimento), 1, 16),
          pago = least(current_date, vencimento - (dado % 9)::int + case when dado % 7 = 0 then (dado % 20)::int else 0 end)`);
      await x(
        sql`update b_conta set credito = least(current_date, pago + case when forma = 'BOLETO' then 1 else 0 end)`,
      );
      await p(
        'receivables',
        sql`insert into conta_a_receber (organizacao_id, pessoa_id, tipo, mes_competencia, ano_competencia, vencimento,
          valor_previsto, valor_pago, data_pagamento, data_credito, forma_pagamento, link_pagamento, status, motivo_cancelamento,
          cobranca_gerada, categoria_contribuicao_id, criado_em)
        select organizacao_id, pessoa_id, 'CONTRIBUICAO', extract(month from competencia), extract(year from competencia), vencimento,
          valor, case when status = 'PAGO' then valor end, case when status = 'PAGO' then pago end,
          case when status = 'PAGO' then credito end, case when status = 'PAGO' then forma end,
          case when status <> 'CANCELADO' then 'http://127.0.0.1/i/' || provedor end, status,
          case when status = 'CANCELADO' then 'Pessoa transferida para outra paróquia' end,
          status <> 'CANCELADO', categoria_id, vencimento - 20
        from b_conta`,
      );
      await p(
        'provider customers',
        sql`insert into cliente_provedor (pessoa_id, provedor_cliente_id)
        select distinct pessoa_id, 'cus_' || substr(md5('bench-cliente-' || pessoa_id), 1, 12) from b_conta
        on conflict do nothing`,
      );
      await x(sql`analyze conta_a_receber`);
      await p(
        'charges',
        sql`insert into cobranca (conta_a_receber_id, provedor_id, cliente_provedor_id, forma, valor, vencimento, status,
          status_provedor, url_fatura, data_pagamento, data_credito, criado_em, atualizado_em)
        select c.id, 'pay_' || d.provedor, 'cus_' || substr(md5('bench-cliente-' || c.pessoa_id), 1, 12),
          d.forma, c.valor_previsto, c.vencimento, c.status,
          case c.status when 'ABERTO' then 'PENDING' when 'VENCIDO' then 'OVERDUE' when 'PAGO' then 'RECEIVED' else 'REFUNDED' end,
          c.link_pagamento,
          case when c.status in ('PAGO', 'ESTORNADO') then d.pago end, case when c.status in ('PAGO', 'ESTORNADO') then d.credito end,
          c.criado_em, c.criado_em
        from conta_a_receber c
        join b_conta d on d.pessoa_id = c.pessoa_id and d.categoria_id = c.categoria_contribuicao_id and d.vencimento = c.vencimento
        where c.cobranca_gerada`,
      );
      await x(sql`analyze cobranca`);
      await p(
        'receipts',
        sql`with q as (
          select c.id, c.organizacao_id, c.pessoa_id, b.valor, b.data_pagamento, c.status,
            coalesce(u.ultimo, 0) + row_number() over (partition by c.organizacao_id order by b.data_pagamento, c.id) as numero
          from conta_a_receber c join cobranca b on b.conta_a_receber_id = c.id
          left join (select organizacao_id, max(numero) as ultimo from recibo group by organizacao_id) u
            on u.organizacao_id = c.organizacao_id
          where c.status in ('PAGO', 'ESTORNADO')
        ), novo as (
          insert into recibo (organizacao_id, numero, data, pessoa_id, total, estornado_em, justificativa_estorno, criado_em)
          select organizacao_id, numero, data_pagamento, pessoa_id, valor,
            case when status = 'ESTORNADO' then least(current_date, data_pagamento + 12)::timestamptz end,
            case when status = 'ESTORNADO' then 'Pagamento reembolsado' end, data_pagamento::timestamptz
          from q returning id, organizacao_id, numero
        )
        insert into recibo_item (recibo_id, conta_a_receber_id, valor, ativo)
        select novo.id, q.id, q.valor, q.status = 'PAGO' from novo join q using (organizacao_id, numero)`,
      );
      await p(
        'payments posted',
        sql`insert into lancamento_caixa (organizacao_id, conta_caixa_id, periodo_contabil_id, data, tipo, valor,
          plano_conta_id, historico, pessoa_id, origem, origem_id, estornado_em, justificativa_estorno)
        select c.organizacao_id, o.conta_caixa_entrada_id, pc.id, b.data_credito, 'ENTRADA', b.valor, o.conta_credito_id,
          'Recebimento: ' || c.mes_competencia || '/' || c.ano_competencia, c.pessoa_id, 'CONTA_A_RECEBER', c.id,
          case when c.status = 'ESTORNADO' then least(current_date, b.data_pagamento + 12)::timestamptz end,
          case when c.status = 'ESTORNADO' then 'Pagamento reembolsado' end
        from conta_a_receber c join cobranca b on b.conta_a_receber_id = c.id join organizacao o on o.id = c.organizacao_id
        join periodo_contabil pc on pc.conta_caixa_id = o.conta_caixa_entrada_id
          and pc.data_inicio = date_trunc('month', b.data_credito)::date
        where c.status in ('PAGO', 'ESTORNADO')`,
      );
      await p(
        'refunds reversed',
        sql`insert into lancamento_caixa (organizacao_id, conta_caixa_id, periodo_contabil_id, data, tipo, valor,
          plano_conta_id, historico, pessoa_id, estorno_de_id, justificativa_estorno)
        select l.organizacao_id, l.conta_caixa_id, pc.id, l.estornado_em::date, l.tipo, -l.valor, l.plano_conta_id,
          l.historico || ' (estorno)', l.pessoa_id, l.id, 'Pagamento reembolsado'
        from lancamento_caixa l
        join periodo_contabil pc on pc.conta_caixa_id = l.conta_caixa_id and pc.data_inicio = date_trunc('month', l.estornado_em::date)::date
        where l.origem = 'CONTA_A_RECEBER' and l.estornado_em is not null`,
      );
      await p(
        'monthly bills',
        sql`insert into lancamento_caixa (organizacao_id, conta_caixa_id, periodo_contabil_id, data, tipo, valor,
          plano_conta_id, historico, documento)
        select o.id, o.conta_caixa_saida_id, pc.id, pc.data_inicio + d.dia, 'SAIDA',
          -round(d.base * (80 + ${r(h('pc.id * 10 + d.dia', 9))} % 41) / 100.0, 2), o.conta_debito_id, d.historico,
          'NF ' || (1000 + ${r(h('pc.id * 10 + d.dia', 10))} % 9000)
        from b_com c join organizacao o on o.id = c.id
        join periodo_contabil pc on pc.conta_caixa_id = o.conta_caixa_saida_id
        cross join (values (4, 'Energia elétrica', 180.00), (14, 'Material de limpeza', 90.00), (19, 'Manutenção do templo', 300.00))
          as d(dia, historico, base)
        where pc.data_inicio + d.dia <= current_date`,
      );
      await x(sql`analyze lancamento_caixa`);
      await p(
        'period balances',
        sql`update periodo_contabil pc set saldo_inicial = s.inicial,
          saldo_final = case when pc.data_fim < ${mesAtual} then s.inicial + s.movimento end,
          situacao = case when pc.data_fim < ${mesAtual} then 'FECHADO' else 'ABERTO' end,
          fechado_em = case when pc.data_fim < ${mesAtual} then (pc.data_fim + 5)::timestamptz end
        from (select p.id, cc.saldo_inicial + coalesce(sum(coalesce(m.total, 0)) over (partition by p.conta_caixa_id
              order by p.data_inicio rows between unbounded preceding and 1 preceding), 0) as inicial, coalesce(m.total, 0) as movimento
            from periodo_contabil p join conta_caixa cc on cc.id = p.conta_caixa_id
            left join (select periodo_contabil_id, sum(valor) as total from lancamento_caixa group by periodo_contabil_id) m
              on m.periodo_contabil_id = p.id
            where cc.organizacao_id in (select id from b_com)) s
        where s.id = pc.id`,
      );

      // Tickets over ten years, from the communities to their parish (two in three) or synod, in every status.
      await x(sql`insert into categoria_atendimento (nome) values ('Certidões e documentos'), ('Transferência de membros'),
        ('Cadastro e acesso'), ('Financeiro e contribuições'), ('Eventos e inscrições') on conflict do nothing`);
      await p(
        'tickets',
        sql`with cat as (select id, row_number() over (order by id)::int - 1 as k, count(*) over ()::int as n
            from categoria_atendimento where excluido_em is null),
          adm as (select id from usuario where email = ${ADMIN.login}),
          t as (select g, now() - make_interval(secs => (${r(h('g', 11))} % (${ANOS_ATENDIMENTOS * 365} * 86400))::int) as em,
            ${r(h('g', 12))} % 100 as sorte from generate_series(1, ${ATENDIMENTOS}) g)
        insert into atendimento (protocolo, assunto, descricao, categoria_atendimento_id, solicitante_usuario_id,
          organizacao_origem_id, organizacao_destino_id, responsavel_usuario_id, status, criado_em, atualizado_em)
        select to_char(t.em, 'YYYY') || '-B' || lpad(t.g::text, 7, '0'), 'Pedido ' || t.g, 'Pedido registrado pela secretaria.',
          cat.id, adm.id, c.id, case when t.g % 3 = 0 then c.sinodo else c.paroquia end, adm.id,
          case when t.em > now() - interval '60 days' then (array['ABERTO', 'EM_ANALISE', 'EM_ANDAMENTO', 'APROVADO'])[1 + t.sorte % 4]
            when t.sorte < 70 then 'CONCLUIDO' when t.sorte < 84 then 'CANCELADO' when t.sorte < 90 then 'REGISTRADO'
            when t.sorte < 95 then 'APROVADO' when t.sorte < 98 then 'INCOMPLETO' else 'OCULTO' end,
          t.em, t.em
        from t join b_com c on c.i = 1 + t.g % (select count(*) from b_com)
        join cat on cat.k = t.g % cat.n cross join adm`,
      );

      // A yearly event of each community (the synods two larger ones), two lots, registered in the 60 days before.
      await x(sql`create temporary table b_evento on commit drop as
        select row_number() over ()::int as k, e.* from (
          select c.id as organizacao_id, make_date(extract(year from current_date)::int - y, 1 + (${r(h('c.id * 100 + y', 13))} % 12)::int,
              1 + (${r(h('c.id * 100 + y', 14))} % 28)::int) + time '19:00' as inicio, 20 + (${r(h('c.id * 100 + y', 15))} % 40)::int as vagas
          from b_com c cross join generate_series(0, ${ANOS - 1}) y
          union all
          select s.id, make_date(extract(year from current_date)::int - y, 3 + 6 * m, 10 + (${r(h('s.id * 100 + y * 2 + m', 16))} % 15)::int)
              + time '09:00', 240 + (${r(h('s.id * 100 + y * 2 + m', 17))} % 120)::int
          from organizacao s cross join generate_series(0, ${ANOS - 1}) y cross join generate_series(0, 1) m
          where s.nivel = 1 and s.excluido_em is null) e`);
      await p(
        'events',
        sql`insert into evento (organizacao_id, com_inscricao, tipo_evento, codigo, nome, inicio, fim, prazo_inscricao,
          formas_pagamento, dias_vencimento)
        select organizacao_id, true, 'ENCONTRO', 'BENCH-' || k, 'Encontro ' || k, inicio, inicio + interval '2 days',
          inicio - interval '1 day', '{PIX,BOLETO}', 3
        from b_evento`,
      );
      await x(sql`alter table b_evento add column id int`);
      await x(sql`update b_evento b set id = e.id from evento e where e.codigo = 'BENCH-' || b.k`);
      await p(
        'lots',
        sql`insert into evento_lote (evento_id, numero, valor, quantidade, inicio, fim)
        select b.id, l.numero, l.valor, case when l.numero = 1 then b.vagas / 2 else b.vagas - b.vagas / 2 end,
          (b.inicio - interval '60 days')::date, (b.inicio - interval '1 day')::date
        from b_evento b cross join (values (1, 80.00), (2, 100.00)) as l(numero, valor)`,
      );
      await p(
        'registrations',
        sql`with i as (
          select b.id as evento_id, b.inicio, b.vagas, j, ${r(h('b.id * 1000 + j', 18))} % 100 as sorte,
            b.inicio - interval '60 days' + make_interval(secs => (j * 59 * 86400.0 / (b.vagas * 1.1))::int) as em
          from b_evento b cross join lateral generate_series(1, (b.vagas * (60 + ${r(h('b.id', 19))} % 50) / 100)::int) j)
        insert into inscricao_evento (evento_id, lote_id, nome, email, status, forma_pagamento, valor, token, codigo,
          vencimento, criado_em, atualizado_em)
        select i.evento_id, l.id, 'Inscrita ' || i.j, 'inscricao-' || i.evento_id || '-' || i.j || '@exemplo.org', s.status,
          case when s.status <> 'CORTESIA' then 'PIX' end, case when s.status = 'CORTESIA' then 0 else l.valor end,
          md5('bench-token-' || i.evento_id || '-' || i.j), 'B' || i.evento_id || '-' || i.j,
          (i.em + interval '3 days')::date, i.em, i.em
        from i join evento_lote l on l.evento_id = i.evento_id and l.numero = case when i.j <= i.vagas / 2 then 1 else 2 end
        cross join lateral (select case when i.j > i.vagas then 'LISTA_ESPERA'
          when i.sorte < 75 then 'CONFIRMADA' when i.sorte < 83 then case when i.inicio > now() then 'PENDENTE' else 'EXPIRADA' end
          when i.sorte < 91 then 'CANCELADA' when i.sorte < 96 then 'EXPIRADA' else 'CORTESIA' end as status) s
        where i.em <= now()`,
      );
    });
    for (const t of [
      'culto',
      'lancamento_caixa',
      'periodo_contabil',
      'conta_a_receber',
      'cobranca',
      'recibo',
      'recibo_item',
      'atendimento',
      'evento',
      'evento_lote',
      'inscricao_evento',
    ])
      await db.execute(sql.raw(`vacuum analyze ${t}`));
  }
  const [volumes] = await linhas<Record<string, number>>(sql`select
    (select count(*)::int from culto) as cultos, (select count(*)::int from lancamento_caixa) as lancamentos,
    (select count(*)::int from periodo_contabil) as periodos, (select count(*)::int from conta_a_receber) as "contasAReceber",
    (select count(*)::int from cobranca) as cobrancas, (select count(*)::int from recibo) as recibos,
    (select count(*)::int from atendimento) as atendimentos, (select count(*)::int from evento) as eventos,
    (select count(*)::int from inscricao_evento) as inscricoes`);
  const [ids] = await linhas<Ids>(sql`select
    (select id from organizacao where nome_fantasia = 'Sínodo Rio dos Sinos' and nivel = 1) as "sinodoId",
    (select organizacao_id from culto group by 1 order by sum(presentes) desc, 1 limit 1) as "comunidadeId"`);
  return { ...ids!, volumes: volumes! };
}

type Cenario = { nome: string; consulta: string; token: string };

/** The scenarios of each indicator: the whole church over ten years and ten months, a synod's and a community's ten months. */
function cenarios(admin: string, sinodo: string, p: Ids): Cenario[] {
  const hoje = new Date();
  const ano = hoje.getUTCFullYear();
  const mes = new Date(Date.UTC(ano, hoje.getUTCMonth() - 9, 1)).toISOString().slice(0, 10);
  const meses = `periodo=1&periodoDe=${mes}`;
  return [
    { nome: 'whole church, 10 years', consulta: `periodo=2&periodoDe=${ano - 9}-01-01`, token: admin },
    { nome: 'whole church, 10 months', consulta: meses, token: admin },
    { nome: 'a synod, 10 months', consulta: `${meses}&organizacaoId=${p.sinodoId}`, token: sinodo },
    { nome: 'a community, 10 months', consulta: `${meses}&organizacaoId=${p.comunidadeId}`, token: admin },
  ];
}

/** A figure of the answer, to show it holds what was asked. */
function resumo(indicador: string, corpo: Record<string, unknown>): string {
  const n = (k: string) => Number(corpo[k] ?? 0).toLocaleString('en');
  if (indicador === 'cultos') return `${n('cultos')} services`;
  if (indicador === 'financeiros') return `R$ ${corpo.entradas as string} in`;
  if (indicador === 'atendimentos') return `${n('total')} tickets`;
  return `${n('inscricoes')} registrations`;
}

function guardar(indicador: string, cenario: string, corpo: unknown) {
  if (!values.respostas) return;
  mkdirSync(values.respostas, { recursive: true });
  writeFileSync(
    path.join(values.respostas, `${indicador}-${cenario.replace(/\W+/g, '-')}.json`),
    JSON.stringify(corpo, null, 1),
  );
}

async function medirCarga(base: string, p: Parametros) {
  const admin = await entrar(base, ADMIN.login, ADMIN.senha);
  const sinodo = await entrar(base, 'sinodo-rio-dos-sinos@sig.local', SENHA_DEMO);
  const conexoes = Number(values.conexoes);
  const duracao = Number(values.duracao);
  console.log(`| indicator | scenario | answer | req/s | p50 ms | p95 ms | p99 ms | non-2xx | load (1 min) |`);
  console.log('| --- | --- | --- | ---: | ---: | ---: | ---: | ---: | ---: |');
  for (const indicador of values.alvos!.split(',')) {
    for (const c of cenarios(admin, sinodo, p)) {
      const opcoes = {
        url: `${base}/api/indicadores/${indicador}?${c.consulta}`,
        headers: { authorization: `Bearer ${c.token}` },
      };
      let sonda = await fetch(opcoes.url, { headers: opcoes.headers });
      if (sonda.status === 403 && c.token !== admin) {
        opcoes.headers.authorization = `Bearer ${admin}`;
        sonda = await fetch(opcoes.url, { headers: opcoes.headers });
      }
      if (sonda.status !== 200)
        throw new Error(`${indicador} ${c.nome}: probe answered ${sonda.status} ${await sonda.text()}`);
      const corpo = (await sonda.json()) as Record<string, unknown>;
      guardar(indicador, c.nome, corpo);
      const { r, tempos } = await rajada(opcoes, conexoes, duracao);
      console.log(
        `| ${indicador} | ${c.nome} | ${resumo(indicador, corpo)} | ${Math.round(r.requests.average)} | ${percentil(tempos, 50)} | ${percentil(tempos, 95)} | ${percentil(tempos, 99)} | ${r.non2xx} | ${os.loadavg()[0]!.toFixed(1)} |`,
      );
    }
  }
}

/** The demo: the administrator over the whole church, the synod secretary over the synod, a parish. */
async function medirDemo() {
  const { base, parar } = await iniciarServidor();
  try {
    const admin = await entrar(base, ADMIN.login, ADMIN.senha);
    const sinodo = await entrar(base, 'sinodo@sig.local', SENHA_DEMO);
    const vezes = Number(values.vezes);
    const hoje = new Date();
    const mes = new Date(Date.UTC(hoje.getUTCFullYear(), hoje.getUTCMonth() - 9, 1)).toISOString().slice(0, 10);
    const lista: Cenario[] = [
      { nome: 'whole church, 10 months', consulta: `periodo=1&periodoDe=${mes}`, token: admin },
      { nome: 'the synod (secretary), 10 months', consulta: `periodo=1&periodoDe=${mes}`, token: sinodo },
      { nome: 'whole church, this month by day', consulta: 'periodo=0', token: admin },
    ];
    console.log(`| indicator | scenario | answer | p50 ms | p95 ms | max ms | load (1 min) |`);
    console.log('| --- | --- | --- | ---: | ---: | ---: | ---: |');
    for (const indicador of values.alvos!.split(',')) {
      for (const c of lista) {
        const url = `${base}/api/indicadores/${indicador}?${c.consulta}`;
        const headers = { authorization: `Bearer ${c.token}` };
        let corpo: Record<string, unknown> = {};
        const tempos: number[] = [];
        for (let i = 0; i < vezes; i++) {
          const t = performance.now();
          const r = await fetch(url, { headers });
          corpo = (await r.json()) as Record<string, unknown>;
          tempos.push(performance.now() - t);
          if (r.status !== 200) throw new Error(`${indicador} ${c.nome}: ${r.status} ${JSON.stringify(corpo)}`);
        }
        guardar(indicador, `demo-${c.nome}`, corpo);
        console.log(
          `| ${indicador} | ${c.nome} | ${resumo(indicador, corpo)} | ${percentil(tempos, 50)} | ${percentil(tempos, 95)} | ${percentil(tempos, 100)} | ${os.loadavg()[0]!.toFixed(1)} |`,
        );
      }
    }
  } finally {
    await parar();
  }
}

if (values.servidor) await servir(values.url!, values.dados!, preparar, { demo: false });
else if (values.demo) await medirDemo();
else {
  if (!values.banco) throw new Error('--banco postgres://… (a database filled by `npm run generate`) or --demo');
  const dados = mkdtempSync(path.join(os.tmpdir(), 'sig-bench-'));
  const filho = fork(fileURLToPath(import.meta.url), ['--servidor', '--dados', dados, '--url', values.banco]);
  try {
    const pronto = await new Promise<Parametros>((resolve, reject) => {
      filho.once('message', (m) => resolve(m as Parametros));
      filho.once('exit', (c) => reject(new Error(`server exited with ${c}`)));
    });
    console.log(`prepared in ${pronto.geracao}; volumes ${JSON.stringify(pronto.volumes)}`);
    console.log(
      `${os.cpus().length} cores, ${Number(values.conexoes)} connections, ${values.duracao} s, ${new Date().toISOString()}`,
    );
    await medirCarga(`http://127.0.0.1:${pronto.porta}`, pronto);
  } finally {
    if (filho.connected) {
      const saiu = new Promise((r) => filho.once('exit', r));
      filho.send('parar');
      await saiu;
    }
    rmSync(dados, { recursive: true, force: true });
  }
}
