import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { somarDias } from './comum.js';
import { type AsaasFake, iniciarAsaasFake } from './index.js';

const amanha = () => somarDias(new Date().toLocaleDateString('sv-SE', { timeZone: 'America/Sao_Paulo' }), 1);

describe('Asaas fake invoice pages', () => {
  let fake: AsaasFake;
  let origem: string;
  const api = async (metodo: string, caminho: string, body?: unknown) => {
    const r = await fetch(`${fake.url}${caminho}`, {
      method: metodo,
      headers: { access_token: fake.chaveApi, 'user-agent': 'SIG-teste', 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return (await r.json()) as Record<string, unknown>;
  };

  beforeAll(async () => {
    fake = await iniciarAsaasFake({ webhookIntervaloMs: 20 });
    origem = fake.url.replace(/\/v3$/, '');
  });
  afterAll(() => fake.fechar());

  it("links each charge to its page at the server's origin, served without a key", async () => {
    const cliente = await api('POST', '/customers', { name: 'Maria da Silva', cpfCnpj: '52998224725' });
    const p = await api('POST', '/payments', {
      customer: cliente.id,
      billingType: 'PIX',
      value: 50,
      dueDate: amanha(),
      description: 'Contribuição 11/2026',
    });
    const codigo = (p.id as string).slice(4);
    expect(p.invoiceUrl).toBe(`${origem}/i/${codigo}`);
    const r = await fetch(p.invoiceUrl as string);
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toContain('text/html');
    const html = await r.text();
    expect(html).toContain('Maria da Silva');
    expect(html).toContain('Contribuição 11/2026');
    expect(html).toContain('R$');
    expect(html).toContain('Aguardando pagamento');

    // The page's button pays it (the sandbox's confirmation) and shows it again.
    const pago = await fetch(`${origem}/i/${codigo}/pagar`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      redirect: 'manual',
    });
    expect(pago.status).toBe(303);
    expect(pago.headers.get('location')).toBe(`${origem}/i/${codigo}`);
    expect((await api('GET', `/payments/${p.id}`)).status).toBe('RECEIVED');
    expect(await (await fetch(`${origem}/i/${codigo}`)).text()).toContain('Paga');
  });

  it('answers an unknown invoice with a page saying so', async () => {
    const r = await fetch(`${origem}/i/naoexiste123`);
    expect(r.status).toBe(404);
    expect(await r.text()).toContain('Fatura não encontrada');
  });

  it('imports charges made elsewhere once, with their customers, and serves their pages', async () => {
    const cobranca = {
      id: 'pay_abcdef0123456789',
      cliente: { id: 'cus_abcdef012345', nome: 'João Schmidt', cpfCnpj: '11144477735' },
      valor: 80,
      vencimento: '2026-03-10',
      forma: 'BOLETO' as const,
      status: 'RECEIVED' as const,
      dataPagamento: '2026-03-08',
      dataCredito: '2026-03-09',
      descricao: 'Contribuição 3/2026',
      criadaEm: '2026-02-18',
    };
    expect(fake.importar([cobranca])).toBe(1);
    expect(fake.importar([cobranca])).toBe(0);
    const p = await api('GET', '/payments/pay_abcdef0123456789');
    expect(p).toMatchObject({ status: 'RECEIVED', value: 80, customer: 'cus_abcdef012345', paymentDate: '2026-03-08' });
    expect((await api('GET', '/customers/cus_abcdef012345')).name).toBe('João Schmidt');
    const html = await (await fetch(`${origem}/i/abcdef0123456789`)).text();
    expect(html).toContain('João Schmidt');
    expect(html).toContain('08/03/2026');
  });
});
