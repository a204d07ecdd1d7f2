import { type AsaasFake, iniciarAsaasFake } from '@sig/asaas-fake';
import { schema } from '@sig/db';
import { eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppTeste, criarAppTeste } from '../../../test/app-teste.js';
import { provedorAsaas } from './provedor/asaas.js';
import { processarPendentes } from './webhook.service.js';

const TOKEN = 'token-do-webhook-de-teste';
const VENCIMENTO = '2099-03-10';

let t: AppTeste;
let fake: AsaasFake;
let admin: string;
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
const webhook = (payload: object, token = TOKEN) =>
  t.req({ method: 'POST', url: '/api/webhooks/asaas', headers: { 'asaas-access-token': token }, payload });
/** Events are applied after the answer: wait until none is left. */
const aplicados = async () => {
  for (let i = 0; i < 200; i++) {
    const pendentes = await t.banco.db
      .select({ id: schema.eventoProvedor.id })
      .from(schema.eventoProvedor)
      .where(isNull(schema.eventoProvedor.processadoEm));
    if (!pendentes.length) return;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error('webhook events not applied');
};
const obter = async (id: number) => (await req('GET', `/api/conta-a-receber/${id}`)).json();

beforeAll(async () => {
  fake = await iniciarAsaasFake({ webhookIntervaloMs: 50 });
  const provedor = provedorAsaas({ baseUrl: fake.url, chaveApi: fake.chaveApi, userAgent: 'SIG/teste' });
  t = await criarAppTeste(
    { ASAAS_WEBHOOK_TOKEN: TOKEN },
    { provedor: { provedor, demo: true, url: fake.url, fechar: fake.fechar } },
  );
  [admin, tesouraria] = await Promise.all([t.loginAdmin(), t.login('tesouraria@sig.local')]);
  const [p] = await t.banco.db
    .select({ id: schema.pessoa.id, organizacaoId: schema.pessoa.organizacaoId })
    .from(schema.pessoa)
    .where(eq(schema.pessoa.cpf, '39053344705'));
  comCpf = p!.id;
});
afterAll(() => t.fechar());

describe('provider webhooks', () => {
  it('refuses a wrong or missing token', async () => {
    const evento = { id: 'evt_x', event: 'PAYMENT_RECEIVED', payment: { id: 'pay_x', status: 'RECEIVED' } };
    expect((await webhook(evento, 'outro-token-qualquer-aqui')).statusCode).toBe(401);
    const sem = await t.req({ method: 'POST', url: '/api/webhooks/asaas', payload: evento });
    expect(sem.statusCode).toBe(401);
    expect((await webhook({ nada: true }, 'outro-token-qualquer-aqui')).statusCode).toBe(401);
    expect((await webhook({ nada: true })).statusCode).toBe(400);
  });

  it('applies an event once, and a stale one never moves a charge backwards', async () => {
    const c = await criarConta();
    const [cob] = (await cobrar(c.id)).json();
    const pago = {
      id: 'evt_pago_1',
      event: 'PAYMENT_RECEIVED',
      dateCreated: '2099-03-05 10:00:00',
      payment: {
        id: cob.provedorId,
        status: 'RECEIVED',
        value: 30,
        paymentDate: '2099-03-05',
        creditDate: '2099-03-06',
        campoNovo: 'ignorado',
      },
    };
    expect((await webhook(pago)).statusCode).toBe(200);
    expect((await webhook(pago)).statusCode).toBe(200);
    const vencido = {
      id: 'evt_vencido_1',
      event: 'PAYMENT_OVERDUE',
      dateCreated: '2099-03-04 00:00:00',
      payment: { id: cob.provedorId, status: 'OVERDUE', value: 30 },
    };
    expect((await webhook(vencido)).statusCode).toBe(200);
    await aplicados();
    expect(await obter(c.id)).toMatchObject({
      status: 'PAGO',
      valorPago: '30.00',
      dataPagamento: '2099-03-05',
      dataCredito: '2099-03-06',
    });
    const eventos = await t.banco.db
      .select()
      .from(schema.eventoProvedor)
      .where(eq(schema.eventoProvedor.pagamentoId, cob.provedorId));
    expect(eventos).toHaveLength(2);
  });

  it('an installment plan is paid when every installment is; a refund follows; the history shows it', async () => {
    const c = await criarConta({ valorPrevisto: '90.00' });
    const parcelas = (await cobrar(c.id, { parcelas: 3 })).json() as { provedorId: string }[];
    const evento = (n: number, event: string, status: string, dia: string) => ({
      id: `evt_parcela_${c.id}_${n}_${status}`,
      event,
      dateCreated: `2099-03-${dia} 10:00:00`,
      payment: { id: parcelas[n]!.provedorId, status, value: 30, paymentDate: `2099-03-${dia}` },
    });
    await webhook(evento(0, 'PAYMENT_RECEIVED', 'RECEIVED', '05'));
    await aplicados();
    expect(await obter(c.id)).toMatchObject({ status: 'ABERTO', valorPago: '30.00' });
    await webhook(evento(1, 'PAYMENT_RECEIVED', 'RECEIVED', '06'));
    await webhook(evento(2, 'PAYMENT_CONFIRMED', 'CONFIRMED', '07'));
    await aplicados();
    expect(await obter(c.id)).toMatchObject({ status: 'PAGO', valorPago: '90.00', dataPagamento: '2099-03-07' });
    await webhook(evento(2, 'PAYMENT_REFUNDED', 'REFUNDED', '08'));
    await aplicados();
    expect((await obter(c.id)).status).toBe('ESTORNADO');
    const historico = await req('GET', `/api/auditoria-acesso/historico/conta_a_receber/${c.id}`, undefined, admin);
    expect(historico.statusCode, historico.body).toBe(200);
    expect(
      historico
        .json()
        .some((h: { campo: string; valorNovo: unknown }) => h.campo === 'status' && h.valorNovo === 'PAGO'),
    ).toBe(true);
  });

  it('applies at start-up an event stored but not applied before a stop', async () => {
    const c = await criarConta();
    const [cob] = (await cobrar(c.id)).json();
    await t.banco.db.insert(schema.eventoProvedor).values({
      id: 'evt_pendente_1',
      evento: 'PAYMENT_OVERDUE',
      pagamentoId: cob.provedorId,
      payload: { id: 'evt_pendente_1', event: 'PAYMENT_OVERDUE', payment: { id: cob.provedorId, status: 'OVERDUE' } },
    });
    await processarPendentes(t.app.deps, t.app.log);
    expect((await obter(c.id)).status).toBe('VENCIDO');
  });

  it('a sandbox payment reaches the app as a delivered webhook and marks the receivable paid', async () => {
    const endereco = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const r = await fetch(`${fake.url}/webhooks`, {
      method: 'POST',
      headers: { access_token: fake.chaveApi, 'content-type': 'application/json', 'user-agent': 'teste' },
      body: JSON.stringify({
        name: 'SIG',
        url: `${endereco}/api/webhooks/asaas`,
        email: 'tesouraria@sig.local',
        authToken: TOKEN,
        events: ['PAYMENT_RECEIVED', 'PAYMENT_CONFIRMED', 'PAYMENT_OVERDUE'],
      }),
    });
    expect(r.status).toBe(200);
    const c = await criarConta();
    const [cob] = (await cobrar(c.id, { forma: 'PIX' })).json();
    fake.confirmar(cob.provedorId);
    for (let i = 0; i < 200 && (await obter(c.id)).status !== 'PAGO'; i++) await new Promise((x) => setTimeout(x, 25));
    expect(await obter(c.id)).toMatchObject({ status: 'PAGO', valorPago: '30.00' });
    expect((await req('GET', `/api/cobranca/${cob.id}`)).json()).toMatchObject({
      status: 'PAGO',
      statusProvedor: 'RECEIVED',
    });
  });
});

describe('automatic cash posting', () => {
  it('a paid receivable becomes money in on the receipts cash account; without an open period it stays paid and says why', async () => {
    const criar = async (url: string, payload: object) => {
      const r = await req('POST', url, payload);
      expect(r.statusCode, r.body).toBe(201);
      return r.json().id as number;
    };
    const caixa = await criar('/api/conta-caixa', {
      nome: 'Caixa dos recebimentos',
      tipoContaCaixa: 'CAIXA',
      dataSaldoInicial: '2099-01-01',
    });
    const plano = await criar('/api/plano-de-conta', {
      codigoInterno: 'R1',
      nome: 'Contribuições',
      tipoPlanoConta: 'ANALITICA',
      naturezaPlanoConta: 'RECEITA',
    });
    await criar('/api/periodo-contabil', { contaCaixaId: caixa, dataInicio: '2099-04-01', dataFim: '2099-04-30' });
    const pagar = async (extra: Record<string, unknown>, credito: string, n: number) => {
      const c = await criarConta(extra);
      const [cob] = (await cobrar(c.id)).json();
      await webhook({
        id: `evt_caixa_${n}`,
        event: 'PAYMENT_RECEIVED',
        dateCreated: `${credito} 10:00:00`,
        payment: { id: cob.provedorId, status: 'RECEIVED', value: 30, paymentDate: credito, creditDate: credito },
      });
      await aplicados();
      return c;
    };
    const o = schema.organizacao;
    const dono = (await criarConta()).organizacaoId as number;
    await t.banco.db
      .update(o)
      .set({ lancamentoCaixaAutomatico: true, contaCaixaEntradaId: caixa, contaCreditoId: plano })
      .where(eq(o.id, dono));
    try {
      const c = await pagar({ vencimento: '2099-04-10', descricao: 'Contribuição de abril' }, '2099-04-12', 1);
      const lc = schema.lancamentoCaixa;
      const [lancado] = await t.banco.db.select().from(lc).where(eq(lc.origemId, c.id));
      expect(lancado).toMatchObject({
        origem: 'CONTA_A_RECEBER',
        contaCaixaId: caixa,
        planoContaId: plano,
        data: '2099-04-12',
        valor: '30.00',
        tipo: 'ENTRADA',
        historico: 'Recebimento: Contribuição de abril',
        pessoaId: comCpf,
      });
      // May has no period: the payment is recorded, the entry is left for the treasurer.
      const maio = await pagar({ vencimento: '2099-05-10' }, '2099-05-02', 2);
      expect(await obter(maio.id)).toMatchObject({ status: 'PAGO' });
      expect(await t.banco.db.select().from(lc).where(eq(lc.origemId, maio.id))).toEqual([]);
      const [evento] = await t.banco.db
        .select({ resultado: schema.eventoProvedor.resultado })
        .from(schema.eventoProvedor)
        .where(eq(schema.eventoProvedor.id, 'evt_caixa_2'));
      expect(evento!.resultado).toContain('lancamento:PERIODO_INEXISTENTE');
    } finally {
      await t.banco.db.update(o).set({ lancamentoCaixaAutomatico: false }).where(eq(o.id, dono));
    }
  });
});
