import { readFileSync } from 'node:fs';
import { isValidCpf } from '@brazilian-utils/brazilian-utils';
import { STATUS_ATENDIMENTO } from '@sig/contracts';
import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { abrirBanco, type Banco, migrar } from '../index.js';
import { garantirBase } from './base.js';
import { CIDADES_SINODO, SINODOS, semearDemo } from './demo.js';
import { PESSOAS_DEMO, type ResultadoAnoDemo, semearAnoDemo } from './demo-ano.js';

let banco: Banco;
let ano: ResultadoAnoDemo;
let pessoasAntes: number;
const URL_FATURAS = 'http://localhost:3000/api/provedor-demo';

const linhas = async <T>(q: SQL) => ((await banco.db.execute(q)) as unknown as { rows: T[] }).rows;
const um = async <T>(q: SQL) => (await linhas<T>(q))[0]!;

beforeAll(async () => {
  // The suite's template holds the base and the demo's organizations and users (global-setup); a fresh
  // in-memory copy of it gets the year. Without a PGlite template (a PostgreSQL run) they are seeded here.
  const template = inject('templatePglite');
  banco = await abrirBanco({
    dataDir: 'memory://',
    carregarDe: template ? new Blob([readFileSync(template)]) : undefined,
  });
  if (!template) {
    await migrar(banco);
    await garantirBase(banco.db, { adminEmail: 'admin@sig.local', adminSenha: 'Admin@12345' });
    await semearDemo(banco.db);
  }
  pessoasAntes = (await um<{ n: number }>(sql`select coalesce(max(id), 0)::int as n from pessoa`)).n;
  ano = await semearAnoDemo(banco.db, { urlFaturas: URL_FATURAS });
}, 300_000);
afterAll(() => banco?.fechar());

describe('the demo year (issue 18)', () => {
  it('fills the Rio dos Sinos synod: people, services, receivables, charges, receipts, entries, tickets', () => {
    expect(ano.criado).toBe(true);
    expect(ano.pessoas).toBeGreaterThanOrEqual(PESSOAS_DEMO);
    // 52 or 53 Sundays in three parishes.
    expect(ano.cultos).toBeGreaterThanOrEqual(3 * 50);
    expect(ano.contasAReceber).toBeGreaterThan(3000);
    expect(ano.cobrancas).toBeGreaterThan(3000);
    expect(ano.recibos).toBeGreaterThan(2000);
    expect(ano.lancamentos).toBeGreaterThan(ano.recibos);
    expect(ano.atendimentos).toBeGreaterThanOrEqual(STATUS_ATENDIMENTO.length);
  });

  it("records the members' movements of the year, each agreeing with the person's status", async () => {
    const r = await linhas<{ tipo: string; forma: string; n: number; fora: number; incoerentes: number }>(sql`
      select i.tipo, i.forma, count(*)::int as n,
        count(*) filter (where i.data < (date_trunc('month', current_date) - interval '12 months')::date
          or i.data > current_date)::int as fora,
        count(*) filter (where (i.tipo = 'INTEGRACAO') <> (p.status = 'ATIVO'))::int as incoerentes
      from pessoa_integracao i join pessoa p on p.id = i.pessoa_id
      where p.id > ${pessoasAntes} group by 1, 2`);
    const de = (tipo: string, forma: string) => r.find((x) => x.tipo === tipo && x.forma === forma)?.n ?? 0;
    for (const forma of ['BATISMO', 'CONFIRMACAO', 'TRANSFERENCIA'])
      expect(de('INTEGRACAO', forma), forma).toBeGreaterThan(5);
    for (const forma of ['A_PEDIDO', 'FALECIMENTO', 'TRANSFERENCIA'])
      expect(de('DESLIGAMENTO', forma), forma).toBeGreaterThan(2);
    expect(r.reduce((s, x) => s + x.fora + x.incoerentes, 0)).toBe(0);
  });

  it('runs once', async () => {
    expect((await semearAnoDemo(banco.db, { urlFaturas: URL_FATURAS })).criado).toBe(false);
  });

  it("puts every new person under the synod, with a valid CPF and an address in the synod's state", async () => {
    const r = await um<{ total: number; noSinodo: number; foraRs: number; semCidade: number }>(sql`
      select count(*)::int as total,
        count(*) filter (where o.caminho like (select caminho || '%' from organizacao where nome_fantasia = 'Sínodo Rio dos Sinos'))::int as "noSinodo",
        (select count(*)::int from pessoa_endereco pe join pessoa p on p.id = pe.pessoa_id join estado e on e.id = pe.estado_id
          where p.id > ${pessoasAntes} and e.sigla <> 'RS') as "foraRs",
        (select count(*)::int from pessoa_endereco pe where pe.pessoa_id > ${pessoasAntes} and pe.cidade_id is null) as "semCidade"
      from pessoa p join organizacao o on o.id = p.organizacao_id where p.id > ${pessoasAntes}`);
    expect(r.total).toBe(PESSOAS_DEMO);
    expect(r.noSinodo).toBe(r.total);
    expect(r.foraRs).toBe(0);
    expect(r.semCidade).toBe(0);
    const cpfs = await linhas<{ cpf: string }>(
      sql`select cpf from pessoa where id > ${pessoasAntes} and cpf is not null`,
    );
    expect(cpfs.length).toBeGreaterThan(PESSOAS_DEMO / 2);
    expect(cpfs.filter((c) => !isValidCpf(c.cpf))).toEqual([]);
    const titulares = await um<{ titulares: number; dependentes: number }>(sql`
      select count(*) filter (where titular)::int as titulares, count(*) filter (where not titular)::int as dependentes
      from pessoa where id > ${pessoasAntes}`);
    expect(titulares.titulares).toBeGreaterThan(500);
    expect(titulares.dependentes).toBeGreaterThan(titulares.titulares);
  });

  it('has a receipt and a standing cash entry of the same value for every paid charge', async () => {
    const r = await um<{ pagas: number; semRecibo: number; semLancamento: number }>(sql`
      select count(*)::int as pagas,
        count(*) filter (where not exists (select 1 from recibo_item ri join recibo re on re.id = ri.recibo_id
          where ri.conta_a_receber_id = b.conta_a_receber_id and ri.ativo and re.estornado_em is null and ri.valor = b.valor))::int as "semRecibo",
        count(*) filter (where not exists (select 1 from lancamento_caixa l where l.origem = 'CONTA_A_RECEBER'
          and l.origem_id = b.conta_a_receber_id and l.estornado_em is null and l.estorno_de_id is null and l.valor = b.valor))::int as "semLancamento"
      from cobranca b where b.status = 'PAGO'`);
    expect(r.pagas).toBeGreaterThan(1000);
    expect(r.semRecibo).toBe(0);
    expect(r.semLancamento).toBe(0);
  });

  it('has every refunded charge with its receipt cancelled and its entry reversed', async () => {
    const r = await um<{ estornadas: number; erradas: number }>(sql`
      select count(*)::int as estornadas,
        count(*) filter (where not exists (select 1 from recibo_item ri join recibo re on re.id = ri.recibo_id
            where ri.conta_a_receber_id = b.conta_a_receber_id and not ri.ativo and re.estornado_em is not null)
          or not exists (select 1 from lancamento_caixa l join lancamento_caixa e on e.estorno_de_id = l.id
            where l.origem = 'CONTA_A_RECEBER' and l.origem_id = b.conta_a_receber_id and l.estornado_em is not null
              and e.valor = -l.valor))::int as erradas
      from cobranca b where b.status = 'ESTORNADO' and b.status_provedor = 'REFUNDED'`);
    expect(r.estornadas).toBeGreaterThan(0);
    expect(r.erradas).toBe(0);
  });

  it('has receivables and charges in every status, with invoice links to the provider pages', async () => {
    const contas = await linhas<{ status: string }>(
      sql`select distinct status from conta_a_receber where categoria_contribuicao_id is not null`,
    );
    expect(contas.map((c) => c.status).sort()).toEqual(['ABERTO', 'CANCELADO', 'ESTORNADO', 'PAGO', 'VENCIDO']);
    const cobrancas = await linhas<{ status: string; provedor: string }>(
      sql`select distinct status, status_provedor as provedor from cobranca`,
    );
    expect(cobrancas.map((c) => `${c.status}:${c.provedor}`).sort()).toEqual([
      'ABERTO:PENDING',
      'ESTORNADO:REFUNDED',
      'PAGO:RECEIVED',
      'VENCIDO:OVERDUE',
    ]);
    const formas = await um<{ ruins: number }>(sql`select count(*)::int as ruins from cobranca
      where provedor_id !~ '^pay_[a-z0-9]{16}$' or cliente_provedor_id !~ '^cus_[a-z0-9]{12}$'
        or url_fatura <> ${URL_FATURAS} || '/i/' || substr(provedor_id, 5)`);
    expect(formas.ruins).toBe(0);
  });

  it("posts every service's offering: the offerings equal the worship entries, per parish", async () => {
    const r = await linhas<{ org: number; ofertas: string; lancado: string | null }>(sql`
      select c.organizacao_id as org, sum(c.ofertas)::text as ofertas,
        (select sum(l.valor)::text from lancamento_caixa l where l.origem = 'CULTO' and l.organizacao_id = c.organizacao_id) as lancado
      from culto c group by c.organizacao_id`);
    expect(r.length).toBe(3);
    for (const x of r) expect(x.lancado).toBe(x.ofertas);
    const ceia = await um<{ n: number }>(sql`select count(*)::int as n from culto where santa_ceia`);
    expect(ceia.n).toBeGreaterThanOrEqual(3 * 11);
  });

  it('closes every past month with its balance carried to the next; the current month open', async () => {
    const r = await um<{ fechados: number; abertos: number; quebrados: number; saldoErrado: number }>(sql`
      select count(*) filter (where p.situacao = 'FECHADO')::int as fechados,
        count(*) filter (where p.situacao = 'ABERTO')::int as abertos,
        count(*) filter (where p.situacao = 'FECHADO' and (p.saldo_final is null or prox.saldo_inicial is distinct from p.saldo_final))::int as quebrados,
        count(*) filter (where p.situacao = 'FECHADO' and p.saldo_final <> p.saldo_inicial
          + coalesce((select sum(valor) from lancamento_caixa l where l.periodo_contabil_id = p.id), 0))::int as "saldoErrado"
      from periodo_contabil p
      left join periodo_contabil prox on prox.conta_caixa_id = p.conta_caixa_id and prox.data_inicio = p.data_fim + 1`);
    expect(r.fechados).toBe(3 * 2 * 11);
    expect(r.abertos).toBe(3 * 2);
    expect(r.quebrados).toBe(0);
    expect(r.saldoErrado).toBe(0);
  });

  it('has tickets in every status and queue, with comments and tasks, and notices', async () => {
    const status = await linhas<{ status: string }>(sql`select distinct status from atendimento`);
    expect(status.map((s) => s.status).sort()).toEqual([...STATUS_ATENDIMENTO].sort());
    const r = await um<{
      triagem: number;
      time: number;
      comentarios: number;
      tarefas: number;
      avisos: number;
      protocolos: number;
    }>(sql`
      select count(*) filter (where time_id is null)::int as triagem, count(*) filter (where time_id is not null)::int as time,
        (select count(*)::int from atendimento_comentario) as comentarios, (select count(*)::int from atendimento_tarefa) as tarefas,
        (select count(*)::int from aviso) as avisos,
        count(*) filter (where protocolo ~ '^\\d{4}-\\d{6}$')::int as protocolos
      from atendimento`);
    expect(r.triagem).toBeGreaterThan(0);
    expect(r.time).toBeGreaterThan(0);
    expect(r.comentarios).toBeGreaterThan(r.time);
    expect(r.tarefas).toBeGreaterThan(0);
    expect(r.avisos).toBeGreaterThanOrEqual(4);
    expect(r.protocolos).toBe(ano.atendimentos);
  });
});

describe('the demo tree', () => {
  it('has no two organizations of the same name under one parent, nor two parishes of one name', async () => {
    const repetidos = await linhas<{ nome: string }>(sql`select min(nome_fantasia) as nome from organizacao
      group by organizacao_pai_id, lower(nome_fantasia) having count(*) > 1`);
    expect(repetidos).toEqual([]);
    const paroquias = await linhas<{
      nome: string;
    }>(sql`select min(nome_fantasia) as nome from organizacao where nivel = 2
      group by lower(nome_fantasia) having count(*) > 1`);
    expect(paroquias).toEqual([]);
  });

  it("names every parish after a town of its synod's region, and every community after its parish's town", async () => {
    const paroquias = await linhas<{ sinodo: string; cidade: string }>(sql`select s.nome_fantasia as sinodo,
        split_part(p.nome_fantasia, ' - ', 2) as cidade
      from organizacao p join organizacao s on s.id = p.organizacao_pai_id where p.nivel = 2`);
    expect(paroquias.length).toBe(60);
    for (const p of paroquias)
      expect(CIDADES_SINODO[SINODOS.indexOf(p.sinodo.replace('Sínodo ', ''))]).toContain(p.cidade);
    const fora = await linhas<{ nome: string }>(sql`select c.nome_fantasia as nome from organizacao c
      join organizacao p on p.id = c.organizacao_pai_id
      where c.nivel = 3 and c.nome_fantasia not like '%(' || split_part(p.nome_fantasia, ' - ', 2) || ')'`);
    expect(fora).toEqual([]);
  });
});
