import { type AsaasFake, iniciarAsaasFake } from '@sig/asaas-fake';
import { schema } from '@sig/db';
import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppTeste, criarAppTeste } from '../../../test/app-teste.js';
import { compararCobrancasAbertas, TAREFA_CONCILIAR } from './conciliacao.js';
import { provedorAsaas } from './provedor/asaas.js';
import { conferirWebhooks } from './webhook-conta.js';

const TOKEN = 'token-do-webhook-de-teste';

let t: AppTeste;
let fake: AsaasFake;
let tesouraria: string;
let comCpf: number;
let organizacaoId: number;

const req = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
  t.req({ method, url, token: tesouraria, payload });
const criarConta = async (extra: Record<string, unknown> = {}) => {
  const r = await req('POST', '/api/conta-a-receber', {
    pessoaId: comCpf,
    tipo: 'CONTRIBUICAO',
    mesCompetencia: 3,
    anoCompetencia: 2099,
    vencimento: '2099-03-10',
    valorPrevisto: '30.00',
    ...extra,
  });
  expect(r.statusCode, r.body).toBe(201);
  return r.json();
};
const cobrar = async (contaAReceberId: number) => {
  const r = await req('POST', '/api/cobranca', { contaAReceberId, forma: 'BOLETO' });
  expect(r.statusCode, r.body).toBe(201);
  return r.json()[0] as { id: number; provedorId: string };
};
const obter = async (id: number) => (await req('GET', `/api/conta-a-receber/${id}`)).json();
const chamarFake = async (chave: string, metodo: string, caminho: string) => {
  const r = await fetch(`${fake.url}${caminho}`, {
    method: metodo,
    headers: { access_token: chave, 'user-agent': 'teste' },
  });
  return r.json();
};

beforeAll(async () => {
  // No webhook on the main account here: every payment below is a "lost webhook".
  fake = await iniciarAsaasFake();
  const provedor = provedorAsaas({ baseUrl: fake.url, chaveApi: fake.chaveApi, userAgent: 'SIG/teste' });
  t = await criarAppTeste(
    { ASAAS_WEBHOOK_TOKEN: TOKEN, PUBLIC_URL: 'https://sig.example.org' },
    { provedor: { provedor, demo: true, url: fake.url, fechar: fake.fechar } },
  );
  tesouraria = await t.login('tesouraria@sig.local');
  const [p] = await t.banco.db
    .select({ id: schema.pessoa.id, organizacaoId: schema.pessoa.organizacaoId })
    .from(schema.pessoa)
    .where(eq(schema.pessoa.cpf, '39053344705'));
  comCpf = p!.id;
  organizacaoId = p!.organizacaoId;
});
afterAll(() => t.fechar());

describe('reconciliation with the provider', () => {
  it('sincronizar applies a payment whose webhook was lost, once', async () => {
    const c = await criarConta();
    const cob = await cobrar(c.id);
    fake.confirmar(cob.provedorId);
    expect((await obter(c.id)).status).toBe('ABERTO');

    const r = await req('POST', `/api/cobranca/${cob.id}/sincronizar`);
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toMatchObject({ status: 'PAGO', statusProvedor: 'RECEIVED' });
    expect(await obter(c.id)).toMatchObject({ status: 'PAGO', valorPago: '30.00' });

    expect((await req('POST', `/api/cobranca/${cob.id}/sincronizar`)).statusCode).toBe(200);
    const eventos = await t.banco.db
      .select()
      .from(schema.eventoProvedor)
      .where(eq(schema.eventoProvedor.pagamentoId, cob.provedorId));
    expect(eventos).toHaveLength(1);
    expect(eventos[0]!.resultado).toMatch(/^aplicado:PAGO/);
  });

  it('the job compares every open charge, applies what changed and skips what it compared already', async () => {
    const contas = await Promise.all([criarConta(), criarConta(), criarConta()]);
    const cobs = [];
    for (const c of contas) cobs.push(await cobrar(c.id));
    fake.confirmar(cobs[0]!.provedorId);
    fake.vencer(cobs[1]!.provedorId);

    const primeira = await compararCobrancasAbertas(t.app.deps);
    expect(primeira.aplicadas).toBe(2);
    expect(primeira.falhas).toBe(0);
    expect((await obter(contas[0]!.id)).status).toBe('PAGO');
    expect((await obter(contas[1]!.id)).status).toBe('VENCIDO');
    expect((await obter(contas[2]!.id)).status).toBe('ABERTO');

    // A resumed run finds nothing left; a later one compares again and applies nothing twice.
    expect((await compararCobrancasAbertas(t.app.deps)).comparadas).toBe(0);
    const depois = await compararCobrancasAbertas(t.app.deps, { desde: new Date(Date.now() + 1000) });
    expect(depois.aplicadas).toBe(0);
    expect(depois.comparadas).toBeGreaterThanOrEqual(2);
  });

  it("the run sent at a worker's start leaves the charges to the schedule", async () => {
    const c = await criarConta();
    const cob = await cobrar(c.id);
    fake.confirmar(cob.provedorId);
    const tarefa = { id: 'inicio', tentativa: 1, ultima: false, sinal: new AbortController().signal };
    const inicio = await TAREFA_CONCILIAR.executar(t.app.deps, { ...tarefa, dados: { inicio: true } });
    expect(inicio).toMatchObject({ cobrancas: null });
    expect((await obter(c.id)).status).toBe('ABERTO');
    await TAREFA_CONCILIAR.executar(t.app.deps, { ...tarefa, dados: {} });
    expect((await obter(c.id)).status).toBe('PAGO');
  });

  it('a payment for a charge cancelled in SIG is recorded as an exception, not ignored', async () => {
    const c = await criarConta();
    const cob = await cobrar(c.id);
    expect((await req('DELETE', `/api/cobranca/${cob.id}`)).statusCode).toBe(200);
    const evento = {
      id: 'evt_pago_cancelada',
      event: 'PAYMENT_RECEIVED',
      payment: { id: cob.provedorId, status: 'RECEIVED', value: 30, paymentDate: '2099-03-05' },
    };
    const r = await t.req({
      method: 'POST',
      url: '/api/webhooks/asaas',
      headers: { 'asaas-access-token': TOKEN },
      payload: evento,
    });
    expect(r.statusCode).toBe(200);
    const { processarEvento } = await import('./webhook.service.js');
    expect(await processarEvento(t.app.deps, 'evt_pago_cancelada')).toBe(`pagamento-sem-cobranca:cancelada:${cob.id}`);
    const desconhecido = { ...evento, id: 'evt_pago_desconhecida', payment: { ...evento.payment, id: 'pay_alheio' } };
    await t.req({
      method: 'POST',
      url: '/api/webhooks/asaas',
      headers: { 'asaas-access-token': TOKEN },
      payload: desconhecido,
    });
    expect(await processarEvento(t.app.deps, 'evt_pago_desconhecida')).toBe('pagamento-sem-cobranca:desconhecida');
  });

  it('a charge cancel and the webhook of its payment, at once, both finish', async () => {
    const { processarEvento } = await import('./webhook.service.js');
    for (let i = 0; i < 5; i++) {
      const c = await criarConta();
      const cob = await cobrar(c.id);
      const id = `evt_corrida_${i}`;
      await t.banco.db.insert(schema.eventoProvedor).values({
        id,
        evento: 'PAYMENT_OVERDUE',
        pagamentoId: cob.provedorId,
        payload: { id, event: 'PAYMENT_OVERDUE', payment: { id: cob.provedorId, status: 'OVERDUE' } },
      });
      const [cancelado, aplicado] = await Promise.all([
        req('DELETE', `/api/cobranca/${cob.id}`),
        processarEvento(t.app.deps, id),
      ]);
      expect(cancelado.statusCode, cancelado.body).toBe(200);
      expect(aplicado).toMatch(/^(aplicado:VENCIDO|cobranca-desconhecida)/);
    }
  });

  it('a new sub-account gets our webhook; a missing or broken one is repaired by the reconciliation', async () => {
    const r = await req('POST', '/api/subconta', {
      organizacaoId,
      nome: 'Paróquia de Teste',
      email: 'financeiro@paroquia.test',
      cpfCnpj: '11.222.333/0001-81',
      celular: '(51) 99999-0000',
      rendaMensal: '12000.00',
      endereco: 'Rua da Igreja',
      numero: '10',
      bairro: 'Centro',
      cep: '93010-000',
    });
    expect(r.statusCode, r.body).toBe(201);
    const [o] = await t.banco.db
      .select({ token: schema.organizacao.tokenAsaasCifrado })
      .from(schema.organizacao)
      .where(eq(schema.organizacao.id, organizacaoId));
    const chave = t.app.deps.cofre.decifrar(o!.token!);
    const webhooks = async () => (await chamarFake(chave, 'GET', '/webhooks')).data;
    const [wh] = await webhooks();
    expect(wh).toMatchObject({
      name: 'SIG',
      url: 'https://sig.example.org/api/webhooks/asaas',
      authToken: TOKEN,
      enabled: true,
    });
    expect(wh.events).toContain('PAYMENT_RECEIVED');
    const [s] = await t.banco.db.select().from(schema.subconta).where(eq(schema.subconta.id, r.json().id));
    expect(s!.webhookConferidoEm).not.toBeNull();

    await chamarFake(chave, 'DELETE', `/webhooks/${wh.id}`);
    expect(await conferirWebhooks(t.app.deps)).toEqual({ reparados: 1, falhas: 0 });
    expect(await webhooks()).toHaveLength(1);
    expect(await conferirWebhooks(t.app.deps)).toEqual({ reparados: 0, falhas: 0 });

    // Its charges are compared through its own key.
    const c = await criarConta();
    const cob = await cobrar(c.id);
    fake.confirmar(cob.provedorId, chave);
    await compararCobrancasAbertas(t.app.deps);
    expect((await obter(c.id)).status).toBe('PAGO');
    const sinc = await t.banco.db.select().from(schema.eventoProvedor).where(like(schema.eventoProvedor.id, 'sinc_%'));
    expect(new Set(sinc.map((e) => e.id)).size).toBe(sinc.length);
  });
});
