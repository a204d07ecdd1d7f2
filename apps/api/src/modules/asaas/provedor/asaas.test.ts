import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type AsaasFake, type Evento, iniciarAsaasFake } from '@sig/asaas-fake';
import { tradutor } from '@sig/i18n';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { garantirCliente, type PaymentProvider } from '../../../platform/provedor-pagamento.js';
import { provedorAsaas } from './asaas.js';
import { ErroProvedor, esperaPedida, HttpAsaas, type OpcoesHttpAsaas } from './asaas-http.js';

const CPF = '52998224725';
const CNPJ = '11222333000181';
const hoje = () => new Date().toLocaleDateString('sv-SE', { timeZone: 'America/Sao_Paulo' });
const amanha = () => new Date(Date.parse(`${hoje()}T12:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/** Runs `f` and returns the ErroProvedor it throws. */
async function erroDe(f: () => Promise<unknown>): Promise<ErroProvedor> {
  try {
    await f();
  } catch (e) {
    if (e instanceof ErroProvedor) return e;
    throw e;
  }
  throw new Error('expected an ErroProvedor');
}

describe('Asaas client against the fake', () => {
  let fake: AsaasFake;
  let asaas: PaymentProvider;
  let clienteId: string;
  const opcoes = (extra: Partial<OpcoesHttpAsaas> = {}): OpcoesHttpAsaas => ({
    baseUrl: fake.url,
    chaveApi: fake.chaveApi,
    userAgent: 'SIG/teste',
    esperaBaseMs: 5,
    ...extra,
  });
  const cobrar = (valor = '50.00', extra = {}) =>
    asaas.criarCobranca({ clienteId, forma: 'BOLETO', valor, vencimento: amanha(), ...extra });

  beforeAll(async () => {
    fake = await iniciarAsaasFake({ webhookIntervaloMs: 10 });
    asaas = provedorAsaas(opcoes());
    clienteId = (await garantirCliente(asaas, { nome: 'Ana', cpfCnpj: CPF, referenciaExterna: 'pessoa-1' })).id;
  });
  afterAll(() => fake.fechar());

  it('sends access_token and User-Agent, and finds a customer instead of creating a duplicate', async () => {
    const ultima = fake.requisicoes.at(-1)!;
    expect(ultima).toMatchObject({ metodo: 'POST', chave: fake.chaveApi, userAgent: 'SIG/teste' });
    const denovo = await garantirCliente(asaas, { nome: 'Ana', cpfCnpj: CPF, referenciaExterna: 'pessoa-1' });
    expect(denovo.id).toBe(clienteId);
    const porDocumento = await garantirCliente(asaas, { nome: 'Ana B.', cpfCnpj: CPF });
    expect(porDocumento.id).toBe(clienteId);
    expect(await asaas.buscarClientes({ cpfCnpj: CPF })).toEqual([
      { id: clienteId, nome: 'Ana', cpfCnpj: CPF, email: null, referenciaExterna: 'pessoa-1', excluido: false },
    ]);
  });

  it('walks every page of a list', async () => {
    for (let i = 0; i < 205; i++) await asaas.criarCliente({ nome: `Empresa ${i}`, cpfCnpj: CNPJ });
    const antes = fake.requisicoes.length;
    const todos = await asaas.buscarClientes({ cpfCnpj: CNPJ });
    expect(todos).toHaveLength(205);
    expect(new Set(todos.map((c) => c.id)).size).toBe(205);
    const paginas = fake.requisicoes.slice(antes).map((r) => new URL(r.url, 'http://x').searchParams);
    expect(paginas.map((q) => [q.get('offset'), q.get('limit')])).toEqual([
      ['0', '100'],
      ['100', '100'],
      ['200', '100'],
    ]);
  });

  it('takes a charge through its life: open, slip and Pix, paid, refunded', async () => {
    const c = await cobrar('123.45', { referenciaExterna: 'receber-9', descricao: 'Contribuição' });
    expect(c).toMatchObject({ situacao: 'aberta', statusProvedor: 'PENDING', valor: '123.45', forma: 'BOLETO' });
    const linha = await asaas.linhaDigitavel(c.id);
    expect(linha.linhaDigitavel).toMatch(/^\d{47}$/);
    expect(linha.codigoBarras).toMatch(/^\d{44}$/);
    const pix = await asaas.qrCodePix(c.id);
    expect(Buffer.from(pix.imagemPngBase64, 'base64').subarray(1, 4).toString()).toBe('PNG');
    expect(pix.copiaECola).toMatch(/^000201/);
    fake.confirmar(c.id);
    expect(await asaas.obterCobranca(c.id)).toMatchObject({ situacao: 'paga', dataPagamento: hoje() });
    expect((await asaas.estornarCobranca(c.id, { valor: '23.45' })).situacao).toBe('paga');
    expect((await asaas.estornarCobranca(c.id)).situacao).toBe('estornada');
    const achadas = [];
    for await (const x of asaas.listarCobrancas({ referenciaExterna: 'receber-9' })) achadas.push(x.id);
    expect(achadas).toEqual([c.id]);
  });

  it('receives in cash, undoes it, cancels; installments share one id', async () => {
    const c = await cobrar();
    const recebida = await asaas.receberEmDinheiro(c.id, { data: hoje(), valor: '50.00', notificarCliente: false });
    expect(recebida).toMatchObject({ situacao: 'paga', statusProvedor: 'RECEIVED_IN_CASH' });
    expect((await asaas.desfazerRecebimentoEmDinheiro(c.id)).situacao).toBe('aberta');
    await asaas.cancelarCobranca(c.id);
    expect(await asaas.obterCobranca(c.id)).toMatchObject({ situacao: 'excluida', excluida: true });

    const primeira = await cobrar('100.00', { parcelas: 3 });
    const parcelas = [];
    for await (const p of asaas.listarCobrancas({ parcelamentoId: primeira.parcelamentoId! })) parcelas.push(p);
    expect(parcelas.map((p) => [p.numeroParcela, p.valor])).toEqual([
      [1, '33.33'],
      [2, '33.33'],
      [3, '33.34'],
    ]);
  });

  it('maps the provider errors to ours, localized, keeping what the provider said', async () => {
    const minimo = await erroDe(() => cobrar('4.99'));
    expect(minimo).toMatchObject({ codigo: 'PROVEDOR_ACAO_INVALIDA', status: 422, codigoProvedor: 'invalid_action' });
    const texto = tradutor('pt-BR')(`erros:${minimo.codigo}`, minimo.params);
    expect(texto).toContain('R$ 5,00');
    expect(tradutor('en')(`erros:${minimo.codigo}`, minimo.params)).toContain('did not allow');

    expect(await erroDe(() => asaas.criarCliente({ nome: 'X', cpfCnpj: '11111111111' }))).toMatchObject({
      codigo: 'PROVEDOR_CPF_CNPJ_INVALIDO',
    });
    expect(await erroDe(() => cobrar('10.00', { vencimento: '2020-01-01' }))).toMatchObject({
      codigo: 'PROVEDOR_VENCIMENTO_INVALIDO',
    });
    const pago = await cobrar();
    fake.confirmar(pago.id);
    expect(await erroDe(() => asaas.cancelarCobranca(pago.id))).toMatchObject({ codigo: 'PROVEDOR_ACAO_INVALIDA' });
    expect(await erroDe(() => asaas.obterCobranca('pay_nao_existe'))).toMatchObject({
      codigo: 'PROVEDOR_NAO_ENCONTRADO',
      status: 404,
    });
    const semChave = provedorAsaas(opcoes({ chaveApi: '$aact_chave_que_nao_existe' }));
    // Never 401 to our user: their session is fine, the organization's key is not.
    expect(await erroDe(() => semChave.obterCobranca(pago.id))).toMatchObject({
      codigo: 'PROVEDOR_CHAVE_INVALIDA',
      status: 502,
      statusProvedor: 401,
    });
  });

  it('retries 429 and 5xx on a GET, honouring RateLimit-Reset / Retry-After, then succeeds', async () => {
    const c = await cobrar();
    const antes = fake.requisicoes.length;
    fake.injetarFalhas(
      { status: 429, cabecalhos: { 'RateLimit-Reset': '0' } },
      { status: 503, cabecalhos: { 'Retry-After': '0' } },
      { status: 500 },
    );
    expect((await asaas.obterCobranca(c.id)).id).toBe(c.id);
    expect(fake.requisicoes.length - antes).toBe(4);
  });

  it('retries a POST only on 429, and gives up at once when the provider asks to wait too long', async () => {
    fake.injetarFalhas({ status: 429 });
    expect((await cobrar()).situacao).toBe('aberta');
    const antes = fake.requisicoes.length;
    fake.injetarFalhas({ status: 500 });
    expect(await erroDe(() => cobrar())).toMatchObject({ codigo: 'PROVEDOR_INDISPONIVEL' });
    expect(fake.requisicoes.length - antes).toBe(1);
    fake.injetarFalhas({ status: 429, cabecalhos: { 'RateLimit-Reset': '3600' } });
    expect(await erroDe(() => asaas.buscarClientes({ cpfCnpj: CPF }))).toMatchObject({
      codigo: 'PROVEDOR_LIMITE',
      status: 503,
    });
  });

  it('gives up after the timeout of each attempt', async () => {
    const lento = provedorAsaas(opcoes({ tempoLimiteMs: 50, tentativas: 2 }));
    fake.definirAtraso(300);
    try {
      const inicio = Date.now();
      expect(await erroDe(() => lento.obterCobranca('pay_x'))).toMatchObject({ codigo: 'PROVEDOR_TEMPO_ESGOTADO' });
      expect(Date.now() - inicio).toBeLessThan(1000);
    } finally {
      fake.definirAtraso(0);
    }
  });

  it('keeps concurrent requests under the configured limit', async () => {
    const f = await iniciarAsaasFake();
    try {
      const contido = provedorAsaas({
        baseUrl: f.url,
        chaveApi: f.chaveApi,
        userAgent: 'SIG/teste',
        maxSimultaneas: 3,
      });
      f.definirAtraso(20);
      await Promise.all(Array.from({ length: 15 }, () => contido.buscarClientes({ cpfCnpj: CPF })));
      expect(f.picoSimultaneas()).toBeLessThanOrEqual(3);
      expect(f.requisicoes).toHaveLength(15);
    } finally {
      await f.fechar();
    }
  });

  it('creates a sub-account whose key the client then uses', async () => {
    const sub = await asaas.criarSubconta({
      nome: 'Paróquia São Paulo',
      email: 'tesouraria@paroquia.org',
      cpfCnpj: CNPJ,
      celular: '51999990000',
      rendaMensal: '8000.00',
      endereco: 'Rua da Igreja',
      numero: '100',
      bairro: 'Centro',
      cep: '93010000',
      tipoEmpresa: 'ASSOCIATION',
    });
    expect(sub.chaveApi).toMatch(/^\$aact_/);
    const daParoquia = asaas.comChave(sub.chaveApi);
    await daParoquia.criarCliente({ nome: 'Membro', cpfCnpj: CPF, referenciaExterna: 'so-na-subconta' });
    expect(await daParoquia.buscarClientes({ referenciaExterna: 'so-na-subconta' })).toHaveLength(1);
    expect(await asaas.buscarClientes({ referenciaExterna: 'so-na-subconta' })).toHaveLength(0);
    expect(fake.requisicoes.at(-2)!.chave).toBe(sub.chaveApi);
  });

  it('keeps one client, and so one cap on requests in flight, per sub-account key', () => {
    const http = new HttpAsaas({ baseUrl: fake.url, chaveApi: fake.chaveApi, userAgent: 'SIG/teste' });
    expect(http.comChave('$aact_um')).toBe(http.comChave('$aact_um'));
    expect(http.comChave('$aact_um')).not.toBe(http.comChave('$aact_outro'));
  });

  it("receives the provider's webhook with the configured token", async () => {
    const recebidos: { evento: Evento; token: unknown }[] = [];
    const servidor = createServer(async (req, res) => {
      let corpo = '';
      for await (const parte of req) corpo += parte;
      recebidos.push({ evento: JSON.parse(corpo), token: req.headers['asaas-access-token'] });
      res.writeHead(200).end();
    });
    servidor.listen(0, '127.0.0.1');
    await once(servidor, 'listening');
    try {
      const url = `http://127.0.0.1:${(servidor.address() as AddressInfo).port}/api/webhook/asaas`;
      await fetch(`${fake.url}/webhooks`, {
        method: 'POST',
        headers: { access_token: fake.chaveApi, 'user-agent': 'SIG/teste', 'content-type': 'application/json' },
        body: JSON.stringify({ url, authToken: 'segredo-do-webhook', events: ['PAYMENT_RECEIVED'] }),
      });
      const c = await cobrar();
      fake.confirmar(c.id);
      await vi.waitFor(() => expect(recebidos).toHaveLength(1));
      expect(recebidos[0]).toMatchObject({
        token: 'segredo-do-webhook',
        evento: { event: 'PAYMENT_RECEIVED', payment: { id: c.id, status: 'RECEIVED' } },
      });
      expect(recebidos[0]!.evento.id).toMatch(/^evt_/);
    } finally {
      servidor.close();
    }
  });
});

describe('esperaPedida', () => {
  it('reads Retry-After (seconds or date) and RateLimit-Reset only on a 429', () => {
    expect(esperaPedida(new Headers({ 'retry-after': '2' }), 503)).toBe(2000);
    const data = new Date(Date.now() + 5000).toUTCString();
    expect(esperaPedida(new Headers({ 'retry-after': data }), 429)).toBeGreaterThan(3000);
    expect(esperaPedida(new Headers({ 'ratelimit-reset': '7' }), 429)).toBe(7000);
    expect(esperaPedida(new Headers({ 'ratelimit-reset': '7' }), 500)).toBeNull();
    expect(esperaPedida(new Headers(), 429)).toBeNull();
  });
});

describe('a new customer (garantirCliente)', () => {
  it('is looked up by our reference and by CPF at once, then created; our reference wins', async () => {
    const fake = await iniciarAsaasFake();
    try {
      fake.definirAtraso(50);
      const asaas = provedorAsaas({
        baseUrl: fake.url,
        chaveApi: fake.chaveApi,
        userAgent: 'SIG/teste',
        esperaBaseMs: 5,
      });
      const nova = await garantirCliente(asaas, { nome: 'Bia', cpfCnpj: CPF, referenciaExterna: 'pessoa-9' });
      expect(fake.requisicoes.map((r) => r.metodo)).toEqual(['GET', 'GET', 'POST']);
      expect(fake.picoSimultaneas()).toBe(2);
      const outra = await asaas.criarCliente({ nome: 'Bia (outra)', cpfCnpj: CPF });
      expect((await garantirCliente(asaas, { nome: 'Bia', cpfCnpj: CPF, referenciaExterna: 'pessoa-9' })).id).toBe(
        nova.id,
      );
      expect((await garantirCliente(asaas, { nome: 'Bia', cpfCnpj: CPF })).id).toBeOneOf([nova.id, outra.id]);
    } finally {
      await fake.fechar();
    }
  });
});
