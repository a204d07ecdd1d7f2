import { type AsaasFake, iniciarAsaasFake } from '@sig/asaas-fake';
import { schema } from '@sig/db';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppTeste, criarAppTeste } from '../../../test/app-teste.js';
import { provedorAsaas } from './provedor/asaas.js';

/** Payment booklets: the open charges of the chosen people in the period, one slip each, as a PDF. */
let t: AppTeste;
let fake: AsaasFake;
let admin: string;
let paroquia: string;
let tesouraria: string;
let pessoaId: number;

const req = (method: 'GET' | 'POST', url: string, payload?: object, token = tesouraria) =>
  t.req({ method, url, token, payload });
const emitir = (query: string, token = tesouraria) => req('GET', `/api/emissao-carnes?${query}`, undefined, token);
const paginas = (pdf: Buffer) => pdf.toString('latin1').match(/\/Type \/Page\b/g)?.length ?? 0;

async function contaCobrada(mes: number, forma = 'BOLETO', token = tesouraria) {
  const c = await req(
    'POST',
    '/api/conta-a-receber',
    {
      pessoaId,
      tipo: 'CONTRIBUICAO',
      mesCompetencia: mes,
      anoCompetencia: 2098,
      vencimento: `2098-${String(mes).padStart(2, '0')}-10`,
      valorPrevisto: '40.00',
    },
    token,
  );
  expect(c.statusCode, c.body).toBe(201);
  const cob = await req('POST', '/api/cobranca', { contaAReceberId: c.json().id, forma }, token);
  expect(cob.statusCode, cob.body).toBe(201);
  return c.json();
}

beforeAll(async () => {
  fake = await iniciarAsaasFake();
  const provedor = provedorAsaas({ baseUrl: fake.url, chaveApi: fake.chaveApi, userAgent: 'SIG/teste' });
  t = await criarAppTeste({}, { provedor: { provedor, demo: true, url: fake.url, fechar: fake.fechar } });
  [admin, paroquia, tesouraria] = await Promise.all([
    t.loginAdmin(),
    t.login('paroquia@sig.local'),
    t.login('tesouraria@sig.local'),
  ]);
  const [p] = await t.banco.db
    .select({ id: schema.pessoa.id })
    .from(schema.pessoa)
    .where(eq(schema.pessoa.cpf, '39053344705'));
  pessoaId = p!.id;
  for (const mes of [1, 2, 3]) await contaCobrada(mes);
  // A Pix charge outside the due-date range but inside the competence one.
  await contaCobrada(5, 'PIX');
});
afterAll(() => t.fechar());

describe('payment booklets', () => {
  it('prints one slip per open charge of the person in the due-date range', async () => {
    const r = await emitir(`pessoasIds=${pessoaId}&inicio=2098-01-01&fim=2098-03-31`);
    expect(r.statusCode, r.body).toBe(200);
    expect(r.headers['content-type']).toBe('application/pdf');
    expect(r.headers['x-total-linhas']).toBe('3');
    expect(r.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(paginas(r.rawPayload)).toBe(1);
    // Three QR images and three barcodes make a booklet far larger than an empty page.
    expect(r.rawPayload.length).toBeGreaterThan(5_000);
  });

  it('takes the period by competence month, Pix charges included', async () => {
    const r = await emitir(`pessoasIds=${pessoaId}&tipoPeriodo=competencia&inicio=2098-02-15&fim=2098-05-01`);
    expect(r.statusCode, r.body).toBe(200);
    expect(r.headers['x-total-linhas']).toBe('3');
  });

  it('answers an empty run with no slips', async () => {
    const r = await emitir(`pessoasIds=${pessoaId}&inicio=2097-01-01&fim=2097-12-31`);
    expect(r.statusCode, r.body).toBe(200);
    expect(r.headers['x-total-linhas']).toBe('0');
  });

  it('refuses a period upside down on its end field', async () => {
    const r = await emitir(`pessoasIds=${pessoaId}&inicio=2098-03-31&fim=2098-01-01`);
    expect(r.statusCode).toBe(400);
    expect(r.json().campos[0].campo).toBe('fim');
  });

  it('answers 403 without the financial permission and 404 for an organization outside the scope', async () => {
    expect((await emitir(`inicio=2098-01-01&fim=2098-12-31`, paroquia)).statusCode).toBe(403);
    const [raiz] = await t.banco.db
      .select({ id: schema.organizacao.id })
      .from(schema.organizacao)
      .orderBy(sql`length(${schema.organizacao.caminho})`)
      .limit(1);
    expect((await emitir(`organizacaoId=${raiz!.id}&inicio=2098-01-01&fim=2098-12-31`)).statusCode).toBe(404);
    expect((await emitir(`organizacaoId=${raiz!.id}&inicio=2098-01-01&fim=2098-12-31`, admin)).statusCode).toBe(200);
  });
});
