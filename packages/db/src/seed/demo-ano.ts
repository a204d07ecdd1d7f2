import { hojeNoBrasil } from '@sig/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../index.js';
import { derivadosEmMassa, gerarPessoas } from './gerador.js';

/** People the demo gives the Rio dos Sinos synod's communities. */
export const PESSOAS_DEMO = 3000;
/** The reason a refunded payment's receipt carries (what the webhook writes: PAYMENT_REFUNDED). */
const RECIBO_REEMBOLSADO = 'Pagamento estornado no provedor (PAYMENT_REFUNDED)';
/** The reason a refunded payment's cash entry carries (the ledger's system reversal). */
const LANCAMENTO_REEMBOLSADO = 'Pagamento estornado no provedor (reembolso)';

export type ResultadoAnoDemo = {
  criado: boolean;
  pessoas: number;
  cultos: number;
  contasAReceber: number;
  cobrancas: number;
  recibos: number;
  lancamentos: number;
  atendimentos: number;
};

type Log = (msg: string) => void;

/** Reproducible pseudo-random non-negative bigint of a row's value and a stream. */
const h = (x: SQL | string, k: number): SQL =>
  sql`(hashint8extended((${typeof x === 'string' ? sql.raw(x) : x})::bigint, ${sql.raw(String(k))}) & 9223372036854775807)`;

const linhas = async <T>(db: Db, q: SQL) => ((await db.execute(q)) as unknown as { rows: T[] }).rows;
const numero = async (db: Db, q: SQL) => (await linhas<{ n: number }>(db, q))[0]!.n;

/**
 * A year of life for the demo (issue 18): the Rio dos Sinos synod's communities get PESSOAS_DEMO
 * people in households (the generator's SQL), and its parishes a year of Sunday services with
 * their offerings posted, offering plans, contribution categories, monthly receivables of the
 * holders charged at the provider (paid with receipts and cash entries, overdue, a few refunded),
 * monthly accounting periods closed up to last month, tickets in every queue and status, notices.
 * Everything is dated back from today and written set-based (a few statements per table).
 * `urlFaturas` is where the provider's invoice pages are served (the charges' invoice links).
 * Runs once, after `semearDemo`.
 */
export async function semearAnoDemo(db: Db, opcoes: { urlFaturas: string; log?: Log }): Promise<ResultadoAnoDemo> {
  const log = opcoes.log ?? (() => undefined);
  const vazio = {
    criado: false,
    pessoas: 0,
    cultos: 0,
    contasAReceber: 0,
    cobrancas: 0,
    recibos: 0,
    lancamentos: 0,
    atendimentos: 0,
  };
  const [sinodo] = await linhas<{ id: number; caminho: string }>(
    db,
    sql`select id, caminho from organizacao where nome_fantasia = 'Sínodo Rio dos Sinos' and nivel = 1 and excluido_em is null`,
  );
  if (!sinodo) return vazio;
  if (
    await numero(
      db,
      sql`select count(*)::int as n from culto c join organizacao o on o.id = c.organizacao_id
      where o.caminho like ${`${sinodo.caminho}%`}`,
    )
  )
    return vazio;
  const hoje = hojeNoBrasil();
  const dHoje = sql`${hoje}::date`;
  // The year: from the first day of the month eleven months back to today.
  const mesAtual = sql`date_trunc('month', ${hoje}::timestamp)::date`;
  const inicio = sql`(${mesAtual} - interval '11 months')::date`;
  const [tipoComunidade] = await linhas<{ id: number }>(db, sql`select id from tipo_organizacao where nivel = 3`);
  let t = Date.now();

  await derivadosEmMassa(db, log, () =>
    gerarPessoas(db, PESSOAS_DEMO, tipoComunidade!.id, log, { caminho: sinodo.caminho }),
  );
  log(`demo people in ${Date.now() - t} ms`);
  t = Date.now();

  await db.transaction(async (tx) => {
    const x = (q: SQL) => tx.execute(q);
    await x(sql`set local jit = off`);
    await x(sql`create temporary table demo_paroquia on commit drop as
      select id, row_number() over (order by id)::int as i from organizacao
      where organizacao_pai_id = ${sinodo.id} and nivel = 2 and excluido_em is null`);

    // The books: a worship cash box and a bank account, three ledger accounts, the parish set to post payments.
    await x(sql`insert into conta_caixa (organizacao_id, nome, tipo_conta_caixa, saldo_inicial, data_saldo_inicial)
      select p.id, c.nome, c.tipo, c.saldo, ${inicio}
      from demo_paroquia p cross join (values ('Caixa dos cultos', 'CAIXA', 0.00), ('Conta movimento', 'BANCO', 4200.00)) as c(nome, tipo, saldo)
      where not exists (select 1 from conta_caixa x where x.organizacao_id = p.id and lower(x.nome) = lower(c.nome))`);
    await x(
      sql`update conta_caixa set data_saldo_inicial = ${inicio} where organizacao_id in (select id from demo_paroquia)`,
    );
    await x(sql`insert into plano_conta (organizacao_id, nome, codigo_interno, tipo_plano_conta, natureza_plano_conta)
      select p.id, c.nome, c.codigo, 'ANALITICA', c.natureza
      from demo_paroquia p cross join (values ('Ofertas dos cultos', 'OF', 'RECEITA'), ('Contribuições dos membros', 'CT', 'RECEITA'),
        ('Despesas administrativas', 'DA', 'DESPESA')) as c(nome, codigo, natureza)
      where not exists (select 1 from plano_conta x where x.organizacao_id = p.id and lower(x.codigo_interno) = lower(c.codigo))`);
    const conta = (nome: string) =>
      sql`(select id from conta_caixa x where x.organizacao_id = o.id and x.nome = ${nome} and x.excluido_em is null)`;
    const plano = (codigo: string) =>
      sql`(select id from plano_conta x where x.organizacao_id = o.id and x.codigo_interno = ${codigo} and x.excluido_em is null)`;
    await x(sql`update organizacao o set conta_culto_id = ${conta('Caixa dos cultos')},
        conta_caixa_entrada_id = ${conta('Conta movimento')}, conta_caixa_saida_id = ${conta('Conta movimento')},
        conta_credito_id = ${plano('CT')}, conta_debito_id = ${plano('DA')}, lancamento_caixa_automatico = true
      where o.id in (select id from demo_paroquia)`);
    // A period a month, from the first month to the current one (balances set once the entries are in).
    await x(sql`insert into periodo_contabil (conta_caixa_id, data_inicio, data_fim, saldo_inicial)
      select c.id, m::date, (m + interval '1 month - 1 day')::date, 0
      from conta_caixa c cross join generate_series(${inicio}, ${mesAtual}, interval '1 month') m
      where c.organizacao_id in (select id from demo_paroquia)
      on conflict do nothing`);

    // Offering plans: each Sunday of the year before today (today's service is the user's to record),
    // a destination in turn (the synod's and the church's too).
    await x(sql`insert into plano_ofertas (organizacao_id, nome, data, data_liturgica, abrangencia, destino, motivacao, plano_conta_id)
      select o.id, 'Oferta de ' || to_char(d, 'DD/MM/YYYY'), d, 'Domingo ' || w || ' do ano', v.abrangencia, v.destino, v.motivacao, ${plano('OF')}
      from demo_paroquia p join organizacao o on o.id = p.id
      cross join lateral (select d::date, row_number() over (order by d) as w
        from generate_series(${inicio} + ((7 - extract(dow from ${inicio})::int) % 7), ${dHoje} - 1, interval '7 days') d) s
      cross join lateral (select * from (values
          (0, 'PAROQUIAL', 'Manutenção da paróquia', 'Para o cuidado do templo e da casa paroquial.'),
          (1, 'COMUNITARIA', 'Diaconia comunitária', 'Para as famílias atendidas pela diaconia.'),
          (2, 'SINODAL', 'Missão no sínodo', 'Para as comunidades novas do sínodo.'),
          (3, 'NACIONAL', 'Oferta nacional: missão e diaconia', 'Conforme o plano nacional de ofertas.')
        ) as v(k, abrangencia, destino, motivacao) where v.k = (s.w % 4)) v`);

    // Sunday services: attendance by parish size and season, the Lord's Supper on the first Sunday of the month.
    await x(sql`insert into culto (organizacao_id, data, hora, santa_ceia, presentes, ofertas, abrangencia, destino, sermao,
        plano_conta_id, plano_ofertas_id)
      select po.organizacao_id, po.data, case when ${h('po.id', 1)} % 5 = 0 then '19:00' else '10:00' end,
        extract(day from po.data) <= 7, n.presentes, round(n.presentes * (4 + (${h('po.id', 3)} % 900) / 100.0), 2),
        po.abrangencia, po.destino,
        (array['Mateus 5.1-12', 'Marcos 4.26-34', 'Lucas 15.1-10', 'João 10.11-18', 'Romanos 8.31-39',
          'Salmo 23', 'Isaías 40.27-31', '1 Coríntios 13', 'Gálatas 5.1', 'Filipenses 4.4-7'])[1 + (${h('po.id', 4)} % 10)::int],
        po.plano_conta_id, po.id
      from plano_ofertas po join demo_paroquia p on p.id = po.organizacao_id
      cross join lateral (select (60 + 40 * p.i + ${h('po.id', 2)} % 50
        + case when extract(month from po.data) in (12, 4) then 40 else 0 end)::int as presentes) n
      where po.data < ${dHoje}`);
    await x(sql`insert into lancamento_caixa (organizacao_id, conta_caixa_id, periodo_contabil_id, data, tipo, valor,
        plano_conta_id, historico, historico_traduzivel, origem, origem_id)
      select c.organizacao_id, o.conta_culto_id, pc.id, c.data, 'ENTRADA', c.ofertas, c.plano_conta_id,
        'Oferta do culto de ' || to_char(c.data, 'DD/MM/YYYY') || ' – ' || c.destino,
        jsonb_build_object('chave', 'cultos:historicoOferta', 'params', jsonb_build_object('data', c.data::text, 'destino', c.destino)),
        'CULTO', c.id
      from culto c join organizacao o on o.id = c.organizacao_id
      join periodo_contabil pc on pc.conta_caixa_id = o.conta_culto_id and c.data between pc.data_inicio and pc.data_fim
      where c.organizacao_id in (select id from demo_paroquia) and c.ofertas > 0`);

    // Contribution categories, and the monthly receivables of three holders in four.
    await x(sql`insert into categoria_contribuicao (organizacao_id, nome, valor, periodicidade_contribuicao,
        periodicidade_cobranca, dia_vencimento)
      select p.id, c.nome, c.valor, 'MENSAL', 'MENSAL', 10
      from demo_paroquia p cross join (values ('Contribuição mensal', 50.00), ('Contribuição familiar', 80.00)) as c(nome, valor)`);
    await x(sql`create temporary table demo_conta on commit drop as
      select pe.id as pessoa_id, split_part(o.caminho, '/', 4)::int as organizacao_id, cat.id as categoria_id, cat.valor,
        m::date as competencia, make_date(extract(year from m)::int, extract(month from m)::int, 10) as vencimento,
        ${h(sql`pe.id * 100 + extract(month from m)::int`, 5)} % 100 as sorte, ${h(sql`pe.id * 100 + extract(month from m)::int`, 6)} as dado
      from pessoa pe join organizacao o on o.id = pe.organizacao_id
      cross join lateral (select id, valor from categoria_contribuicao cc
        where cc.organizacao_id = split_part(o.caminho, '/', 4)::int
          and cc.nome = case when ${h('pe.id', 7)} % 3 = 0 then 'Contribuição familiar' else 'Contribuição mensal' end) cat
      -- The year's months and the next one (due later: still open).
      cross join generate_series(${inicio}, ${mesAtual} + interval '1 month', interval '1 month') m
      where o.caminho like ${`${sinodo.caminho}%`} and o.nivel = 3 and pe.titular and pe.status = 'ATIVO' and pe.cpf is not null
        and pe.excluido_em is null and ${h('pe.id', 8)} % 4 <> 0`);
    // What became of each: due later → open; past due → paid (most), overdue, refunded or cancelled.
    await x(sql`alter table demo_conta add column status text, add column forma text, add column pago date, add column credito date,
      add column provedor text`);
    await x(sql`update demo_conta set
        status = case when vencimento > ${dHoje} then 'ABERTO' when sorte < 84 then 'PAGO' when sorte < 95 then 'VENCIDO'
          when sorte < 97 then 'ESTORNADO' else 'CANCELADO' end,
        forma = case when dado % 5 < 3 then 'PIX' else 'BOLETO' end,
        provedor = substr(md5('demo-cobranca-' || pessoa_id || '-' || categoria_id || '-' || vencimento), 1, 16),
        pago = least(${dHoje}, vencimento - (dado % 9)::int + case when dado % 7 = 0 then (dado % 20)::int else 0 end)`);
    await x(sql`update demo_conta set credito = least(${dHoje}, pago + case when forma = 'BOLETO' then 1 else 0 end)`);
    await x(sql`insert into conta_a_receber (organizacao_id, pessoa_id, tipo, mes_competencia, ano_competencia, vencimento,
        valor_previsto, valor_pago, data_pagamento, data_credito, forma_pagamento, link_pagamento, status, motivo_cancelamento,
        cobranca_gerada, categoria_contribuicao_id, criado_em)
      select organizacao_id, pessoa_id, 'CONTRIBUICAO', extract(month from competencia), extract(year from competencia), vencimento,
        valor, case when status = 'PAGO' then valor end, case when status = 'PAGO' then pago end,
        case when status = 'PAGO' then credito end, case when status = 'PAGO' then forma end,
        case when status <> 'CANCELADO' then ${opcoes.urlFaturas} || '/i/' || provedor end, status, case when status = 'CANCELADO' then 'Pessoa transferida para outra paróquia' end,
        status <> 'CANCELADO', categoria_id, vencimento - 20
      from demo_conta`);
    // The charges as the provider flow leaves them: ids of the provider's shape, its status beside ours.
    await x(sql`insert into cliente_provedor (pessoa_id, provedor_cliente_id)
      select distinct c.pessoa_id, 'cus_' || substr(md5('demo-cliente-' || c.pessoa_id), 1, 12)
      from conta_a_receber c where c.cobranca_gerada and c.organizacao_id in (select id from demo_paroquia)
      on conflict do nothing`);
    await x(sql`insert into cobranca (conta_a_receber_id, provedor_id, cliente_provedor_id, forma, valor, vencimento, status,
        status_provedor, url_fatura, data_pagamento, data_credito, criado_em, atualizado_em)
      select c.id, 'pay_' || d.provedor, 'cus_' || substr(md5('demo-cliente-' || c.pessoa_id), 1, 12),
        d.forma, c.valor_previsto, c.vencimento, c.status,
        case c.status when 'ABERTO' then 'PENDING' when 'VENCIDO' then 'OVERDUE' when 'PAGO' then 'RECEIVED' else 'REFUNDED' end,
        c.link_pagamento,
        case when c.status in ('PAGO', 'ESTORNADO') then d.pago end, case when c.status in ('PAGO', 'ESTORNADO') then d.credito end,
        c.criado_em, c.criado_em
      from conta_a_receber c
      join demo_conta d on d.pessoa_id = c.pessoa_id and d.categoria_id = c.categoria_contribuicao_id and d.vencimento = c.vencimento
      where c.cobranca_gerada and c.categoria_contribuicao_id is not null and c.organizacao_id in (select id from demo_paroquia)`);

    // Fresh statistics for the joins below (rows just written; there is no autovacuum on PGlite).
    await x(sql`analyze conta_a_receber, cobranca`);
    // A receipt for every payment (a refunded one's cancelled), numbered on from the parish's last.
    await x(sql`with r as (
        select c.id, c.organizacao_id, c.pessoa_id, b.valor, b.data_pagamento, c.status,
          coalesce(u.ultimo, 0) + row_number() over (partition by c.organizacao_id order by b.data_pagamento, c.id) as numero
        from conta_a_receber c join cobranca b on b.conta_a_receber_id = c.id
        left join (select organizacao_id, max(numero) as ultimo from recibo group by organizacao_id) u
          on u.organizacao_id = c.organizacao_id
        where c.status in ('PAGO', 'ESTORNADO') and c.organizacao_id in (select id from demo_paroquia)
      ), novo as (
        insert into recibo (organizacao_id, numero, data, pessoa_id, total, estornado_em, justificativa_estorno,
          justificativa_traduzivel, criado_em)
        select organizacao_id, numero, data_pagamento, pessoa_id, valor,
          case when status = 'ESTORNADO' then least(${dHoje}, data_pagamento + 12)::timestamptz end,
          case when status = 'ESTORNADO' then ${RECIBO_REEMBOLSADO} end,
          case when status = 'ESTORNADO' then '{"chave": "financeiro:textos.reembolsoRecibo"}'::jsonb end,
          data_pagamento::timestamptz
        from r returning id, organizacao_id, numero
      )
      insert into recibo_item (recibo_id, conta_a_receber_id, valor, ativo)
      select novo.id, r.id, r.valor, r.status = 'PAGO' from novo join r using (organizacao_id, numero)`);

    // Every payment posted to the bank account when credited; a refund reversed twelve days later.
    await x(sql`insert into lancamento_caixa (organizacao_id, conta_caixa_id, periodo_contabil_id, data, tipo, valor,
        plano_conta_id, historico, historico_traduzivel, pessoa_id, origem, origem_id, estornado_em, justificativa_estorno,
        justificativa_traduzivel)
      select c.organizacao_id, o.conta_caixa_entrada_id, pc.id, b.data_credito, 'ENTRADA', b.valor, o.conta_credito_id,
        'Recebimento: ' || c.mes_competencia || '/' || c.ano_competencia,
        jsonb_build_object('chave', 'financeiro:textos.recebimento', 'params',
          jsonb_build_object('referencia', c.mes_competencia || '/' || c.ano_competencia)),
        c.pessoa_id, 'CONTA_A_RECEBER', c.id,
        case when c.status = 'ESTORNADO' then least(${dHoje}, b.data_pagamento + 12)::timestamptz end,
        case when c.status = 'ESTORNADO' then ${LANCAMENTO_REEMBOLSADO} end,
        case when c.status = 'ESTORNADO' then '{"chave": "financeiro:textos.reembolso"}'::jsonb end
      from conta_a_receber c join cobranca b on b.conta_a_receber_id = c.id join organizacao o on o.id = c.organizacao_id
      join periodo_contabil pc on pc.conta_caixa_id = o.conta_caixa_entrada_id and b.data_credito between pc.data_inicio and pc.data_fim
      where c.status in ('PAGO', 'ESTORNADO') and c.organizacao_id in (select id from demo_paroquia)`);
    await x(sql`analyze lancamento_caixa`);
    await x(sql`insert into lancamento_caixa (organizacao_id, conta_caixa_id, periodo_contabil_id, data, tipo, valor,
        plano_conta_id, historico, historico_traduzivel, pessoa_id, estorno_de_id, justificativa_estorno, justificativa_traduzivel)
      select l.organizacao_id, l.conta_caixa_id, pc.id, l.estornado_em::date, l.tipo, -l.valor, l.plano_conta_id,
        l.historico || ' (estorno)',
        jsonb_build_object('chave', 'financeiro:textos.estorno', 'params', jsonb_build_object('historico', l.historico_traduzivel)),
        l.pessoa_id, l.id, ${LANCAMENTO_REEMBOLSADO}, '{"chave": "financeiro:textos.reembolso"}'::jsonb
      from lancamento_caixa l
      join periodo_contabil pc on pc.conta_caixa_id = l.conta_caixa_id and l.estornado_em::date between pc.data_inicio and pc.data_fim
      where l.origem = 'CONTA_A_RECEBER' and l.estornado_em is not null and l.organizacao_id in (select id from demo_paroquia)`);
    // The month's bills, paid from the bank account.
    await x(sql`insert into lancamento_caixa (organizacao_id, conta_caixa_id, periodo_contabil_id, data, tipo, valor,
        plano_conta_id, historico, documento)
      select o.id, o.conta_caixa_saida_id, pc.id, least(${dHoje}, pc.data_inicio + d.dia), 'SAIDA',
        -round(d.base * (80 + ${h(sql`pc.id * 10 + d.dia`, 9)} % 41) / 100.0, 2), o.conta_debito_id, d.historico,
        'NF ' || (1000 + ${h(sql`pc.id * 10 + d.dia`, 10)} % 9000)
      from demo_paroquia p join organizacao o on o.id = p.id
      join periodo_contabil pc on pc.conta_caixa_id = o.conta_caixa_saida_id
      cross join (values (4, 'Energia elétrica', 420.00), (9, 'Água e esgoto', 160.00), (14, 'Material de limpeza', 230.00),
        (19, 'Manutenção do templo', 900.00)) as d(dia, historico, base)
      where pc.data_inicio + d.dia <= ${dHoje}`);
    // Balances carried from period to period; every month before this one closed.
    await x(sql`update periodo_contabil pc set saldo_inicial = s.inicial,
        saldo_final = case when pc.data_fim < ${mesAtual} then s.inicial + s.movimento end,
        situacao = case when pc.data_fim < ${mesAtual} then 'FECHADO' else 'ABERTO' end,
        fechado_em = case when pc.data_fim < ${mesAtual} then (pc.data_fim + 5)::timestamptz end
      from (select p.id, c.saldo_inicial + coalesce(sum(coalesce(m.total, 0)) over (partition by p.conta_caixa_id
            order by p.data_inicio rows between unbounded preceding and 1 preceding), 0) as inicial, coalesce(m.total, 0) as movimento
          from periodo_contabil p join conta_caixa c on c.id = p.conta_caixa_id
          left join (select periodo_contabil_id, sum(valor) as total from lancamento_caixa group by periodo_contabil_id) m
            on m.periodo_contabil_id = p.id
          where c.organizacao_id in (select id from demo_paroquia)) s
      where s.id = pc.id`);
  });
  log(`demo year of books in ${Date.now() - t} ms`);
  t = Date.now();
  await semearMovimentosDemo(db, sinodo.caminho, inicio, dHoje);
  log(`demo members' movements in ${Date.now() - t} ms`);
  t = Date.now();
  await semearAtendimentosDemo(db, sinodo.id);
  log(`demo tickets and notices in ${Date.now() - t} ms`);

  const conta = (q: SQL) => numero(db, q);
  const dasParoquias = sql`organizacao_id in (select id from organizacao where organizacao_pai_id = ${sinodo.id})`;
  return {
    criado: true,
    pessoas: await conta(sql`select count(*)::int as n from pessoa p join organizacao o on o.id = p.organizacao_id
      where o.caminho like ${`${sinodo.caminho}%`}`),
    cultos: await conta(sql`select count(*)::int as n from culto where ${dasParoquias}`),
    contasAReceber: await conta(sql`select count(*)::int as n from conta_a_receber where ${dasParoquias}`),
    cobrancas: await conta(sql`select count(*)::int as n from cobranca`),
    recibos: await conta(sql`select count(*)::int as n from recibo where ${dasParoquias}`),
    lancamentos: await conta(sql`select count(*)::int as n from lancamento_caixa where ${dasParoquias}`),
    atendimentos: await conta(sql`select count(*)::int as n from atendimento`),
  };
}

/**
 * The members' movements of the year (the registry indicator's series): about one active member
 * in twenty joined (baptism, confirmation, profession of faith, transfer in, readmission), most
 * withdrawn people left (on request, transfer out, moving away, exclusion) and some of the
 * deceased died within the year. Each record agrees with the person's status as the generator
 * wrote it (a member's latest record is a joining, a withdrawn one's a withdrawal).
 */
async function semearMovimentosDemo(db: Db, caminho: string, inicio: SQL, hoje: SQL) {
  const dia = (k: number) => sql`(${inicio} + (${h('p.id', k)} % (${hoje} - ${inicio} + 1))::int)`;
  const doSinodo = sql`p.organizacao_id in (select id from organizacao where caminho like ${`${caminho}%`})`;
  await db.transaction(async (tx) => {
    const x = (q: SQL) => tx.execute(q);
    await x(sql`insert into pessoa_integracao (pessoa_id, tipo, data, forma, organizacao_id, outra_organizacao)
      select id, 'INTEGRACAO', data, forma, organizacao_id,
        case when forma = 'TRANSFERENCIA' then 'Paróquia Evangélica de Pelotas' end
      from (select p.id, p.organizacao_id, ${dia(41)} as data,
          (array['BATISMO', 'BATISMO', 'CONFIRMACAO', 'CONFIRMACAO', 'CONFIRMACAO', 'PROFISSAO_FE', 'TRANSFERENCIA',
            'TRANSFERENCIA', 'READMISSAO'])[1 + ${h('p.id', 42)} % 9] as forma
        from pessoa p where ${doSinodo} and p.status = 'ATIVO' and ${h('p.id', 40)} % 100 < 5) m`);
    await x(sql`insert into pessoa_integracao (pessoa_id, tipo, data, forma, organizacao_id, outra_organizacao, motivo)
      select id, 'DESLIGAMENTO', data, forma, organizacao_id,
        case when forma = 'TRANSFERENCIA' then 'Paróquia Evangélica de Santa Maria' end,
        case forma when 'A_PEDIDO' then 'Pedido da pessoa' when 'TRANSFERENCIA' then 'Transferência para outra paróquia'
          when 'MUDANCA' then 'Mudou-se para outra cidade' else 'Exclusão pelo conselho' end
      from (select p.id, p.organizacao_id, ${dia(44)} as data,
          (array['A_PEDIDO', 'A_PEDIDO', 'TRANSFERENCIA', 'TRANSFERENCIA', 'MUDANCA', 'EXCLUSAO'])[1 + ${h('p.id', 45)} % 6]
            as forma
        from pessoa p where ${doSinodo} and p.status = 'DESLIGADO' and ${h('p.id', 43)} % 100 < 70) m`);
    // Some of the deceased died within the year: the date of death is the withdrawal's.
    await x(sql`update pessoa p set data_falecimento = greatest(${dia(47)}, p.data_nascimento)
      where ${doSinodo} and p.status = 'FALECIDO' and ${h('p.id', 46)} % 100 < 40`);
    await x(sql`insert into pessoa_integracao (pessoa_id, tipo, data, forma, organizacao_id, motivo)
      select p.id, 'DESLIGAMENTO', p.data_falecimento, 'FALECIMENTO', p.organizacao_id, 'Falecimento'
      from pessoa p where ${doSinodo} and p.status = 'FALECIDO' and ${h('p.id', 46)} % 100 < 40
        and p.data_falecimento >= ${inicio}`);
  });
}

/** One ticket per status and queue: waiting in triage, with the synod's team, asked by a parish or by the synod. */
const ATENDIMENTOS: {
  assunto: string;
  status: string;
  time: boolean;
  solicitante: 'paroquia' | 'sinodo';
  dias: number;
}[] = [
  { assunto: 'Certidão de batismo para casamento', status: 'ABERTO', time: false, solicitante: 'paroquia', dias: 1 },
  { assunto: 'Cópia do registro de confirmação', status: 'ABERTO', time: false, solicitante: 'sinodo', dias: 2 },
  {
    assunto: 'Declaração de membresia para o consulado',
    status: 'ABERTO',
    time: true,
    solicitante: 'paroquia',
    dias: 3,
  },
  {
    assunto: 'Transferência de membros para Novo Hamburgo',
    status: 'EM_ANALISE',
    time: true,
    solicitante: 'paroquia',
    dias: 6,
  },
  {
    assunto: 'Segunda via de certidão de casamento',
    status: 'EM_ANDAMENTO',
    time: true,
    solicitante: 'paroquia',
    dias: 9,
  },
  {
    assunto: 'Atualização do estatuto da comunidade',
    status: 'EM_ANDAMENTO',
    time: true,
    solicitante: 'sinodo',
    dias: 12,
  },
  {
    assunto: 'Pedido de apoio para a reforma do telhado',
    status: 'APROVADO',
    time: true,
    solicitante: 'paroquia',
    dias: 20,
  },
  { assunto: 'Registro da nova diretoria', status: 'REGISTRADO', time: true, solicitante: 'paroquia', dias: 31 },
  { assunto: 'Certidão de óbito para inventário', status: 'CONCLUIDO', time: true, solicitante: 'paroquia', dias: 45 },
  { assunto: 'Declaração para bolsa de estudos', status: 'CONCLUIDO', time: true, solicitante: 'sinodo', dias: 60 },
  { assunto: 'Registro de batismo sem data', status: 'INCOMPLETO', time: true, solicitante: 'paroquia', dias: 25 },
  { assunto: 'Pedido em duplicidade', status: 'CANCELADO', time: true, solicitante: 'paroquia', dias: 40 },
  {
    assunto: 'Consulta interna sobre arquivo histórico',
    status: 'OCULTO',
    time: true,
    solicitante: 'sinodo',
    dias: 15,
  },
];

/** Tickets with their activity, comments and tasks, and the notice board: small, in a few multi-row statements. */
async function semearAtendimentosDemo(db: Db, sinodoId: number) {
  const [ids] = await linhas<{
    paroquia: number;
    paula: number;
    sara: number;
    ana: number;
    time: number;
    categoria: number;
  }>(
    db,
    sql`select (select id from organizacao where organizacao_pai_id = ${sinodoId} order by id limit 1) as paroquia,
      (select id from usuario where email = 'paroquia@sig.local') as paula,
      (select id from usuario where email = 'sinodo@sig.local') as sara,
      (select id from usuario where email = 'atendimento@sig.local') as ana,
      (select id from time where nome = 'Secretaria do Sínodo') as time,
      (select id from categoria_atendimento where nome = 'Certidões e documentos') as categoria`,
  );
  if (!ids?.paula || !ids.ana || !ids.time || !ids.categoria) return;
  const valores = ATENDIMENTOS.map((a, i) => {
    const solicitante = a.solicitante === 'paroquia' ? ids.paula : ids.sara;
    const origem = a.solicitante === 'paroquia' ? ids.paroquia : sinodoId;
    return sql`(${i + 1}::int, ${a.assunto}::text, ${`${a.assunto}. Pedido registrado pela secretaria.`}::text,
      ${solicitante}::int, ${origem}::int, ${a.time ? ids.time : null}::int, ${a.status}::text, ${a.dias}::int)`;
  });
  await db.transaction(async (tx) => {
    await tx.execute(sql`create temporary table demo_atendimento on commit drop as
      select * from (values ${sql.join(valores, sql`, `)}) as v(k, assunto, descricao, solicitante, origem, time_id, status, dias)`);
    await tx.execute(sql`alter table demo_atendimento add column id int`);
    await tx.execute(sql`with novo as (
        insert into atendimento (protocolo, assunto, descricao, categoria_atendimento_id, solicitante_usuario_id,
          organizacao_origem_id, organizacao_destino_id, time_id, responsavel_usuario_id, status, data_retorno_prevista,
          criado_em, atualizado_em)
        select 'demo-' || k, assunto, descricao, ${ids.categoria}, solicitante, origem, ${sinodoId}, time_id, ${ids.ana}, status,
          current_date - dias + 15, now() - make_interval(days => dias), now() - make_interval(days => dias / 2)
        from demo_atendimento order by k returning id, protocolo)
      update demo_atendimento d set id = novo.id from novo where novo.protocolo = 'demo-' || d.k`);
    await tx.execute(sql`update atendimento a set protocolo = to_char(a.criado_em at time zone 'America/Sao_Paulo', 'YYYY')
      || '-' || lpad(a.id::text, 6, '0') where a.id in (select id from demo_atendimento)`);
    await tx.execute(sql`insert into atendimento_atividade (atendimento_id, usuario_id, tipo, status_anterior, status_novo, parecer, criado_em)
      select d.id, d.solicitante, 'CRIACAO', null, 'ABERTO', null, now() - make_interval(days => d.dias) from demo_atendimento d
      union all
      select d.id, ${ids.ana}, 'TRIAGEM', null, null, 'Encaminhado à Secretaria do Sínodo.', now() - make_interval(days => d.dias) + interval '3 hours'
      from demo_atendimento d where d.time_id is not null
      union all
      select d.id, ${ids.ana}, 'STATUS', 'ABERTO', d.status, case d.status
          when 'INCOMPLETO' then 'Falta a data do registro; por favor, complete o pedido.'
          when 'CANCELADO' then 'Pedido aberto em duplicidade.'
          when 'CONCLUIDO' then 'Documento enviado por e-mail e pelo correio.'
          else 'Pedido recebido e em tratamento.' end, now() - make_interval(days => d.dias / 2)
      from demo_atendimento d where d.status <> 'ABERTO'`);
    await tx.execute(sql`insert into atendimento_comentario (atendimento_id, usuario_id, texto, interno, criado_em)
      select d.id, d.solicitante, 'Obrigado! Fico no aguardo do retorno.', false, now() - make_interval(days => d.dias) + interval '1 day'
      from demo_atendimento d
      union all
      select d.id, ${ids.ana}, 'Conferir o livro de registros de 1998 no arquivo do sínodo.', true, now() - make_interval(days => d.dias / 2)
      from demo_atendimento d where d.time_id is not null`);
    await tx.execute(sql`insert into atendimento_tarefa (atendimento_id, descricao, responsavel_usuario_id, prazo, concluida_em)
      select d.id, t.descricao, ${ids.ana}, current_date - d.dias + t.prazo,
        case when d.status in ('CONCLUIDO', 'REGISTRADO', 'APROVADO') or t.prazo < 5 then now() - make_interval(days => d.dias / 3) end
      from demo_atendimento d cross join (values ('Localizar o registro no arquivo', 3), ('Emitir e assinar o documento', 10)) as t(descricao, prazo)
      where d.time_id is not null and d.status not in ('CANCELADO', 'OCULTO')`);
    await tx.execute(sql`insert into aviso (nome, organizacao_id, mensagem, valido_ate, para_subordinadas, criado_em)
      values
        ('Assembleia sinodal', ${sinodoId}, 'A assembleia sinodal será no último sábado do mês, às 9h, em São Leopoldo. Cada paróquia envia dois delegados.', current_date + 40, true, now() - interval '3 days'),
        ('Relatório estatístico anual', ${sinodoId}, 'O prazo para enviar o relatório estatístico das comunidades é o fim do próximo mês.', current_date + 60, true, now() - interval '10 days'),
        ('Culto de Ação de Graças', ${ids.paroquia}, 'Domingo teremos o culto de Ação de Graças com almoço comunitário no salão.', current_date + 10, false, now() - interval '1 day'),
        ('Horário da secretaria', ${ids.paroquia}, 'A secretaria paroquial atende de terça a sexta, das 8h às 12h.', null, false, now() - interval '30 days')`);
  });
}
