import { beforeAll, describe, expect, it } from 'vitest';
import { usarAppTeste } from '../../test/app-teste.js';
import { criarContaPelaApi } from '../../test/asaas-teste.js';
import { pessoaPorCpf } from '../../test/fabricas.js';

/**
 * Bad input is a 400 with the field's message, never a 500 (issue 16 hole 12): NUL and lone
 * surrogates anywhere, impossible dates, non-numbers on numeric filters, undeclared sort keys,
 * JSON nested too deep, and database constraints that refuse a write (a race included).
 */
const t = usarAppTeste({ ASAAS_WEBHOOK_TOKEN: 'token-do-webhook-de-teste' });
let admin: string;
let tesouraria: string;
let pessoaId: number;

beforeAll(async () => {
  [admin, tesouraria] = await t.logins('admin', 'tesouraria');
  const p = await pessoaPorCpf(t.banco.db, '39053344705');
  pessoaId = p!.id;
});

type Campo = { campo: string; mensagem: string };
const campos = (corpo: string) => (JSON.parse(corpo).campos ?? []) as Campo[];

describe('strings', () => {
  it('refuses NUL in a body string with the field named, in both languages', async () => {
    const r = await t.req({
      method: 'POST',
      url: '/api/banco',
      token: admin,
      payload: { nome: 'Banco\u0000X', codigo: '999' },
    });
    expect(r.statusCode, r.body).toBe(400);
    expect(campos(r.body)).toContainEqual({ campo: 'nome', mensagem: 'O campo Nome contém caracteres inválidos.' });
    const en = await t.req({
      method: 'POST',
      url: '/api/banco',
      token: admin,
      idioma: 'en',
      payload: { nome: 'Banco\u0000X', codigo: '999' },
    });
    expect(campos(en.body)).toContainEqual({ campo: 'nome', mensagem: 'The field Name contains invalid characters.' });
  });

  it('refuses a lone surrogate in a body string and in a key, NUL in a query string', async () => {
    const corpo = await t.req({ method: 'POST', url: '/api/banco', token: admin, payload: { nome: 'x\ud800y' } });
    expect(corpo.statusCode, corpo.body).toBe(400);
    expect(campos(corpo.body).map((c) => c.campo)).toContain('nome');
    const chave = await t.req({
      method: 'POST',
      url: '/api/banco',
      token: admin,
      headers: { 'content-type': 'application/json' },
      payload: '{"nome":"Banco","\\ud800":1}',
    });
    expect(chave.statusCode, chave.body).toBe(400);
    const nul = await t.req({ method: 'GET', url: '/api/banco/paginado?nome=a%00b', token: admin });
    expect(nul.statusCode, nul.body).toBe(400);
    expect(campos(nul.body)).toContainEqual({ campo: 'nome', mensagem: 'O campo Nome contém caracteres inválidos.' });
  });

  it('refuses NUL in the login (a public route)', async () => {
    const r = await t.req({
      method: 'POST',
      url: '/api/Autenticacao/autenticar',
      payload: { login: 'admin@sig.local\u0000', senha: 'x' },
    });
    expect(r.statusCode, r.body).toBe(400);
    expect(campos(r.body).map((c) => c.campo)).toEqual(['login']);
  });
});

describe('dates and numbers', () => {
  it.each([
    ['2026-02-30', 'Data inválida.'],
    ['0000-01-01', 'Informe uma data entre os anos 1500 e 2999.'],
    ['3000-01-01', 'Informe uma data entre os anos 1500 e 2999.'],
  ])('refuses the date %s matching the pattern', async (d, mensagem) => {
    const filtro = await t.req({ method: 'GET', url: `/api/culto/paginado?periodoDe=${d}`, token: admin });
    expect(filtro.statusCode, filtro.body).toBe(400);
    expect(campos(filtro.body)).toContainEqual({ campo: 'periodoDe', mensagem });
    const corpo = await t.req({
      method: 'POST',
      url: '/api/mural-de-avisos',
      token: admin,
      payload: { nome: 'Aviso', mensagem: 'Texto', validoAte: d },
    });
    expect(corpo.statusCode, corpo.body).toBe(400);
    expect(campos(corpo.body)).toContainEqual({ campo: 'validoAte', mensagem });
  });

  it.each(['abc', '1e309', '2147483648'])('refuses %s on numeric and date list filters', async (v) => {
    const r = await t.req({ method: 'GET', url: `/api/conta-a-receber/paginado?vencimentoDe=${v}`, token: tesouraria });
    expect(r.statusCode, r.body).toBe(400);
    const id = await t.req({ method: 'GET', url: `/api/conta-a-receber/paginado?pessoaId=${v}`, token: tesouraria });
    expect(id.statusCode, id.body).toBe(400);
    expect(campos(id.body).map((c) => c.campo)).toEqual(['pessoaId']);
  });

  it('refuses an id past the integer column in a body', async () => {
    const r = await t.req({
      method: 'POST',
      url: '/api/conta-a-receber',
      token: tesouraria,
      payload: {
        pessoaId: 2 ** 53 - 1,
        tipo: 'CONTRIBUICAO',
        mesCompetencia: 5,
        anoCompetencia: 2099,
        vencimento: '2099-05-10',
        valorPrevisto: '40.00',
      },
    });
    expect(r.statusCode, r.body).toBe(400);
  });
});

describe('names looked up in a table of the code', () => {
  it.each(['valueOf', '__proto__', 'constructor'])('refuses the screen %s in a profile field rule', async (acesso) => {
    const r = await t.req({
      method: 'POST',
      url: '/api/perfil',
      token: admin,
      payload: { nome: `Perfil ${acesso}`, campos: [{ acesso, campo: 'x', visualizar: false }] },
    });
    expect(r.statusCode, r.body).toBe(400);
  });

  it.each(['__proto__', 'constructor', 'toString'])('refuses ordenarPor=%s on the ticket lists', async (k) => {
    const r = await t.req({ method: 'GET', url: `/api/atendimento-triagem/paginado?ordenarPor=${k}`, token: admin });
    expect(r.statusCode, r.body).toBe(400);
    expect(campos(r.body).map((c) => c.campo)).toEqual(['ordenarPor']);
  });
});

describe('JSON bodies', () => {
  it('answers a 5,000-deep body on the webhook with 400, not a stack overflow', async () => {
    const profundo = `${'['.repeat(5000)}${']'.repeat(5000)}`;
    const r = await t.req({
      method: 'POST',
      url: '/api/webhooks/asaas',
      headers: { 'content-type': 'application/json', 'asaas-access-token': 'token-do-webhook-de-teste' },
      payload: profundo,
    });
    expect(r.statusCode, r.body).toBe(400);
    expect(r.json().codigo).toBe('JSON_PROFUNDO');
    const objeto = `${'{"a":'.repeat(100)}1${'}'.repeat(100)}`;
    const o = await t.req({
      method: 'POST',
      url: '/api/banco',
      token: admin,
      headers: { 'content-type': 'application/json' },
      payload: objeto,
    });
    expect(o.json().codigo).toBe('JSON_PROFUNDO');
  });

  it('keeps brackets inside strings out of the count', async () => {
    const r = await t.req({
      method: 'POST',
      url: '/api/banco',
      token: admin,
      payload: { nome: `Banco ${'['.repeat(150)}`, codigo: '998' },
    });
    expect(r.statusCode, r.body).toBe(201);
  });
});

describe('database constraints', () => {
  it('50 concurrent identical manual payments: one is recorded, the others answer 409', async () => {
    const c = await criarContaPelaApi(t, tesouraria, {
      pessoaId,
      mesCompetencia: 6,
      vencimento: '2099-06-10',
      valorPrevisto: '40.00',
    });
    const pagamento = {
      contaAReceberId: c.id,
      valor: '40.00',
      dataPagamento: '2099-06-02',
      dataCredito: '2099-06-03',
      forma: 'DINHEIRO',
    };
    const respostas = await Promise.all(
      Array.from({ length: 50 }, () =>
        t.req({ method: 'POST', url: '/api/pagamento', token: tesouraria, payload: pagamento }),
      ),
    );
    const status = respostas.map((r) => r.statusCode);
    expect(status.filter((s) => s === 201)).toHaveLength(1);
    expect(status.filter((s) => s !== 201).every((s) => s === 409)).toBe(true);
  });
});
