import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppTeste } from '../../../test/app-teste.js';
import { cobrarPelaApi, criarAppComAsaas, criarContaPelaApi } from '../../../test/asaas-teste.js';
import { pessoaPorCpf } from '../../../test/fabricas.js';

let t: AppTeste;
let admin: string;
let paroquia: string;
let tesouraria: string;
let pessoaId: number;

const req = (url: string, token = tesouraria) => t.req({ method: 'GET', url, token });

/** A receivable of the treasurer's parish (or, with the administrator, of the national church) charged by boleto or Pix. */
async function cobrada(valorPrevisto: string, forma: 'BOLETO' | 'PIX', vencimento: string, token = tesouraria) {
  const conta = await criarContaPelaApi(t, token, {
    pessoaId,
    mesCompetencia: 5,
    anoCompetencia: 2098,
    vencimento,
    valorPrevisto,
  });
  const c = await cobrarPelaApi(t, token, conta.id, { forma });
  expect(c.statusCode, c.body).toBe(201);
  return c.json()[0] as { id: number };
}

beforeAll(async () => {
  ({ t } = await criarAppComAsaas());
  [admin, paroquia, tesouraria] = await t.logins('admin', 'paroquia', 'tesouraria');
  const p = await pessoaPorCpf(t.banco.db, '39053344705');
  pessoaId = p!.id;
});
afterAll(() => t.fechar());

describe('GET /api/cobranca/paginado and /exportar', () => {
  it('lists the scope charges with their holder, filtered by method, due date and holder name, and exports them', async () => {
    const boleto = await cobrada('40.00', 'BOLETO', '2098-05-10');
    const pix = await cobrada('25.00', 'PIX', '2098-06-10');
    const r = await req(
      '/api/cobranca/paginado?vencimentoDe=2098-05-01&vencimentoAte=2098-06-30&ordenarPor=vencimento',
    );
    expect(r.statusCode, r.body).toBe(200);
    const ids = r.json().itens.map((c: { id: number }) => c.id);
    expect(ids).toEqual([boleto.id, pix.id]);
    expect(r.json().itens[0]).toMatchObject({
      forma: 'BOLETO',
      valor: '40.00',
      status: 'ABERTO',
      mesCompetencia: 5,
      anoCompetencia: 2098,
    });
    expect(r.json().itens[0].titularNome.length).toBeGreaterThan(0);
    const soPix = await req('/api/cobranca/paginado?vencimentoDe=2098-05-01&vencimentoAte=2098-06-30&forma=PIX');
    expect(soPix.json().itens.map((c: { id: number }) => c.id)).toEqual([pix.id]);
    const nome = r.json().itens[0].titularNome as string;
    const porNome = await req(
      `/api/cobranca/paginado?vencimentoDe=2098-05-01&vencimentoAte=2098-06-30&titular=${encodeURIComponent(nome.slice(0, 4).toUpperCase())}`,
    );
    expect(porNome.json().total).toBe(2);
    const ninguem = await req('/api/cobranca/paginado?vencimentoDe=2098-05-01&titular=zzzz-nenhum');
    expect(ninguem.json()).toMatchObject({ total: 0, itens: [] });

    const csv = await req('/api/cobranca/exportar?vencimentoDe=2098-05-01&vencimentoAte=2098-06-30&formato=csv');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const linhas = csv.body.trim().split('\r\n');
    expect(linhas).toHaveLength(3);
    expect(linhas[0]).toContain('Titular');
    // Newest first.
    expect(linhas[1]).toMatch(new RegExp(`^\uFEFF?${pix.id};`));
    expect(linhas[2]).toContain('Boleto');
  });

  it('refuses an inverted due range and an unknown method on their fields', async () => {
    const r = await req('/api/cobranca/paginado?vencimentoDe=2098-06-01&vencimentoAte=2098-05-01');
    expect(r.statusCode).toBe(400);
    expect(r.json().campos.map((c: { campo: string }) => c.campo)).toContain('vencimentoAte');
    expect((await req('/api/cobranca/paginado?forma=CHEQUE')).statusCode).toBe(400);
  });

  it('answers 403 without the charges screen, and never shows charges outside the scope (404 for their organization)', async () => {
    expect((await req('/api/cobranca/paginado', paroquia)).statusCode).toBe(403);
    expect((await req('/api/cobranca/exportar', paroquia)).statusCode).toBe(403);
    const nacional = await cobrada('50.00', 'BOLETO', '2098-07-10', admin);
    const lista = await req('/api/cobranca/paginado?quantidade=500');
    expect(lista.json().itens.map((c: { id: number }) => c.id)).not.toContain(nacional.id);
    const igreja = await t.req({ method: 'PUT', url: '/api/Autenticacao/autorizacao', token: admin });
    const fora = await req(`/api/cobranca/paginado?organizacaoId=${igreja.json().organizacaoId}`);
    expect(fora.statusCode).toBe(404);
  });
});
