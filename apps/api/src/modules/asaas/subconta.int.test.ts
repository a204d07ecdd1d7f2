import type { AsaasFake } from '@sig/asaas-fake';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppTeste } from '../../../test/app-teste.js';
import { chaveDaSubconta, criarAppComAsaas, dadosSubconta } from '../../../test/asaas-teste.js';
import { organizacaoForaDe, pessoaPorCpf } from '../../../test/fabricas.js';
import { contaNoProvedor } from './conta-provedor.js';

let t: AppTeste;
let fake: AsaasFake;
let tesouraria: string;
let paroquia: string;
let organizacaoId: number;

const dados = (extra: Record<string, unknown> = {}) => dadosSubconta(organizacaoId, extra);
const req = (method: 'GET' | 'POST', url: string, payload?: object, token = tesouraria) =>
  t.req({ method, url, token, payload });

beforeAll(async () => {
  ({ t, fake } = await criarAppComAsaas());
  [tesouraria, paroquia] = await t.logins('tesouraria', 'paroquia');
  const p = await pessoaPorCpf(t.banco.db, '39053344705');
  organizacaoId = p!.organizacaoId;
});
afterAll(() => t.fechar());

describe('sub-accounts', () => {
  it('creates the sub-account, keeps its key encrypted as the organization token and never answers it', async () => {
    const r = await req('POST', '/api/subconta', dados());
    expect(r.statusCode, r.body).toBe(201);
    const criada = r.json();
    expect(criada).toMatchObject({ organizacaoId, cpfCnpj: '11222333000181', email: 'financeiro@paroquia.test' });
    expect(criada.provedorId).toBeTruthy();
    expect(criada.walletId).toBeTruthy();

    const { cifrada, chave } = await chaveDaSubconta(t, organizacaoId);
    expect(cifrada).not.toContain(chave);
    for (const url of ['/api/subconta/paginado', `/api/subconta/${criada.id}`])
      expect((await req('GET', url)).body).not.toContain(chave);
    expect(r.body).not.toContain(chave);

    // The organization's charges now act with the sub-account's own key.
    const { provedor, contaOrganizacaoId } = await contaNoProvedor(t.app.deps, t.banco.db, organizacaoId);
    expect(contaOrganizacaoId).toBe(organizacaoId);
    await provedor.criarCliente({ nome: 'Cliente da Subconta', cpfCnpj: '39053344705' });
    expect(fake.requisicoes.at(-1)?.chave).toBe(chave);
  });

  it('refuses a second sub-account for the organization', async () => {
    const r = await req('POST', '/api/subconta', dados());
    expect(r.statusCode).toBe(409);
    expect(r.json().codigo).toBe('SUBCONTA_EXISTENTE');
  });

  it('answers 403 without the screen and 404 outside the scope', async () => {
    expect((await req('GET', '/api/subconta/paginado', undefined, paroquia)).statusCode).toBe(403);
    expect((await req('POST', '/api/subconta', dados(), paroquia)).statusCode).toBe(403);
    const fora = await organizacaoForaDe(t.banco.db, organizacaoId);
    const alheia = await req('POST', '/api/subconta', dados({ organizacaoId: fora }));
    expect(alheia.statusCode).toBe(400);
    expect(alheia.json().campos[0].campo).toBe('organizacaoId');
    expect((await req('GET', '/api/subconta/999999')).statusCode).toBe(404);
  });

  it('refuses bad input naming the fields', async () => {
    const r = await req('POST', '/api/subconta', dados({ cpfCnpj: '11.222.333/0001-00', celular: '123', cep: '1' }));
    expect(r.statusCode).toBe(400);
    expect(
      r
        .json()
        .campos.map((c: { campo: string }) => c.campo)
        .sort(),
    ).toEqual(['celular', 'cep', 'cpfCnpj']);
  });
});
