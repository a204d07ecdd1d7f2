import { readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { usarAppTeste } from '../../../test/app-teste.js';

/** The books read back: financial and management reports and the accounting file. */
const t = usarAppTeste();
let tesouraria: string;
let paroquia: string;
let sinodo: string;
let admin: string;
let caixa: number;
let banco: number;
let raiz: number;
let templo: number;
const ids: Record<string, number> = {};

const req = (url: string, token = tesouraria, idioma?: string) => t.req({ method: 'GET', url, token, idioma });
const criar = async (url: string, payload: object, token = tesouraria) => {
  const r = await t.req({ method: 'POST', url, token, payload });
  expect(r.statusCode, r.body).toBeLessThan(300);
  return r.json();
};
const MARCO = 'periodoDe=2025-03-01&periodoAte=2025-03-31';

beforeAll(async () => {
  [admin, tesouraria, paroquia, sinodo] = await t.logins('admin', 'tesouraria', 'paroquia', 'sinodo');
  const conta = (nome: string, codigoContabil: string | undefined, saldoInicial: string, tipo = 'CAIXA') =>
    criar('/api/conta-caixa', {
      nome,
      tipoContaCaixa: tipo,
      codigoContabil,
      saldoInicial,
      dataSaldoInicial: '2025-01-01',
    });
  caixa = (await conta('Caixa livros', '1.1.01', '100.00')).id;
  banco = (await conta('Aplicação livros', '1.1.02', '0.00', 'APLICACAO')).id;
  const plano = (codigoInterno: string, nome: string, natureza: string, codigoContabil?: string) =>
    criar('/api/plano-de-conta', {
      codigoInterno,
      codigoContabil,
      nome,
      tipoPlanoConta: 'ANALITICA',
      naturezaPlanoConta: natureza,
    });
  const ofertas = (await plano('L3.1', 'Ofertas', 'RECEITA', '3.01.001')).id;
  const energia = (await plano('L4.1', 'Energia', 'DESPESA', '4.01.001')).id;
  const transferencias = (await plano('L9.1', 'Transferências', 'TRANSFERENCIA', '9.01.001')).id;
  raiz = (await criar('/api/controle-gerencial', { codigo: 'L0', nome: 'Paróquia', saldoInicial: '10.00' })).id;
  templo = (
    await criar('/api/controle-gerencial', {
      codigo: 'L1',
      nome: 'Templo',
      saldoInicial: '5.00',
      controleGerencialPaiId: raiz,
    })
  ).id;
  for (const c of [caixa, banco])
    await criar('/api/periodo-contabil', { contaCaixaId: c, dataInicio: '2025-02-01', dataFim: '2025-03-31' });
  const lancar = async (nome: string, corpo: object) => {
    ids[nome] = (
      await criar('/api/lancamento-caixa', { tipo: 'ENTRADA', contaCaixaId: caixa, planoContaId: ofertas, ...corpo })
    ).id;
  };
  // February: before the period, it only moves the previous balance.
  await lancar('fevereiro', { data: '2025-02-10', valor: '20.00', historico: 'Oferta de fevereiro' });
  await lancar('oferta', {
    data: '2025-03-02',
    valor: '150.00',
    historico: 'Oferta do culto; Santa Ceia',
    controleGerencialId: templo,
  });
  await lancar('energia', {
    data: '2025-03-10',
    tipo: 'SAIDA',
    planoContaId: energia,
    valor: '40.50',
    historico: 'Conta de energia',
    documento: 'NF 123',
    controleGerencialId: templo,
  });
  await lancar('transferencia', {
    data: '2025-03-15',
    tipo: 'TRANSFERENCIA',
    contaCaixaDestinoId: banco,
    planoContaId: transferencias,
    valor: '30.00',
    historico: 'Aplicação do mês',
  });
  await criar(`/api/lancamento-caixa/${ids.energia}/estornar`, {
    justificativa: 'Conta paga em duplicidade',
    data: '2025-03-20',
  });
});

const idsLancamentos = async () => {
  const r = await req(`/api/lancamento-caixa/paginado?${MARCO}&quantidade=50&ordem=asc`);
  return (r.json().itens as { id: number }[]).map((l) => l.id);
};

describe('/relatorio-financeiro', () => {
  it('gives each cash account its previous balance, money in and out and final balance; a reversal lowers what it reversed', async () => {
    const r = await req(`/api/relatorio-financeiro?${MARCO}&contasCaixaIds=${caixa},${banco}`);
    expect(r.statusCode, r.body).toBe(200);
    const rel = r.json();
    expect(rel.contas).toEqual([
      expect.objectContaining({
        contaCaixaId: banco,
        saldoAnterior: '0.00',
        entradas: '30.00',
        saidas: '0.00',
        saldoFinal: '30.00',
      }),
      expect.objectContaining({
        contaCaixaId: caixa,
        saldoAnterior: '120.00',
        entradas: '150.00',
        saidas: '30.00',
        saldoFinal: '240.00',
      }),
    ]);
    expect(rel.totais).toEqual({ saldoAnterior: '120.00', entradas: '180.00', saidas: '30.00', saldoFinal: '270.00' });
    const porCodigo = Object.fromEntries(
      (rel.planos as { codigoInterno: string; entradas: string; saidas: string; total: string }[]).map((p) => [
        p.codigoInterno,
        [p.entradas, p.saidas, p.total],
      ]),
    );
    expect(porCodigo).toEqual({
      'L3.1': ['150.00', '0.00', '150.00'],
      'L4.1': ['0.00', '0.00', '0.00'],
      'L9.1': ['30.00', '30.00', '0.00'],
    });
  });

  it('narrows the movements to a cost centre; the balances stay the account’s', async () => {
    const rel = (
      await req(`/api/relatorio-financeiro?${MARCO}&contasCaixaIds=${caixa}&controlesGerenciaisIds=${templo}`)
    ).json();
    expect(rel.contas[0]).toMatchObject({
      saldoAnterior: '120.00',
      entradas: '150.00',
      saidas: '0.00',
      saldoFinal: '240.00',
    });
    expect(rel.planos.map((p: { codigoInterno: string }) => p.codigoInterno)).toEqual(['L3.1', 'L4.1']);
  });

  it('lets the synod office read its parishes’ books, refuses a period that ends before it starts, and downloads PDF and XLSX', async () => {
    const doSinodo = (await req(`/api/relatorio-financeiro?${MARCO}`, sinodo)).json();
    expect(doSinodo.contas.map((c: { contaCaixaId: number }) => c.contaCaixaId)).toEqual(
      expect.arrayContaining([caixa, banco]),
    );
    const invertido = await req(
      '/api/relatorio-financeiro?periodoDe=2025-03-31&periodoAte=2025-03-01',
      tesouraria,
      'en',
    );
    expect(invertido.statusCode).toBe(400);
    expect(invertido.json().campos[0]).toMatchObject({ campo: 'periodoAte' });
    const pdf = await req(`/api/relatorio-financeiro?${MARCO}&formato=pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const xlsx = await req(`/api/relatorio-financeiro?${MARCO}&formato=xlsx`);
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });

  it('answers 403 without the permission and 404 for an organization out of scope', async () => {
    expect((await req(`/api/relatorio-financeiro?${MARCO}`, paroquia)).statusCode).toBe(403);
    const acima = await req(`/api/relatorio-financeiro?${MARCO}&organizacaoId=1`);
    expect(acima.statusCode).toBe(404);
    expect((await req(`/api/relatorio-financeiro?${MARCO}&organizacaoId=1`, admin)).statusCode).toBe(200);
  });
});

describe('/relatorio-gerencial', () => {
  it('rolls each cost centre’s subtree up, with opening balances and what came before the period', async () => {
    const r = await req(`/api/relatorio-gerencial?${MARCO}`);
    expect(r.statusCode, r.body).toBe(200);
    const linhas = (r.json().linhas as { controleGerencialId: number }[]).filter((l) =>
      [raiz, templo].includes(l.controleGerencialId),
    );
    expect(linhas).toEqual([
      expect.objectContaining({
        codigo: 'L0',
        nivel: 0,
        saldoInicial: '15.00',
        entradas: '150.00',
        saidas: '0.00',
        saldo: '165.00',
      }),
      expect.objectContaining({
        codigo: 'L1',
        nivel: 1,
        saldoInicial: '5.00',
        entradas: '150.00',
        saidas: '0.00',
        saldo: '155.00',
      }),
    ]);
    expect((await req(`/api/relatorio-gerencial?${MARCO}&formato=pdf`)).headers['content-type']).toBe(
      'application/pdf',
    );
  });

  it('refuses a bad period, a profile without it and an organization out of scope', async () => {
    expect((await req('/api/relatorio-gerencial?periodoDe=2025-13-01&periodoAte=2025-03-01')).statusCode).toBe(400);
    expect((await req(`/api/relatorio-gerencial?${MARCO}`, paroquia)).statusCode).toBe(403);
    expect((await req(`/api/relatorio-gerencial?${MARCO}&organizacaoId=1`)).statusCode).toBe(404);
  });
});

describe('/lancamento-caixa/exportar', () => {
  it('writes the accounting file of the period as the golden file says', async () => {
    const r = await req(`/api/lancamento-caixa/exportar?${MARCO}`);
    expect(r.statusCode, r.body).toBe(200);
    expect(r.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(r.headers['content-disposition']).toMatch(
      /^attachment; filename="contabil-\d+-2025-03-01-2025-03-31\.txt"$/,
    );
    // The golden file names entries by their place in the period; the database gives the ids.
    const [oferta, energia, saida, entrada, estorno] = await idsLancamentos();
    const golden = readFileSync(path.join(import.meta.dirname, '__golden__', 'exportacao-contabil.txt'), 'utf8')
      .replace(/\r?\n/g, '\r\n')
      .replace('{oferta}', String(oferta))
      .replace('{energia}', String(energia))
      .replace('{saida}', String(saida))
      .replace('{entrada}', String(entrada))
      .replace('{estorno}', String(estorno));
    expect(r.body).toBe(golden);
  });

  it('names the accounts without an accounting code instead of writing a file the accounting system refuses', async () => {
    await criar('/api/conta-caixa', { nome: 'Sem código', tipoContaCaixa: 'CAIXA', dataSaldoInicial: '2025-01-01' });
    const semCodigo = (await req('/api/conta-caixa/paginado?nome=Sem%20c%C3%B3digo')).json().itens[0].id;
    await criar('/api/periodo-contabil', { contaCaixaId: semCodigo, dataInicio: '2025-04-01', dataFim: '2025-04-30' });
    const plano = (await req('/api/plano-de-conta/paginado?quantidade=50'))
      .json()
      .itens.find((p: { codigoInterno: string }) => p.codigoInterno === 'L3.1');
    await criar('/api/lancamento-caixa', {
      data: '2025-04-06',
      tipo: 'ENTRADA',
      contaCaixaId: semCodigo,
      planoContaId: plano.id,
      valor: '10.00',
      historico: 'Oferta',
    });
    const r = await req('/api/lancamento-caixa/exportar?periodoDe=2025-04-01&periodoAte=2025-04-30', tesouraria, 'en');
    expect(r.statusCode).toBe(422);
    expect(r.json()).toMatchObject({ codigo: 'CONTAS_SEM_CODIGO_CONTABIL' });
    expect(r.json().mensagem).toContain('Sem código');
  });

  it('refuses a profile without it, a period upside down and an organization out of scope', async () => {
    expect((await req(`/api/lancamento-caixa/exportar?${MARCO}`, paroquia)).statusCode).toBe(403);
    expect((await req('/api/lancamento-caixa/exportar?periodoDe=2025-03-31&periodoAte=2025-03-01')).statusCode).toBe(
      400,
    );
    expect((await req(`/api/lancamento-caixa/exportar?${MARCO}&organizacaoId=1`)).statusCode).toBe(404);
  });
});

describe('/indicadores/financeiros', () => {
  it('sums money in and out without transfers, by ledger account, bucket by bucket and against the previous period', async () => {
    const r = await req('/api/indicadores/financeiros?periodoDe=2025-03-01&periodoAte=2025-03-31&periodo=1');
    expect(r.statusCode, r.body).toBe(200);
    const ind = r.json();
    // March: the offering in; the electricity bill out and reversed; the transfer is no money in or out.
    expect(ind).toMatchObject({ entradas: '150.00', saidas: '0.00', resultado: '150.00' });
    expect(ind.entradasPorConta).toEqual([{ chave: 'Ofertas', valor: '150.00' }]);
    // One month by month: one bucket, the cards' period; February is the previous period.
    expect(ind.serie).toEqual([
      { chave: '2025-03', de: '2025-03-01', ate: '2025-03-31', entradas: '150.00', saidas: '0.00' },
    ]);
    expect(ind).toMatchObject({ recortado: false, anteriorDe: '2025-02-01', anteriorAte: '2025-02-28' });
    expect(ind.anterior).toEqual({ entradas: '20.00', saidas: '0.00', resultado: '20.00' });
    expect(ind.serieAnterior).toEqual([
      { chave: '2025-02', de: '2025-02-01', ate: '2025-02-28', entradas: '20.00', saidas: '0.00' },
    ]);
  });

  it('refuses a period upside down, a profile without it and an organization out of scope', async () => {
    expect((await req('/api/indicadores/financeiros?periodoDe=2025-03-31&periodoAte=2025-03-01')).statusCode).toBe(400);
    expect((await req('/api/indicadores/financeiros', paroquia)).statusCode).toBe(403);
    expect((await req('/api/indicadores/financeiros?organizacaoId=1')).statusCode).toBe(404);
  });
});
