import { type AsaasFake, iniciarAsaasFake } from '@sig/asaas-fake';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppTeste, criarAppTeste } from '../../../test/app-teste.js';
import { criarAppComAsaas } from '../../../test/asaas-teste.js';
import { provedorAsaas, provedorDemo } from './index.js';

/** The demo's "Abrir fatura" (issue 18): the link opens the embedded provider's invoice page through this app. */
describe('demo invoice pages', () => {
  let t: AppTeste;
  let fake: AsaasFake;
  beforeAll(async () => {
    fake = await iniciarAsaasFake({ urlFaturas: 'http://localhost:3000/api/provedor-demo' });
    const provedor = provedorAsaas({ baseUrl: fake.url, chaveApi: fake.chaveApi, userAgent: 'SIG/teste' });
    t = await criarAppTeste({}, { provedor: provedorDemo(fake, provedor) });
    fake.importar([
      {
        id: 'pay_0123456789abcdef',
        cliente: { id: 'cus_0123456789ab', nome: 'Hilda Krause', cpfCnpj: '52998224725' },
        valor: 50,
        vencimento: '2026-10-10',
        forma: 'PIX',
        status: 'OVERDUE',
        dataPagamento: null,
        dataCredito: null,
        descricao: 'Contribuição 10/2026',
        criadaEm: '2026-09-20',
      },
    ]);
  });
  afterAll(() => t.fechar());

  it('serves the page without a session, as the provider does', async () => {
    const r = await t.req({ method: 'GET', url: '/api/provedor-demo/i/0123456789abcdef' });
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toContain('text/html');
    expect(r.body).toContain('Hilda Krause');
    expect(r.body).toContain('Vencida');
  });

  it('pays from the page and goes back to it (the simulated payment)', async () => {
    const r = await t.req({
      method: 'POST',
      url: '/api/provedor-demo/i/0123456789abcdef/pagar',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect(r.statusCode).toBe(303);
    expect(r.headers.location).toBe('http://localhost:3000/api/provedor-demo/i/0123456789abcdef');
    const pagina = await t.req({ method: 'GET', url: '/api/provedor-demo/i/0123456789abcdef' });
    expect(pagina.body).toContain('Paga');
  });

  it("answers an unknown invoice with the provider's not-found page", async () => {
    const r = await t.req({ method: 'GET', url: '/api/provedor-demo/i/naoexiste' });
    expect(r.statusCode).toBe(404);
    expect(r.body).toContain('Fatura não encontrada');
  });

  it('refuses a malformed code with a localized 400', async () => {
    const r = await t.req({ method: 'GET', url: '/api/provedor-demo/i/N%C3%83O', idioma: 'en' });
    expect(r.statusCode).toBe(400);
  });
});

describe('invoice pages with a provider that serves none here', () => {
  let sem: AppTeste;
  beforeAll(async () => {
    sem = (await criarAppComAsaas()).t;
  });
  afterAll(() => sem.fechar());

  it('answers 404', async () => {
    const r = await sem.req({ method: 'GET', url: '/api/provedor-demo/i/0123456789abcdef' });
    expect(r.statusCode).toBe(404);
  });
});
