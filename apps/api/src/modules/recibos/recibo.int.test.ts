import { type AsaasFake, iniciarAsaasFake } from '@sig/asaas-fake';
import { schema } from '@sig/db';
import { desc, eq } from 'drizzle-orm';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppTeste, criarAppTeste } from '../../../test/app-teste.js';
import { historicoDe, pessoaPorCpf } from '../../../test/fabricas.js';
import { imagensDoPdf, semEspacos, textoDoPdf } from '../../../test/pdf.js';
import type { PaymentProvider } from '../../platform/provedor-pagamento.js';
import { provedorAsaas } from '../asaas/index.js';

let t: AppTeste;
let fake: AsaasFake;
let provedor: PaymentProvider;
let admin: string;
let paroquia: string;
let tesouraria: string;
let titularA: number;
let titularB: number;

type Metodo = 'GET' | 'POST' | 'PUT' | 'DELETE';
const req = (method: Metodo, url: string, payload?: object, token = tesouraria, idioma?: string) =>
  t.req({ method, url, token, payload, idioma });
const criarConta = async (extra: Record<string, unknown> = {}, token = tesouraria) => {
  const r = await req(
    'POST',
    '/api/conta-a-receber',
    {
      pessoaId: titularA,
      tipo: 'CONTRIBUICAO',
      mesCompetencia: 5,
      anoCompetencia: 2099,
      vencimento: '2099-05-10',
      valorPrevisto: '40.00',
      ...extra,
    },
    token,
  );
  expect(r.statusCode, r.body).toBe(201);
  return r.json() as { id: number; organizacaoId: number };
};
const pagamento = (contaAReceberId: number, extra: Record<string, unknown> = {}) => ({
  contaAReceberId,
  valor: '40.00',
  dataPagamento: '2099-05-02',
  dataCredito: '2099-05-03',
  forma: 'DINHEIRO',
  ...extra,
});
const pagar = async (contaAReceberId: number, extra: Record<string, unknown> = {}, token = tesouraria) => {
  const r = await req('POST', '/api/pagamento', pagamento(contaAReceberId, extra), token);
  expect(r.statusCode, r.body).toBe(201);
  return r.json() as { id: number; recebidoNoProvedor: boolean };
};
const contaPaga = async (extra: Record<string, unknown> = {}) => {
  const c = await criarConta(extra);
  await pagar(c.id);
  return c;
};
const obterConta = async (id: number) => (await req('GET', `/api/conta-a-receber/${id}`)).json();
const emitir = (contaAReceberIds: number[], token = tesouraria, idioma?: string) =>
  req('POST', '/api/recibo', { contaAReceberIds, data: '2099-05-20' }, token, idioma);
const JUSTIFICATIVA = { justificativa: 'Lançado na conta errada' };

beforeAll(async () => {
  fake = await iniciarAsaasFake();
  provedor = provedorAsaas({ baseUrl: fake.url, chaveApi: fake.chaveApi, userAgent: 'SIG/teste' });
  t = await criarAppTeste({}, { provedor: { provedor, demo: true, url: fake.url, fechar: fake.fechar } });
  [admin, paroquia, tesouraria] = await t.logins('admin', 'paroquia', 'tesouraria');
  const p = await pessoaPorCpf(t.banco.db, '39053344705');
  titularA = p.id;
  const [b] = await t.banco.db
    .insert(schema.pessoa)
    .values({ nome: 'Outra', sobrenome: 'Titular', organizacaoId: p.organizacaoId })
    .returning({ id: schema.pessoa.id });
  titularB = b!.id;
});
afterAll(() => t.fechar());

describe('manual payment', () => {
  it('records a payment by hand: the receivable is paid with its dates and method', async () => {
    const c = await criarConta();
    const p = await pagar(c.id, { valor: '38.50', forma: 'TRANSFERENCIA', observacao: 'Depósito' });
    expect(p).toMatchObject({ contaAReceberId: c.id, valor: '38.50', recebidoNoProvedor: false, estornadoEm: null });
    expect(await obterConta(c.id)).toMatchObject({
      status: 'PAGO',
      valorPago: '38.50',
      dataPagamento: '2099-05-02',
      dataCredito: '2099-05-03',
      formaPagamento: 'TRANSFERENCIA',
    });
    const lista = await req('GET', `/api/pagamento?contaAReceberId=${c.id}`);
    expect(lista.statusCode, lista.body).toBe(200);
    expect(lista.json().map((x: { id: number }) => x.id)).toEqual([p.id]);
    expect((await req('GET', `/api/pagamento/${p.id}`)).json().titularNome).not.toBe('');
    const outra = await req('POST', '/api/pagamento', pagamento(c.id));
    expect(outra.statusCode).toBe(409);
    expect(outra.json().codigo).toBe('PAGAMENTO_CONTA_NAO_PAGAVEL');
  });

  it('refuses a credit date before the payment date, a provider method and no value', async () => {
    const c = await criarConta();
    const credito = await req('POST', '/api/pagamento', pagamento(c.id, { dataCredito: '2099-05-01' }));
    expect(credito.statusCode).toBe(400);
    expect(credito.json().campos[0].campo).toBe('dataCredito');
    expect((await req('POST', '/api/pagamento', pagamento(c.id, { forma: 'BOLETO' }))).statusCode).toBe(400);
    const valor = await req('POST', '/api/pagamento', pagamento(c.id, { valor: '0' }));
    expect(valor.statusCode).toBe(400);
    expect(valor.json().campos[0].campo).toBe('valor');
    expect((await obterConta(c.id)).status).toBe('ABERTO');
  });

  it('answers 403 without the financial permission and 404 outside the scope', async () => {
    const c = await criarConta();
    expect((await req('POST', '/api/pagamento', pagamento(c.id), paroquia)).statusCode).toBe(403);
    expect((await req('GET', `/api/pagamento?contaAReceberId=${c.id}`, undefined, paroquia)).statusCode).toBe(403);
    const nacional = await criarConta({}, admin);
    // The receivable named in the body, outside the scope: 400 on that field.
    expect((await req('POST', '/api/pagamento', pagamento(nacional.id))).statusCode).toBe(400);
    const doAdmin = await pagar(nacional.id, {}, admin);
    expect((await req('GET', `/api/pagamento/${doAdmin.id}`)).statusCode).toBe(404);
    expect((await req('POST', `/api/pagamento/${doAdmin.id}/estorno`, JUSTIFICATIVA)).statusCode).toBe(404);
    expect((await req('GET', `/api/pagamento?contaAReceberId=${nacional.id}`)).json()).toEqual([]);
  });

  it('with an active charge, the provider marks it received in cash; the reversal undoes it', async () => {
    const c = await criarConta();
    const cobrar = await req('POST', '/api/cobranca', { contaAReceberId: c.id, forma: 'BOLETO' });
    expect(cobrar.statusCode, cobrar.body).toBe(201);
    const [cob] = cobrar.json();
    const p = await pagar(c.id);
    expect(p.recebidoNoProvedor).toBe(true);
    expect((await provedor.obterCobranca(cob.provedorId)).statusProvedor).toBe('RECEIVED_IN_CASH');
    expect((await req('GET', `/api/cobranca/${cob.id}`)).json()).toMatchObject({
      status: 'PAGO',
      statusProvedor: 'RECEIVED_IN_CASH',
    });
    expect((await obterConta(c.id)).status).toBe('PAGO');

    const curta = await req('POST', `/api/pagamento/${p.id}/estorno`, { justificativa: 'erro' });
    expect(curta.statusCode).toBe(400);
    expect(curta.json().campos[0].campo).toBe('justificativa');
    const estorno = await req('POST', `/api/pagamento/${p.id}/estorno`, JUSTIFICATIVA);
    expect(estorno.statusCode, estorno.body).toBe(200);
    expect(estorno.json()).toMatchObject({ justificativaEstorno: JUSTIFICATIVA.justificativa });
    expect(estorno.json().estornadoEm).toBeTruthy();
    expect((await provedor.obterCobranca(cob.provedorId)).statusProvedor).toBe('PENDING');
    expect(await obterConta(c.id)).toMatchObject({ status: 'ABERTO', valorPago: null, dataPagamento: null });
    expect((await req('GET', `/api/cobranca/${cob.id}`)).json().status).toBe('ABERTO');
    const denovo = await req('POST', `/api/pagamento/${p.id}/estorno`, JUSTIFICATIVA);
    expect(denovo.statusCode).toBe(409);
    expect(denovo.json().codigo).toBe('PAGAMENTO_ESTORNADO');
    // Kept in history: the reversed payment is still listed, and a new one may be recorded.
    await pagar(c.id);
    expect((await req('GET', `/api/pagamento?contaAReceberId=${c.id}`)).json()).toHaveLength(2);
    const historico = await historicoDe(t.banco.db, 'pagamento', p.id);
    expect(historico.some((h) => h.campo === 'justificativaEstorno')).toBe(true);
  });

  it('a reversed payment of a past-due receivable leaves it overdue', async () => {
    const c = await criarConta({ vencimento: '2020-01-10', anoCompetencia: 2020, mesCompetencia: 1 });
    const p = await pagar(c.id, { dataPagamento: '2020-01-05', dataCredito: '2020-01-05' });
    expect((await req('POST', `/api/pagamento/${p.id}/estorno`, JUSTIFICATIVA)).statusCode).toBe(200);
    expect((await obterConta(c.id)).status).toBe('VENCIDO');
  });
});

describe('receipts', () => {
  it('issues one numbered receipt for paid receivables of one holder, lists, filters and prints it', async () => {
    const a = await contaPaga();
    const b = await contaPaga({ mesCompetencia: 6, vencimento: '2099-06-10' });
    const r = await emitir([a.id, b.id]);
    expect(r.statusCode, r.body).toBe(201);
    const recibo = r.json();
    expect(recibo).toMatchObject({ total: '80.00', data: '2099-05-20', pessoaId: titularA, estornadoEm: null });
    expect(recibo.itens.map((i: { contaAReceberId: number }) => i.contaAReceberId)).toEqual([a.id, b.id]);
    expect((await obterConta(a.id)).reciboId).toBe(recibo.id);
    const seguinte = (await emitir([(await contaPaga()).id])).json();
    expect(seguinte.numero).toBe(recibo.numero + 1);

    const lista = await req(
      'GET',
      `/api/recibo/paginado?pessoaId=${titularA}&numero=${recibo.numero}&dataDe=2099-05-01&dataAte=2099-05-31`,
    );
    expect(lista.statusCode, lista.body).toBe(200);
    expect(lista.json()).toMatchObject({ total: 1, itens: [{ id: recibo.id, quantidadeItens: 2 }] });
    const faixa = await req('GET', '/api/recibo/paginado?dataDe=2099-05-31&dataAte=2099-05-01');
    expect(faixa.statusCode).toBe(400);
    expect(faixa.json().campos[0].campo).toBe('dataAte');

    const pdf = await req('GET', `/api/recibo/${recibo.id}/pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('prints the issuer (logo, name, CNPJ, address), the payer with CPF and the amount in words', async () => {
    const c = await criarConta({ valorPrevisto: '1250.50' });
    await pagar(c.id, { valor: '1250.50' });
    const [cidade] = await t.banco.db
      .select({ id: schema.cidade.id })
      .from(schema.cidade)
      .where(eq(schema.cidade.nome, 'Porto Alegre'));
    await t.banco.db
      .update(schema.organizacao)
      .set({ razaoSocial: 'Paróquia Evangélica do Recibo', cnpj: '11222333000181' })
      .where(eq(schema.organizacao.id, c.organizacaoId));
    await t.banco.db.insert(schema.organizacaoEndereco).values({
      organizacaoId: c.organizacaoId,
      cep: '90010000',
      logradouro: 'Rua dos Andradas',
      numero: '100',
      bairro: 'Centro',
      cidadeId: cidade!.id,
      preferencial: true,
    });
    const logo = PNG.sync.write(new PNG({ width: 20, height: 10 }));
    const envio = await req(
      'PUT',
      `/api/organizacao/${c.organizacaoId}/logo`,
      { tipoConteudo: 'image/png', conteudo: logo.toString('base64') },
      admin,
    );
    expect(envio.statusCode, envio.body).toBe(200);
    const recibo = (await emitir([c.id])).json();
    expect(recibo.titularDocumento).toBe('39053344705');

    const pdf = await req('GET', `/api/recibo/${recibo.id}/pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(imagensDoPdf(pdf.rawPayload)).toBeGreaterThan(0);
    const texto = semEspacos(textoDoPdf(pdf.rawPayload));
    for (const esperado of [
      'Paróquia Evangélica do Recibo',
      'CNPJ 11.222.333/0001-81',
      'Rua dos Andradas, 100 – Centro – Porto Alegre/RS – CEP 90010-000',
      `${recibo.titularNome}, CPF 390.533.447-05,`,
      'a importância de R$ 1.250,50 (mil duzentos e cinquenta reais e cinquenta centavos)',
      '20 de maio de 2099',
    ])
      expect(texto).toContain(semEspacos(esperado));

    const en = await req('GET', `/api/recibo/${recibo.id}/pdf`, undefined, tesouraria, 'en');
    const textoEn = semEspacos(textoDoPdf(en.rawPayload));
    for (const esperado of [
      'the amount of R$ 1,250.50 (one thousand two hundred fifty reais and fifty centavos)',
      'May 20, 2099',
      'RECEIPT NO.',
    ])
      expect(textoEn).toContain(semEspacos(esperado));
  });

  it('e-mails the receipt with its PDF to the holder through the outbox; says so when there is no address', async () => {
    await t.banco.db
      .update(schema.pessoa)
      .set({ email: 'titular.a@example.org' })
      .where(eq(schema.pessoa.id, titularA));
    const recibo = (await emitir([(await contaPaga()).id])).json();
    const r = await req('POST', `/api/recibo/${recibo.id}/email`);
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toEqual({ para: 'titular.a@example.org' });
    const [m] = await t.banco.db
      .select()
      .from(schema.caixaSaida)
      .where(eq(schema.caixaSaida.para, 'titular.a@example.org'))
      .orderBy(desc(schema.caixaSaida.id))
      .limit(1);
    expect(m!.assunto).toContain(`Recibo nº ${String(recibo.numero).padStart(6, '0')}`);
    expect(m!.anexos).toHaveLength(1);
    const anexo = m!.anexos![0]!;
    expect(anexo).toMatchObject({
      nome: `recibo-${String(recibo.numero).padStart(6, '0')}.pdf`,
      tipo: 'application/pdf',
    });
    expect(semEspacos(textoDoPdf(Buffer.from(anexo.conteudo, 'base64')))).toContain(semEspacos(recibo.titularNome));

    const semEmail = (await emitir([(await contaPaga({ pessoaId: titularB })).id])).json();
    const recusa = await req('POST', `/api/recibo/${semEmail.id}/email`);
    expect(recusa.statusCode).toBe(422);
    expect(recusa.json()).toMatchObject({
      codigo: 'RECIBO_SEM_EMAIL',
      mensagem: 'O titular deste recibo não tem e-mail cadastrado. Informe o e-mail no cadastro dele e envie de novo.',
    });
    await req('POST', `/api/recibo/${recibo.id}/estorno`, JUSTIFICATIVA);
    expect((await req('POST', `/api/recibo/${recibo.id}/email`)).json().codigo).toBe('RECIBO_ESTORNADO');
    expect((await req('POST', `/api/recibo/${recibo.id}/email`, undefined, paroquia)).statusCode).toBe(403);
    expect((await req('POST', '/api/recibo/abc/email')).statusCode).toBe(400);
  });

  it('refuses, one rule at a time, cancelled, migrated, unpaid, already receipted and mixed holders', async () => {
    const cancelada = await criarConta();
    await t.banco.db
      .update(schema.contaAReceber)
      .set({ status: 'CANCELADO' })
      .where(eq(schema.contaAReceber.id, cancelada.id));
    const migrada = await contaPaga();
    await t.banco.db.update(schema.contaAReceber).set({ migrada: true }).where(eq(schema.contaAReceber.id, migrada.id));
    const aberta = await criarConta();
    const paga = await contaPaga();
    const jaEmRecibo = await contaPaga();
    const numero = (await emitir([jaEmRecibo.id])).json().numero;
    const deOutro = await contaPaga({ pessoaId: titularB });

    const casos: [number[], string, string][] = [
      [[paga.id, cancelada.id], 'RECIBO_CONTA_CANCELADA', 'Há conta já cancelada entre as selecionadas.'],
      [
        [paga.id, migrada.id],
        'RECIBO_CONTA_MIGRADA',
        'Não há boleto para a conta, pois o registro é proveniente de uma migração.',
      ],
      [[paga.id, aberta.id], 'RECIBO_CONTA_NAO_PAGA', 'Há conta não paga entre as selecionadas.'],
      [[paga.id, jaEmRecibo.id], 'RECIBO_CONTA_EM_RECIBO', `Há conta selecionada que já está no recibo nº ${numero}.`],
      [[paga.id, deOutro.id], 'RECIBO_MAIS_DE_UM_TITULAR', 'Mais de um titular selecionado.'],
    ];
    for (const [ids, codigo, mensagem] of casos) {
      const r = await emitir(ids);
      expect(r.statusCode, codigo).toBe(422);
      expect(r.json()).toMatchObject({ codigo, mensagem });
    }
    expect((await emitir([paga.id, deOutro.id], tesouraria, 'en')).json().mensagem).toBe(
      'More than one holder selected.',
    );
    expect((await req('POST', '/api/recibo', { contaAReceberIds: [] })).statusCode).toBe(400);
    expect((await emitir([paga.id])).statusCode).toBe(201);
  });

  it('reverses a receipt with a justification, keeps it, and frees its receivables', async () => {
    const a = await contaPaga();
    const recibo = (await emitir([a.id])).json();
    const [p] = (await req('GET', `/api/pagamento?contaAReceberId=${a.id}`)).json();
    const bloqueado = await req('POST', `/api/pagamento/${p.id}/estorno`, JUSTIFICATIVA);
    expect(bloqueado.statusCode).toBe(409);
    expect(bloqueado.json().codigo).toBe('PAGAMENTO_EM_RECIBO');

    expect((await req('POST', `/api/recibo/${recibo.id}/estorno`, { justificativa: '' })).statusCode).toBe(400);
    const estorno = await req('POST', `/api/recibo/${recibo.id}/estorno`, JUSTIFICATIVA);
    expect(estorno.statusCode, estorno.body).toBe(200);
    expect(estorno.json()).toMatchObject({
      justificativaEstorno: JUSTIFICATIVA.justificativa,
      itens: [{ contaAReceberId: a.id }],
    });
    expect((await req('POST', `/api/recibo/${recibo.id}/estorno`, JUSTIFICATIVA)).json().codigo).toBe(
      'RECIBO_ESTORNADO',
    );
    const estornados = (await req('GET', '/api/recibo/paginado?situacao=estornados&quantidade=100')).json();
    expect(estornados.itens.map((x: { id: number }) => x.id)).toContain(recibo.id);
    expect((await obterConta(a.id)).reciboId).toBeNull();
    expect((await emitir([a.id])).statusCode).toBe(201);
  });

  it('answers 403 without the financial permission and 404 outside the scope', async () => {
    expect((await req('GET', '/api/recibo/paginado', undefined, paroquia)).statusCode).toBe(403);
    const propria = await contaPaga();
    expect((await emitir([propria.id], paroquia)).statusCode).toBe(403);
    const nacional = await criarConta({}, admin);
    await pagar(nacional.id, {}, admin);
    const alheio = await emitir([nacional.id]);
    expect(alheio.statusCode).toBe(400);
    expect(alheio.json().campos[0].campo).toBe('contaAReceberIds.0');
    const doAdmin = (await emitir([nacional.id], admin)).json();
    expect((await req('GET', `/api/recibo/${doAdmin.id}`)).statusCode).toBe(404);
    expect((await req('GET', `/api/recibo/${doAdmin.id}/pdf`)).statusCode).toBe(404);
    expect((await req('POST', `/api/recibo/${doAdmin.id}/estorno`, JUSTIFICATIVA)).statusCode).toBe(404);
    expect((await req('POST', `/api/recibo/${doAdmin.id}/email`)).statusCode).toBe(404);
    const lista = (await req('GET', '/api/recibo/paginado?quantidade=500')).json();
    expect(lista.itens.map((x: { id: number }) => x.id)).not.toContain(doAdmin.id);
  });
});

describe('annual contribution statement', () => {
  it("lists the person's payments of the year with their receipts, total in words and the issuer", async () => {
    /** A receivable of 2097's month `mes`, due on the 10th, paid on the 5th, credited on the 6th. */
    const paga = async (mes: string, valor: string) => {
      const c = await criarConta({
        anoCompetencia: 2097,
        mesCompetencia: Number(mes),
        vencimento: `2097-${mes}-10`,
        valorPrevisto: valor,
      });
      await pagar(c.id, { valor, dataPagamento: `2097-${mes}-05`, dataCredito: `2097-${mes}-06` });
      return c;
    };
    const a = await paga('01', '1000.25');
    await paga('12', '250.25');
    const foraDoAno = await criarConta({ anoCompetencia: 2097, mesCompetencia: 12, vencimento: '2097-12-20' });
    await pagar(foraDoAno.id, { dataPagamento: '2098-01-02', dataCredito: '2098-01-03' });
    await criarConta({ anoCompetencia: 2097, mesCompetencia: 6, vencimento: '2097-06-10' });
    const recibo = (await req('POST', '/api/recibo', { contaAReceberIds: [a.id], data: '2097-01-05' })).json();

    const r = await req('GET', `/api/recibo/declaracao-anual?pessoaId=${titularA}&ano=2097`);
    expect(r.statusCode, r.body).toBe(200);
    expect(r.headers['content-type']).toBe('application/pdf');
    const texto = semEspacos(textoDoPdf(r.rawPayload));
    for (const esperado of [
      'DECLARAÇÃO DE CONTRIBUIÇÕES – ANO-CALENDÁRIO 2097',
      'CPF 390.533.447-05',
      'com o total de R$ 1.250,50 (mil duzentos e cinquenta reais e cinquenta centavos)',
      `05/01/2097${String(recibo.numero).padStart(6, '0')}R$ 1.000,25`,
      '05/12/2097R$ 250,25',
      'TotalR$ 1.250,50',
      'Página 1 de 1',
    ])
      expect(texto).toContain(semEspacos(esperado));
    expect(texto).not.toContain('02/01/2098');

    const en = await req(
      'GET',
      `/api/recibo/declaracao-anual?pessoaId=${titularA}&ano=2097`,
      undefined,
      tesouraria,
      'en',
    );
    expect(semEspacos(textoDoPdf(en.rawPayload))).toContain(
      semEspacos('a total of R$ 1,250.50 (one thousand two hundred fifty reais and fifty centavos)'),
    );
    const vazio = await req('GET', `/api/recibo/declaracao-anual?pessoaId=${titularA}&ano=2001`);
    expect(semEspacos(textoDoPdf(vazio.rawPayload))).toContain(semEspacos('não constam pagamentos'));
  });

  it('refuses a bad year; 403 without the receipts permission; 404 for a person outside the scope', async () => {
    const ano = await req('GET', `/api/recibo/declaracao-anual?pessoaId=${titularA}&ano=20x7`);
    expect(ano.statusCode).toBe(400);
    expect(ano.json().campos[0].campo).toBe('ano');
    expect((await req('GET', '/api/recibo/declaracao-anual?ano=2097')).json().campos[0].campo).toBe('pessoaId');
    expect(
      (await req('GET', `/api/recibo/declaracao-anual?pessoaId=${titularA}&ano=2097`, undefined, paroquia)).statusCode,
    ).toBe(403);
    const igreja = await t.banco.db
      .select({ id: schema.organizacao.id })
      .from(schema.organizacao)
      .where(eq(schema.organizacao.nivel, 0));
    const [alheia] = await t.banco.db
      .insert(schema.pessoa)
      .values({ nome: 'Pessoa', sobrenome: 'Nacional', organizacaoId: igreja[0]!.id })
      .returning({ id: schema.pessoa.id });
    expect((await req('GET', `/api/recibo/declaracao-anual?pessoaId=${alheia!.id}&ano=2097`)).statusCode).toBe(404);
    expect(
      (await req('GET', `/api/recibo/declaracao-anual?pessoaId=${alheia!.id}&ano=2097`, undefined, admin)).statusCode,
    ).toBe(200);
  });
});

describe('receivables report', () => {
  it('totals by status and by competence month within the filters; json, XLSX and PDF', async () => {
    await criarConta({ pessoaId: titularB, anoCompetencia: 2098, mesCompetencia: 1, vencimento: '2098-01-10' });
    const paga = await criarConta({
      pessoaId: titularB,
      anoCompetencia: 2098,
      mesCompetencia: 2,
      vencimento: '2098-02-10',
    });
    await pagar(paga.id, { valor: '35.00' });
    const r = await req(
      'GET',
      `/api/relatorio-contas-receber?pessoaId=${titularB}&competenciaDe=2098-01&competenciaAte=2098-02`,
    );
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toEqual({
      porStatus: [
        { status: 'ABERTO', quantidade: 1, previsto: '40.00', pago: '0.00' },
        { status: 'PAGO', quantidade: 1, previsto: '40.00', pago: '35.00' },
      ],
      porPeriodo: [
        { periodo: '2098-01', quantidade: 1, previsto: '40.00', pago: '0.00' },
        { periodo: '2098-02', quantidade: 1, previsto: '40.00', pago: '35.00' },
      ],
      totais: { quantidade: 2, previsto: '80.00', pago: '35.00' },
    });
    const soPagas = (
      await req('GET', `/api/relatorio-contas-receber?pessoaId=${titularB}&status=PAGO&vencimentoAte=2098-12-31`)
    ).json();
    expect(soPagas.totais).toEqual({ quantidade: 1, previsto: '40.00', pago: '35.00' });

    const xlsx = await req('GET', `/api/relatorio-contas-receber?pessoaId=${titularB}&formato=xlsx`);
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-type']).toContain('spreadsheetml');
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK');
    const pdf = await req('GET', `/api/relatorio-contas-receber?pessoaId=${titularB}&formato=pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('refuses inverted periods; 403 without permission; 404 for an organization outside the scope', async () => {
    const competencia = await req('GET', '/api/relatorio-contas-receber?competenciaDe=2099-05&competenciaAte=2099-01');
    expect(competencia.statusCode).toBe(400);
    expect(competencia.json().campos[0].campo).toBe('competenciaAte');
    const vencimento = await req(
      'GET',
      '/api/relatorio-contas-receber?vencimentoDe=2099-05-02&vencimentoAte=2099-05-01',
    );
    expect(vencimento.json().campos[0].campo).toBe('vencimentoAte');
    expect((await req('GET', '/api/relatorio-contas-receber', undefined, paroquia)).statusCode).toBe(403);
    const nacional = await criarConta({}, admin);
    const fora = await req('GET', `/api/relatorio-contas-receber?organizacaoId=${nacional.organizacaoId}`);
    expect(fora.statusCode).toBe(404);
  });
});
