import { schema } from '@sig/db';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppTeste, criarAppTeste } from '../../../test/app-teste.js';
import { pessoaPorCpf } from '../../../test/fabricas.js';

const VENCIMENTO = '2099-03-10';

let t: AppTeste;
let admin: string;
let paroquia: string;
let tesouraria: string;
let comCpf: number;

const req = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, token = tesouraria) =>
  t.req({ method, url, token, payload });
const conta = (extra: Record<string, unknown> = {}) => ({
  pessoaId: comCpf,
  tipo: 'CONTRIBUICAO',
  mesCompetencia: 3,
  anoCompetencia: 2099,
  vencimento: VENCIMENTO,
  valorPrevisto: '30.00',
  ...extra,
});
const criarConta = async (extra: Record<string, unknown> = {}, token = tesouraria) => {
  const r = await req('POST', '/api/conta-a-receber', conta(extra), token);
  expect(r.statusCode, r.body).toBe(201);
  return r.json();
};
const cobrar = (contaAReceberId: number, extra: Record<string, unknown> = {}) =>
  req('POST', '/api/cobranca', { contaAReceberId, forma: 'BOLETO', ...extra });
const obter = async (id: number) => (await req('GET', `/api/conta-a-receber/${id}`)).json();

beforeAll(async () => {
  t = await criarAppTeste();
  [admin, paroquia, tesouraria] = await t.logins('admin', 'paroquia', 'tesouraria');
  comCpf = (await pessoaPorCpf(t.banco.db, '39053344705')).id;
});
afterAll(() => t.fechar());

describe('accounts receivable', () => {
  let id: number;

  it('creates, reads, lists with filters and updates a receivable of the user organization', async () => {
    const c = await criarConta({ descricao: 'Contribuição de março' });
    id = c.id;
    expect(c).toMatchObject({ status: 'ABERTO', cobrancaGerada: false, valorPrevisto: '30.00', parcelas: 1 });
    expect(c.titularNome).not.toBe('');
    await criarConta({ mesCompetencia: 4, vencimento: '2099-04-10' });
    const lista = await req(
      'GET',
      `/api/conta-a-receber/paginado?pessoaId=${comCpf}&status=ABERTO&vencimentoDe=2099-03-01&vencimentoAte=2099-03-31&organizacaoId=${c.organizacaoId}`,
    );
    expect(lista.statusCode, lista.body).toBe(200);
    expect(lista.json().itens.map((x: { id: number }) => x.id)).toContain(id);
    expect(lista.json().itens.every((x: { vencimento: string }) => x.vencimento <= '2099-03-31')).toBe(true);
    const ordenada = (await req('GET', '/api/conta-a-receber/paginado?ordenarPor=vencimento&ordem=desc')).json();
    expect(ordenada.itens[0].vencimento).toBe('2099-04-10');
    const put = await req('PUT', `/api/conta-a-receber/${id}`, conta({ valorPrevisto: '35.50' }));
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json().valorPrevisto).toBe('35.50');
    expect((await req('GET', `/api/conta-a-receber/${id}`)).json().valorPrevisto).toBe('35.50');
  });

  it('sums the filtered set for the totals row and exports it, in scope only', async () => {
    const a = await criarConta({ mesCompetencia: 7, vencimento: '2098-07-10', valorPrevisto: '10.25' });
    const b = await criarConta({ mesCompetencia: 8, vencimento: '2098-08-10', valorPrevisto: '1250.50' });
    await criarConta({ mesCompetencia: 7, vencimento: '2098-07-15', valorPrevisto: '99.00' }, admin);
    const filtro = 'vencimentoDe=2098-07-01&vencimentoAte=2098-08-31';
    const lista = await req('GET', `/api/conta-a-receber/paginado?${filtro}&quantidade=1`);
    expect(lista.statusCode, lista.body).toBe(200);
    // The whole filtered set, not only the page, and nothing of another organization's.
    expect(lista.json()).toMatchObject({ total: 2, totais: { valorPrevisto: '1260.75', valorPago: '0.00' } });

    const csv = await req('GET', `/api/conta-a-receber/exportar?${filtro}&formato=csv`);
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers['content-disposition']).toMatch(/filename="contas-a-receber-.*\.csv"/);
    const linhas = csv.body.trim().split('\r\n');
    expect(linhas[0]).toContain('Vencimento');
    expect(linhas.slice(1).map((l) => Number(l.split(';')[0]))).toEqual([a.id, b.id]);
    expect(linhas[1]).toContain('07/2099');
    expect(linhas[1]).toContain('Em aberto');

    const invertido = await req(
      'GET',
      '/api/conta-a-receber/exportar?vencimentoDe=2098-08-31&vencimentoAte=2098-07-01',
    );
    expect(invertido.statusCode).toBe(400);
    expect((await req('GET', `/api/conta-a-receber/exportar?${filtro}`, undefined, paroquia)).statusCode).toBe(403);
  });

  it('refuses a bad month, a day the month lacks, both or no holder and an inverted due range', async () => {
    const mes = await req('POST', '/api/conta-a-receber', conta({ mesCompetencia: 13 }));
    expect(mes.statusCode).toBe(400);
    expect(mes.json().campos[0].campo).toBe('mesCompetencia');
    const dia = await req('POST', '/api/conta-a-receber', conta({ vencimento: '2099-02-30' }));
    expect(dia.statusCode).toBe(400);
    expect(dia.json().campos[0]).toMatchObject({ campo: 'vencimento', mensagem: 'O dia informado não existe no mês.' });
    const ambos = await req('POST', '/api/conta-a-receber', conta({ organizacaoTitularId: 1 }));
    expect(ambos.statusCode).toBe(400);
    expect(ambos.json().campos[0]).toMatchObject({
      campo: 'pessoaId',
      mensagem: 'Preencha uma pessoa ou uma organização.',
    });
    const nenhum = await req('POST', '/api/conta-a-receber', conta({ pessoaId: null }));
    expect(nenhum.statusCode).toBe(400);
    const faixa = await req('GET', '/api/conta-a-receber/paginado?vencimentoDe=2099-03-10&vencimentoAte=2099-03-01');
    expect(faixa.statusCode).toBe(400);
    expect(faixa.json().campos[0].campo).toBe('vencimentoAte');
  });

  it('answers 403 without the financial permission and 404 outside the scope', async () => {
    expect((await req('GET', '/api/conta-a-receber/paginado', undefined, paroquia)).statusCode).toBe(403);
    expect((await req('POST', '/api/conta-a-receber', conta(), paroquia)).statusCode).toBe(403);
    expect((await req('POST', '/api/cobranca', { contaAReceberId: id, forma: 'PIX' }, paroquia)).statusCode).toBe(403);
    const nacional = await criarConta({}, admin);
    expect((await req('GET', `/api/conta-a-receber/${nacional.id}`)).statusCode).toBe(404);
    expect((await req('PUT', `/api/conta-a-receber/${nacional.id}`, conta())).statusCode).toBe(404);
    expect((await req('DELETE', `/api/conta-a-receber/${nacional.id}`)).statusCode).toBe(404);
    // A charge names the receivable in its body: one outside the scope is a 400 on that field.
    const cobranca = await cobrar(nacional.id);
    expect(cobranca.statusCode).toBe(400);
    expect(cobranca.json().campos[0].campo).toBe('contaAReceberId');
    const lista = (await req('GET', '/api/conta-a-receber/paginado?quantidade=500')).json();
    expect(lista.itens.map((x: { id: number }) => x.id)).not.toContain(nacional.id);
  });

  it('deletes by marking excluded, and records the history', async () => {
    const c = await criarConta();
    const del = await req('DELETE', `/api/conta-a-receber/${c.id}`);
    expect(del.statusCode, del.body).toBe(200);
    expect((await obter(c.id)).status).toBe('EXCLUIDO');
    expect((await req('PUT', `/api/conta-a-receber/${c.id}`, conta())).statusCode).toBe(409);
    const historico = await t.banco.db
      .select()
      .from(schema.historicoAlteracao)
      .where(eq(schema.historicoAlteracao.entidadeId, c.id));
    expect(historico.some((h) => h.entidade === 'conta_a_receber' && h.campo === 'status')).toBe(true);
  });
});

describe('excluded and cancelled receivables (issue 17 items 6, 7)', () => {
  it('an excluded receivable is in no list or total unless asked for', async () => {
    const filtro = `pessoaId=${comCpf}&anoCompetencia=2098`;
    const [a, b] = [await criarConta({ anoCompetencia: 2098 }), await criarConta({ anoCompetencia: 2098 })];
    expect((await req('DELETE', `/api/conta-a-receber/${b.id}`)).statusCode).toBe(200);
    const lista = (await req('GET', `/api/conta-a-receber/paginado?${filtro}`)).json();
    expect(lista.itens.map((c: { id: number }) => c.id)).toEqual([a.id]);
    expect(lista).toMatchObject({ total: 1, totais: { valorPrevisto: '30.00' } });
    const todas = (await req('GET', `/api/conta-a-receber/paginado?${filtro}&incluirExcluidos=true`)).json();
    expect(todas).toMatchObject({ total: 2, totais: { valorPrevisto: '60.00' } });
    const relatorio = await req(
      'GET',
      `/api/relatorio-contas-receber?pessoaId=${comCpf}&competenciaDe=2098-01&competenciaAte=2098-12`,
    );
    expect(relatorio.statusCode, relatorio.body).toBe(200);
    expect(relatorio.json().totais).toMatchObject({ quantidade: 1, previsto: '30.00' });
  });

  it('cancels a receivable with its reason; a charged one is refused', async () => {
    const c = await criarConta();
    expect((await req('POST', `/api/conta-a-receber/${c.id}/cancelar`, { motivo: '' })).statusCode).toBe(400);
    const r = await req('POST', `/api/conta-a-receber/${c.id}/cancelar`, { motivo: 'Lançada em duplicidade' });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toMatchObject({ status: 'CANCELADO', motivoCancelamento: 'Lançada em duplicidade' });
    const de = await req('POST', `/api/conta-a-receber/${c.id}/cancelar`, { motivo: 'De novo' });
    expect(de.statusCode).toBe(409);
  });
});

describe('kept totals (ADR 0027)', () => {
  /** The kept rows against the receivables summed now: both ways, rows of nothing left out. */
  const divergencias = async () =>
    (
      (await t.banco.db.execute(sql`with agora as (
          select organizacao_id, status, ano_competencia, mes_competencia, date_trunc('month', vencimento)::date as mes,
            count(*)::int as n, sum(valor_previsto) as previsto, coalesce(sum(valor_pago), 0) as pago
          from conta_a_receber group by 1, 2, 3, 4, 5),
        mantidos as (select organizacao_id, status, ano_competencia, mes_competencia, mes_vencimento as mes,
            quantidade as n, valor_previsto as previsto, valor_pago as pago
          from conta_a_receber_total where quantidade <> 0 or valor_previsto <> 0 or valor_pago <> 0)
        (select * from agora except select * from mantidos) union all (select * from mantidos except select * from agora)`)) as unknown as {
        rows: unknown[];
      }
    ).rows;

  it('follow every write, and the list answers from them what the rows sum', async () => {
    const a = await criarConta({ mesCompetencia: 7, vencimento: '2099-07-05', valorPrevisto: '12.50' });
    const b = await criarConta({ mesCompetencia: 7, vencimento: '2099-07-20', valorPrevisto: '40.00' });
    await criarConta({ mesCompetencia: 8, vencimento: '2099-08-05', valorPrevisto: '7.25' });
    const pago = await req('POST', '/api/pagamento', {
      contaAReceberId: a.id,
      valor: '12.50',
      dataPagamento: '2099-07-05',
      dataCredito: '2099-07-05',
      forma: 'DINHEIRO',
    });
    expect(pago.statusCode, pago.body).toBe(201);
    expect(
      (
        await req(
          'PUT',
          `/api/conta-a-receber/${b.id}`,
          conta({ id: b.id, mesCompetencia: 8, vencimento: '2099-08-20', valorPrevisto: '41.00' }),
        )
      ).statusCode,
    ).toBe(200);
    expect((await req('DELETE', `/api/conta-a-receber/${b.id}`)).statusCode).toBe(200);
    expect(await divergencias()).toEqual([]);

    // Whole months due: from the kept totals; inside a month: from the rows; the same answer.
    const lista = async (consulta: string) =>
      (await req('GET', `/api/conta-a-receber/paginado?pagina=1&quantidade=5&${consulta}`)).json();
    const julho = await lista('vencimentoDe=2099-07-01&vencimentoAte=2099-07-31');
    const exato = await lista('vencimentoDe=2099-07-02&vencimentoAte=2099-07-31');
    expect(julho).toMatchObject({ total: 1, totais: { valorPrevisto: '12.50', valorPago: '12.50' } });
    expect(exato).toMatchObject({ total: 1, totais: julho.totais });
    const tudo = await lista('anoCompetencia=2099&mesCompetencia=8');
    const tudoExato = await lista(`anoCompetencia=2099&mesCompetencia=8&pessoaId=${comCpf}`);
    expect(tudo).toMatchObject({ total: tudoExato.total, totais: tudoExato.totais });
    expect(await lista('anoCompetencia=2099&mesCompetencia=8&incluirExcluidos=true')).toMatchObject({
      total: tudo.total + 1,
    });
  });
});
