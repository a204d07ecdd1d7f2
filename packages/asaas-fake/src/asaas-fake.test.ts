import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { getBoletoInfo, isValidBoleto, isValidPixPayload } from '@brazilian-utils/brazilian-utils';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { somarDias } from './comum.js';
import { type AsaasFake, type Evento, iniciarAsaasFake } from './index.js';

const CPF = '52998224725';
const CNPJ = '11222333000181';
const amanha = () => somarDias(new Date().toLocaleDateString('sv-SE', { timeZone: 'America/Sao_Paulo' }), 1);

type Resposta = { status: number; corpo: Record<string, unknown>; cabecalhos: Headers };

function cliente(fake: AsaasFake, chave = fake.chaveApi) {
  return async (metodo: string, caminho: string, body?: unknown): Promise<Resposta> => {
    const r = await fetch(`${fake.url}${caminho}`, {
      method: metodo,
      headers: {
        access_token: chave,
        'user-agent': 'SIG-teste',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: r.status, corpo: (await r.json()) as Record<string, unknown>, cabecalhos: r.headers };
  };
}

describe('Asaas fake', () => {
  let fake: AsaasFake;
  let api: ReturnType<typeof cliente>;
  let clienteId: string;
  const novaCobranca = async (extra: Record<string, unknown> = {}) => {
    const r = await api('POST', '/payments', {
      customer: clienteId,
      billingType: 'BOLETO',
      value: 50,
      dueDate: amanha(),
      ...extra,
    });
    expect(r.status, JSON.stringify(r.corpo)).toBe(200);
    return r.corpo as { id: string; status: string; installment: string | null; value: number };
  };

  beforeAll(async () => {
    fake = await iniciarAsaasFake({ webhookIntervaloMs: 20 });
    api = cliente(fake);
    const r = await api('POST', '/customers', { name: 'Maria da Silva', cpfCnpj: CPF, externalReference: 'p-1' });
    clienteId = r.corpo.id as string;
  });
  afterAll(() => fake.fechar());

  it('refuses a missing or unknown access_token with 401 in the errors shape', async () => {
    const r = await cliente(fake, 'chave-errada')('GET', '/customers');
    expect(r.status).toBe(401);
    expect(r.corpo).toEqual({ errors: [{ code: 'invalid_access_token', description: expect.any(String) }] });
    const semChave = await fetch(`${fake.url}/customers`, { headers: { 'user-agent': 'x' } });
    expect(semChave.status).toBe(401);
  });

  it('answers 403 to a GET with a body and 404 to an unknown id', async () => {
    // fetch refuses a GET with a body, so send one over node:http.
    const alvo = new URL(`${fake.url}/customers`);
    const status = await new Promise<number>((ok, falha) => {
      const cabecalhos = { access_token: fake.chaveApi, 'user-agent': 'x', 'content-length': '7' };
      const r = request(alvo, { method: 'GET', headers: cabecalhos }, (res) => {
        res.resume();
        ok(res.statusCode!);
      });
      r.on('error', falha);
      r.end('{"a":1}');
    });
    expect(status).toBe(403);
    expect((await api('GET', '/customers/cus_naoexiste')).status).toBe(404);
  });

  it('creates customers with 200, accepts duplicates and filters by cpfCnpj/externalReference/name', async () => {
    const dup = await api('POST', '/customers', { name: 'Maria Duplicada', cpfCnpj: '529.982.247-25' });
    expect(dup.status).toBe(200);
    expect(dup.corpo).toMatchObject({ object: 'customer', cpfCnpj: CPF, personType: 'FISICA', deleted: false });
    const porDoc = await api('GET', `/customers?cpfCnpj=${CPF}`);
    expect(porDoc.corpo).toMatchObject({ object: 'list', totalCount: 2, hasMore: false });
    const porRef = await api('GET', '/customers?externalReference=p-1');
    expect((porRef.corpo.data as { id: string }[]).map((c) => c.id)).toEqual([clienteId]);
    expect((await api('GET', '/customers?name=duplicada')).corpo.totalCount).toBe(1);
    const ruim = await api('POST', '/customers', { name: 'X', cpfCnpj: '12345678900' });
    expect(ruim.status).toBe(400);
    expect(ruim.corpo).toEqual({ errors: [{ code: 'invalid_cpfCnpj', description: expect.any(String) }] });
  });

  it('updates, deletes and restores a customer', async () => {
    const { corpo } = await api('POST', '/customers', { name: 'Empresa', cpfCnpj: CNPJ });
    const id = corpo.id as string;
    expect((await api('PUT', `/customers/${id}`, { email: 'a@b.org' })).corpo).toMatchObject({
      email: 'a@b.org',
      name: 'Empresa',
      personType: 'JURIDICA',
    });
    expect((await api('DELETE', `/customers/${id}`)).corpo).toEqual({ deleted: true, id });
    expect((await api('GET', `/customers?cpfCnpj=${CNPJ}`)).corpo.totalCount).toBe(0);
    expect((await api('POST', `/customers/${id}/restore`)).corpo).toMatchObject({ id, deleted: false });
  });

  it('pages lists with offset and limit 1..100', async () => {
    for (let i = 0; i < 5; i++) await api('POST', '/customers', { name: `Paginado ${i}`, cpfCnpj: CPF });
    const p1 = await api('GET', '/customers?name=paginado&limit=2&offset=0');
    expect(p1.corpo).toMatchObject({ hasMore: true, totalCount: 5, limit: 2, offset: 0 });
    const p3 = await api('GET', '/customers?name=paginado&limit=2&offset=4');
    expect(p3.corpo).toMatchObject({ hasMore: false, totalCount: 5 });
    expect(p3.corpo.data).toHaveLength(1);
    expect((await api('GET', '/customers?limit=101')).status).toBe(400);
    expect((await api('GET', '/customers?limit=0')).status).toBe(400);
  });

  it('refuses a charge whose value minus discount is below R$ 5,00 with invalid_action', async () => {
    const base = { customer: clienteId, billingType: 'PIX', dueDate: amanha() };
    const r = await api('POST', '/payments', { ...base, value: 4.99 });
    expect(r.status).toBe(400);
    const [e] = r.corpo.errors as { code: string; description: string }[];
    expect(e!.code).toBe('invalid_action');
    expect(e!.description).toContain('R$ 5,00');
    const comDesconto = await api('POST', '/payments', {
      ...base,
      value: 10,
      discount: { value: 60, type: 'PERCENTAGE' },
    });
    expect((comDesconto.corpo.errors as { code: string }[])[0]!.code).toBe('invalid_action');
    expect((await api('POST', '/payments', { ...base, value: 5 })).status).toBe(200);
  });

  it('validates customer, billingType, dueDate and installment count', async () => {
    const base = { customer: clienteId, billingType: 'BOLETO', value: 10, dueDate: amanha() };
    const codigo = async (b: Record<string, unknown>) =>
      ((await api('POST', '/payments', b)).corpo.errors as { code: string }[])[0]!.code;
    expect(await codigo({ ...base, customer: 'cus_x' })).toBe('invalid_customer');
    expect(await codigo({ ...base, billingType: 'CHEQUE' })).toBe('invalid_billingType');
    expect(await codigo({ ...base, dueDate: '2020-01-01' })).toBe('invalid_dueDate');
    expect(await codigo({ ...base, dueDate: '2026-02-30' })).toBe('invalid_dueDate');
    expect(await codigo({ ...base, installmentCount: 0, totalValue: 100 })).toBe('invalid_installmentCount');
  });

  it('creates one payment per installment sharing the installment id, monthly due dates', async () => {
    const primeira = await novaCobranca({ installmentCount: 3, totalValue: 100, value: undefined });
    expect(primeira.installment).toMatch(/^[0-9a-f-]{36}$/);
    const lista = await api('GET', `/installments/${primeira.installment}/payments`);
    const parcelas = lista.corpo.data as { value: number; installmentNumber: number; dueDate: string }[];
    expect(parcelas.map((p) => p.installmentNumber)).toEqual([1, 2, 3]);
    expect(parcelas.map((p) => p.value)).toEqual([33.33, 33.33, 33.34]);
    expect(parcelas[1]!.dueDate > parcelas[0]!.dueDate).toBe(true);
    const filtro = await api('GET', `/payments?installment=${primeira.installment}`);
    expect(filtro.corpo.totalCount).toBe(3);
  });

  it('deletes only PENDING/OVERDUE payments, restores a deleted one', async () => {
    const p = await novaCobranca();
    expect((await api('DELETE', `/payments/${p.id}`)).corpo).toEqual({ deleted: true, id: p.id });
    expect((await api('GET', `/payments/${p.id}`)).corpo.deleted).toBe(true);
    expect((await api('POST', `/payments/${p.id}/restore`)).corpo).toMatchObject({ deleted: false, status: 'PENDING' });
    fake.vencer(p.id);
    expect((await api('GET', `/payments/${p.id}/status`)).corpo).toEqual({ status: 'OVERDUE' });
    const paga = await novaCobranca();
    await api('POST', `/sandbox/payment/${paga.id}/confirm`);
    const r = await api('DELETE', `/payments/${paga.id}`);
    expect(r.status).toBe(400);
    expect((r.corpo.errors as { code: string }[])[0]!.code).toBe('invalid_action');
    expect((await api('DELETE', `/payments/${p.id}`)).status).toBe(200);
  });

  it('receives in cash, undoes it, and refunds partially then fully', async () => {
    const p = await novaCobranca({ value: 80 });
    const dinheiro = await api('POST', `/payments/${p.id}/receiveInCash`, {
      paymentDate: amanha(),
      value: 80,
      notifyCustomer: false,
    });
    expect(dinheiro.corpo).toMatchObject({ status: 'RECEIVED_IN_CASH', paymentDate: amanha() });
    expect((await api('POST', `/payments/${p.id}/refund`)).status).toBe(400);
    expect((await api('POST', `/payments/${p.id}/undoReceivedInCash`)).corpo).toMatchObject({
      status: 'PENDING',
      paymentDate: null,
    });
    await api('POST', `/sandbox/payment/${p.id}/confirm`);
    const parcial = await api('POST', `/payments/${p.id}/refund`, { value: 30, description: 'parte' });
    expect(parcial.corpo).toMatchObject({ status: 'RECEIVED', refunds: [{ value: 30 }] });
    expect((await api('POST', `/payments/${p.id}/refund`, { value: 60 })).status).toBe(400);
    expect((await api('POST', `/payments/${p.id}/refund`)).corpo).toMatchObject({ status: 'REFUNDED' });
  });

  it('declines a refused card and saves nothing; approves a valid one as CONFIRMED', async () => {
    const cartao = (number: string) => ({
      billingType: 'CREDIT_CARD',
      creditCard: { holderName: 'MARIA', number, expiryMonth: '12', expiryYear: '2099', ccv: '123' },
      creditCardHolderInfo: { name: 'Maria', cpfCnpj: CPF },
      remoteIp: '127.0.0.1',
      externalReference: `cartao-${number}`,
    });
    const recusado = await api('POST', '/payments', {
      customer: clienteId,
      value: 20,
      dueDate: amanha(),
      ...cartao('5184019740373151'),
    });
    expect((recusado.corpo.errors as { code: string }[])[0]!.code).toBe('invalid_creditCard');
    expect((await api('GET', '/payments?externalReference=cartao-5184019740373151')).corpo.totalCount).toBe(0);
    expect((await novaCobranca(cartao('4111111111111111'))).status).toBe('CONFIRMED');
  });

  it('answers a typed line and barcode consistent with value and due date', async () => {
    const p = await novaCobranca({ value: 123.45 });
    const r = await api('GET', `/payments/${p.id}/identificationField`);
    const { identificationField, barCode, nossoNumero } = r.corpo as Record<string, string>;
    expect(identificationField).toMatch(/^\d{47}$/);
    expect(barCode).toMatch(/^\d{44}$/);
    expect(nossoNumero).toBeTruthy();
    expect(isValidBoleto(identificationField!)).toBe(true);
    const info = getBoletoInfo(identificationField!);
    expect(info?.amount).toBe(12345);
    expect(info?.bankCode).toBe('461');
    expect(info?.expirationDate?.toISOString().slice(0, 10)).toBe(amanha());
    // The line is the barcode rearranged with check digits: same bank, DV and value/due fields.
    expect(identificationField!.slice(0, 4)).toBe(barCode!.slice(0, 4));
    expect(identificationField!.slice(32)).toBe(barCode!.slice(4, 19));
  });

  it('answers a Pix QR code as a PNG of a valid BR Code payload', async () => {
    const p = await novaCobranca({ billingType: 'PIX', value: 42 });
    const r = await api('GET', `/payments/${p.id}/pixQrCode`);
    const { encodedImage, payload, expirationDate } = r.corpo as Record<string, string>;
    expect(Buffer.from(encodedImage!, 'base64').subarray(1, 4).toString()).toBe('PNG');
    expect(isValidPixPayload(payload!)).toBe(true);
    expect(payload).toContain('42.00');
    expect(expirationDate).toMatch(/^\d{4}-\d{2}-\d{2} 23:59:59$/);
  });

  it("creates a sub-account whose own key works, isolated from the main account's data", async () => {
    const r = await api('POST', '/accounts', {
      name: 'Paróquia Teste',
      email: 'paroquia@teste.org',
      cpfCnpj: CNPJ,
      mobilePhone: '51999990000',
      incomeValue: 5000,
      address: 'Rua A',
      addressNumber: '10',
      province: 'Centro',
      postalCode: '93000000',
      companyType: 'ASSOCIATION',
    });
    expect(r.status).toBe(200);
    expect(r.corpo).toMatchObject({ object: 'account', id: expect.any(String), walletId: expect.any(String) });
    const apiKey = r.corpo.apiKey as string;
    expect(apiKey).toMatch(/^\$aact_/);
    const sub = cliente(fake, apiKey);
    expect((await sub('GET', '/customers')).corpo.totalCount).toBe(0);
    expect((await sub('POST', '/customers', { name: 'Doador', cpfCnpj: CPF })).status).toBe(200);
    const lido = await api('GET', `/accounts/${r.corpo.id}`);
    expect(lido.corpo).not.toHaveProperty('apiKey');
    expect((await api('GET', `/accounts?cpfCnpj=${CNPJ}`)).corpo.totalCount).toBe(1);
    const falta = await api('POST', '/accounts', { name: 'Sem dados' });
    expect(falta.status).toBe(400);
  });

  it("a sub-account's charge is paid by its holder through the invoice link, without any key", async () => {
    const [conta] = (await api('GET', `/accounts?cpfCnpj=${CNPJ}`)).corpo.data as { id: string }[];
    // The key is not to be had again: only a new sub-account answers one.
    expect(JSON.stringify(await api('GET', `/accounts/${conta!.id}`))).not.toMatch(/aact_/);
    const nova = await api('POST', '/accounts', {
      name: 'Paróquia Fatura',
      email: 'fatura@teste.org',
      cpfCnpj: '11444777000161',
      mobilePhone: '51999990001',
      incomeValue: 5000,
      address: 'Rua B',
      addressNumber: '20',
      province: 'Centro',
      postalCode: '93000000',
    });
    const sub = cliente(fake, nova.corpo.apiKey as string);
    const doador = (await sub('POST', '/customers', { name: 'Doador <b>', cpfCnpj: CPF })).corpo.id;
    const p = (
      await sub('POST', '/payments', {
        customer: doador,
        billingType: 'PIX',
        value: 42.5,
        dueDate: amanha(),
        description: '<script>x</script>',
      })
    ).corpo as { id: string; invoiceUrl: string };
    // The main account does not reach a sub-account's charge.
    expect((await api('POST', `/sandbox/payment/${p.id}/confirm`)).status).toBe(404);
    const pagina = await fetch(p.invoiceUrl);
    expect(pagina.status).toBe(200);
    const html = await pagina.text();
    expect(html.replace(/\s/g, ' ')).toContain('R$ 42,50');
    expect(html).not.toContain('<script>x');
    // Paying answers the page again (a redirect to it), now paid; paying twice pays once.
    const paga = await fetch(`${p.invoiceUrl}/pagar`, { method: 'POST' });
    expect(paga.status).toBe(200);
    expect(await paga.text()).toContain('Paga');
    expect((await sub('GET', `/payments/${p.id}`)).corpo.status).toBe('RECEIVED');
    expect((await fetch(`${p.invoiceUrl}/pagar`, { method: 'POST' })).status).toBe(200);
    expect((await sub('GET', `/payments/${p.id}`)).corpo.status).toBe('RECEIVED');
    expect((await fetch(`${new URL(p.invoiceUrl).origin}/i/desconhecida`)).status).toBe(404);
  });

  it('delivers webhooks with the token and event id, retrying until a 200', async () => {
    const recebidos: { evento: Evento; token?: string }[] = [];
    let recusar = 2;
    const servidor = createServer(async (req: IncomingMessage, res) => {
      let corpo = '';
      for await (const parte of req) corpo += parte;
      if (recusar-- > 0) return res.writeHead(500).end();
      recebidos.push({ evento: JSON.parse(corpo), token: req.headers['asaas-access-token'] as string });
      res.writeHead(200).end();
    });
    servidor.listen(0, '127.0.0.1');
    await once(servidor, 'listening');
    const porta = (servidor.address() as AddressInfo).port;
    const wh = await api('POST', '/webhooks', {
      name: 'SIG',
      url: `http://127.0.0.1:${porta}/webhook`,
      email: 'ti@sig.local',
      enabled: true,
      interrupted: false,
      authToken: 'token-do-webhook',
      sendType: 'SEQUENTIALLY',
      events: ['PAYMENT_CREATED', 'PAYMENT_RECEIVED'],
    });
    expect(wh.status).toBe(200);
    const p = await novaCobranca();
    fake.confirmar(p.id);
    await vi.waitFor(() => expect(recebidos).toHaveLength(2), { timeout: 5000 });
    expect(recebidos.map((r) => r.evento.event)).toEqual(['PAYMENT_CREATED', 'PAYMENT_RECEIVED']);
    expect(recebidos.every((r) => r.token === 'token-do-webhook')).toBe(true);
    expect(recebidos[0]!.evento.id).toMatch(/^evt_/);
    expect(recebidos[0]!.evento.dateCreated).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(recebidos[1]!.evento.payment).toMatchObject({ id: p.id, status: 'RECEIVED' });
    await api('DELETE', `/webhooks/${wh.corpo.id}`);
    servidor.close();
  });

  it('pauses a webhook queue after the configured failures in a row', async () => {
    const f = await iniciarAsaasFake({ webhookIntervaloMs: 1, webhookMaxFalhas: 3 });
    const a = cliente(f);
    const wh = await a('POST', '/webhooks', { url: 'http://127.0.0.1:9/nada', events: ['PAYMENT_CREATED'] });
    const c = await a('POST', '/customers', { name: 'X', cpfCnpj: CPF });
    await a('POST', '/payments', { customer: c.corpo.id, billingType: 'PIX', value: 10, dueDate: amanha() });
    await vi.waitFor(async () => expect((await a('GET', `/webhooks/${wh.corpo.id}`)).corpo.interrupted).toBe(true));
    await f.fechar();
  });

  it('answers 429 with RateLimit headers past the configured limit', async () => {
    const f = await iniciarAsaasFake({ limiteRequisicoes: 2, janelaLimiteMs: 60_000 });
    const a = cliente(f);
    const r1 = await a('GET', '/customers');
    expect(r1.cabecalhos.get('ratelimit-limit')).toBe('2');
    expect(r1.cabecalhos.get('ratelimit-remaining')).toBe('1');
    await a('GET', '/customers');
    const r3 = await a('GET', '/customers');
    expect(r3.status).toBe(429);
    expect(Number(r3.cabecalhos.get('ratelimit-reset'))).toBeGreaterThan(0);
    await f.fechar();
  });

  it('requires a User-Agent', async () => {
    const r = await fetch(`${fake.url}/customers`, { headers: { access_token: fake.chaveApi, 'user-agent': '' } });
    expect(r.status).toBe(400);
  });

  it('keeps its state in a JSON file under dir across restarts', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'asaas-fake-'));
    try {
      const f1 = await iniciarAsaasFake({ dir });
      const criado = await cliente(f1)('POST', '/customers', { name: 'Persistente', cpfCnpj: CPF });
      await f1.fechar();
      const f2 = await iniciarAsaasFake({ dir });
      expect((await cliente(f2)('GET', `/customers/${criado.corpo.id}`)).corpo.name).toBe('Persistente');
      await f2.fechar();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
