import { type AsaasFake, iniciarAsaasFake } from '@sig/asaas-fake';
import { schema } from '@sig/db';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppTeste, criarAppTeste } from '../../../test/app-teste.js';
import { provedorAsaas } from '../asaas/provedor/asaas.js';
import type { PaymentProvider } from '../asaas/provedor/provedor.js';
import { processarPendentes } from '../asaas/webhook.service.js';

const TOKEN = 'token-do-webhook-de-teste';
const VENCIMENTO = '2099-03-10';

let t: AppTeste;
let fake: AsaasFake;
let provedor: PaymentProvider;
let admin: string;
let paroquia: string;
let tesouraria: string;
let comCpf: number;
/** Runs while the app asks the provider for a charge (a change made meanwhile). */
let antesDeCriar: (() => Promise<void>) | null = null;
let semCpf: number;

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
const pagamentosDe = async (contaId: number) => {
  const r = [];
  for await (const p of provedor.listarCobrancas({ referenciaExterna: String(contaId) })) r.push(p);
  return r;
};
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
const historico = (contaId: number) =>
  t.banco.db
    .select({
      campo: schema.historicoAlteracao.campo,
      antes: schema.historicoAlteracao.valorAnterior,
      depois: schema.historicoAlteracao.valorNovo,
    })
    .from(schema.historicoAlteracao)
    .where(
      and(eq(schema.historicoAlteracao.entidade, 'conta_a_receber'), eq(schema.historicoAlteracao.entidadeId, contaId)),
    )
    .orderBy(asc(schema.historicoAlteracao.id));

beforeAll(async () => {
  fake = await iniciarAsaasFake({ webhookIntervaloMs: 50 });
  provedor = provedorAsaas({ baseUrl: fake.url, chaveApi: fake.chaveApi, userAgent: 'SIG/teste' });
  const comPausa = new Proxy(provedor, {
    get: (alvo, nome, r) =>
      nome === 'criarCobranca'
        ? async (...args: Parameters<PaymentProvider['criarCobranca']>) => {
            await antesDeCriar?.();
            return alvo.criarCobranca(...args);
          }
        : Reflect.get(alvo, nome, r),
  });
  t = await criarAppTeste(
    { ASAAS_WEBHOOK_TOKEN: TOKEN },
    { provedor: { provedor: comPausa, demo: true, url: fake.url, fechar: fake.fechar } },
  );
  [admin, paroquia, tesouraria] = await Promise.all([
    t.loginAdmin(),
    t.login('paroquia@sig.local'),
    t.login('tesouraria@sig.local'),
  ]);
  const [p] = await t.banco.db
    .select({ id: schema.pessoa.id, organizacaoId: schema.pessoa.organizacaoId })
    .from(schema.pessoa)
    .where(eq(schema.pessoa.cpf, '39053344705'));
  comCpf = p!.id;
  const [sem] = await t.banco.db
    .insert(schema.pessoa)
    .values({ nome: 'Sem', sobrenome: 'Documento', organizacaoId: p!.organizacaoId })
    .returning({ id: schema.pessoa.id });
  semCpf = sem!.id;
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
    expect((await cobrar(nacional.id)).statusCode).toBe(404);
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

describe('charges', () => {
  it('charges once at the provider even when asked twice, and locks the receivable', async () => {
    const c = await criarConta();
    const r = await cobrar(c.id);
    expect(r.statusCode, r.body).toBe(201);
    const [cob] = r.json();
    expect(cob).toMatchObject({ contaAReceberId: c.id, forma: 'BOLETO', valor: '30.00', status: 'ABERTO' });
    expect(cob.urlBoleto).toBeTruthy();
    expect((await obter(c.id)).cobrancaGerada).toBe(true);
    expect(await historico(c.id)).toEqual(
      expect.arrayContaining([
        { campo: 'cobrancaGerada', antes: false, depois: true },
        { campo: 'formaPagamento', antes: null, depois: 'BOLETO' },
      ]),
    );
    expect((await cobrar(c.id)).statusCode).toBe(409);
    expect((await req('PUT', `/api/conta-a-receber/${c.id}`, conta())).statusCode).toBe(409);
    expect(await pagamentosDe(c.id)).toHaveLength(1);
    const linha = await req('GET', `/api/cobranca/${cob.id}/linha-digitavel`);
    expect(linha.statusCode, linha.body).toBe(200);
    expect(linha.json().linhaDigitavel).toMatch(/\d/);
    const pix = await req('GET', `/api/cobranca/${cob.id}/pix`);
    expect(pix.statusCode, pix.body).toBe(200);
    expect(pix.json().copiaECola).toBeTruthy();
  });

  it('two requests at once make one provider charge: the second is refused while the first runs', async () => {
    const c = await criarConta();
    const respostas = await Promise.all([cobrar(c.id), cobrar(c.id)]);
    expect(respostas.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(await pagamentosDe(c.id)).toHaveLength(1);
  });

  it('a receivable changed while the provider is asked still gets its charge, and the history the change', async () => {
    const c = await criarConta();
    antesDeCriar = async () => {
      await t.banco.db
        .update(schema.contaAReceber)
        .set({ formaPagamento: 'PIX' })
        .where(eq(schema.contaAReceber.id, c.id));
    };
    const r = await cobrar(c.id).finally(() => {
      antesDeCriar = null;
    });
    expect(r.statusCode, r.body).toBe(201);
    expect(await obter(c.id)).toMatchObject({ cobrancaGerada: true, formaPagamento: 'BOLETO' });
    expect(await pagamentosDe(c.id)).toHaveLength(1);
    expect(r.json()).toEqual([expect.objectContaining({ provedorId: (await pagamentosDe(c.id))[0]!.id })]);
    expect(await historico(c.id)).toContainEqual({ campo: 'formaPagamento', antes: 'PIX', depois: 'BOLETO' });
  });

  it('after a lost answer, a retry finds the provider charge by our reference instead of creating another', async () => {
    const c = await criarConta();
    const cliente = (await provedor.buscarClientes({ cpfCnpj: '39053344705' }))[0]!;
    await provedor.criarCobranca({
      clienteId: cliente.id,
      forma: 'PIX',
      valor: '30.00',
      vencimento: VENCIMENTO,
      referenciaExterna: String(c.id),
    });
    // The lost answer left the receivable's reservation behind, expired.
    await t.banco.db
      .update(schema.contaAReceber)
      .set({ cobrancaIniciadaEm: sql`now() - interval '3 minutes'` })
      .where(eq(schema.contaAReceber.id, c.id));
    const r = await cobrar(c.id, { forma: 'PIX' });
    expect(r.statusCode, r.body).toBe(201);
    expect(await pagamentosDe(c.id)).toHaveLength(1);
    expect(r.json()[0].provedorId).toBe((await pagamentosDe(c.id))[0]!.id);
  });

  it('refuses a charge below R$ 5,00 unless confirmed, then charges R$ 5,00', async () => {
    const c = await criarConta({ valorPrevisto: '3.00' });
    const recusa = await cobrar(c.id);
    expect(recusa.statusCode).toBe(422);
    expect(recusa.json().codigo).toBe('COBRANCA_VALOR_MINIMO');
    expect(await pagamentosDe(c.id)).toHaveLength(0);
    const ok = await cobrar(c.id, { confirmarMinimo: true });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json()[0].valor).toBe('5.00');
  });

  it('refuses a holder without CPF/CNPJ and 12 installments; splits fewer into one charge each', async () => {
    const sem = await criarConta({ pessoaId: semCpf });
    const r = await cobrar(sem.id);
    expect(r.statusCode).toBe(422);
    expect(r.json().codigo).toBe('TITULAR_SEM_DOCUMENTO');
    const c = await criarConta({ valorPrevisto: '90.00' });
    expect((await cobrar(c.id, { parcelas: 12 })).statusCode).toBe(400);
    const parcelado = await cobrar(c.id, { parcelas: 3 });
    expect(parcelado.statusCode, parcelado.body).toBe(201);
    expect(parcelado.json()).toHaveLength(3);
    expect((await obter(c.id)).parcelas).toBe(3);
  });

  it('charges an organization holder by its CNPJ, and refuses one without it', async () => {
    const dona = (await criarConta()).organizacaoId as number;
    const [titular] = await t.banco.db
      .update(schema.organizacao)
      .set({ cnpj: '11222333000181' })
      .where(eq(schema.organizacao.id, dona))
      .returning({ razaoSocial: schema.organizacao.razaoSocial });
    const c = await criarConta({ pessoaId: undefined, organizacaoTitularId: dona });
    const r = await cobrar(c.id);
    expect(r.statusCode, r.body).toBe(201);
    const [cliente] = await provedor.buscarClientes({ cpfCnpj: '11222333000181' });
    expect(cliente).toMatchObject({ nome: titular!.razaoSocial, referenciaExterna: `organizacao:${dona}` });
    expect((await pagamentosDe(c.id))[0]).toMatchObject({ clienteId: cliente!.id });

    await t.banco.db.update(schema.organizacao).set({ cnpj: null }).where(eq(schema.organizacao.id, dona));
    const sem = await criarConta({ pessoaId: undefined, organizacaoTitularId: dona, mesCompetencia: 4 });
    const recusa = await cobrar(sem.id);
    expect(recusa.statusCode).toBe(422);
    expect(recusa.json().codigo).toBe('TITULAR_SEM_DOCUMENTO');
  });

  it('cancels a pending charge: the receivable is open for a new one, or cancelled when asked', async () => {
    const c = await criarConta();
    const [cob] = (await cobrar(c.id)).json();
    const cancel = await req('DELETE', `/api/cobranca/${cob.id}`);
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(cancel.json().canceladaEm).toBeTruthy();
    expect(await obter(c.id)).toMatchObject({ status: 'ABERTO', cobrancaGerada: false });
    expect(await pagamentosDe(c.id)).toHaveLength(0);
    expect((await req('DELETE', `/api/cobranca/${cob.id}`)).statusCode).toBe(409);
    const [outra] = (await cobrar(c.id, { forma: 'PIX' })).json();
    expect((await req('DELETE', `/api/cobranca/${outra.id}?cancelarConta=true`)).statusCode).toBe(200);
    expect((await obter(c.id)).status).toBe('CANCELADO');
  });
});

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
