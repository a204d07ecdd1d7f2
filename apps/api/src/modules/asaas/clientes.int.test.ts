import { schema } from '@sig/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppTeste } from '../../../test/app-teste.js';
import { criarAppComAsaas } from '../../../test/asaas-teste.js';
import { pessoaPorCpf } from '../../../test/fabricas.js';
import type { PaymentProvider } from '../../platform/provedor-pagamento.js';

let t: AppTeste;
let provedor: PaymentProvider;
let admin: string;
let paroquia: string;
let tesouraria: string;
let comCpf: number;
let semCpf: number;
let foraDoEscopo: number;

const req = (method: 'GET' | 'POST', url: string, payload?: object, token = tesouraria) =>
  t.req({ method, url, token, payload });

beforeAll(async () => {
  ({ t, provedor } = await criarAppComAsaas());
  [admin, paroquia, tesouraria] = await t.logins('admin', 'paroquia', 'tesouraria');
  const p = await pessoaPorCpf(t.banco.db, '39053344705');
  comCpf = p!.id;
  const [sem] = await t.banco.db
    .insert(schema.pessoa)
    .values({ nome: 'Cliente', sobrenome: 'Sem Documento', organizacaoId: p!.organizacaoId })
    .returning({ id: schema.pessoa.id });
  semCpf = sem!.id;
  const igreja = (await t.req({ method: 'PUT', url: '/api/Autenticacao/autorizacao', token: admin })).json();
  const [longe] = await t.banco.db
    .insert(schema.pessoa)
    .values({ nome: 'Pessoa', sobrenome: 'Nacional', cpf: '98072043994', organizacaoId: igreja.organizacaoId })
    .returning({ id: schema.pessoa.id });
  foraDoEscopo = longe!.id;
});
afterAll(() => t.fechar());

describe('/api/clientes', () => {
  it('makes a person a provider customer once, however often asked, and lists it by name and CPF', async () => {
    const r = await req('POST', '/api/clientes', { pessoaId: comCpf });
    expect(r.statusCode, r.body).toBe(201);
    const c = r.json();
    expect(c).toMatchObject({ pessoaId: comCpf, cpf: '39053344705' });
    expect(c.provedorClienteId).toMatch(/^cus_/);
    const outra = await req('POST', '/api/clientes', { pessoaId: comCpf });
    expect(outra.json().provedorClienteId).toBe(c.provedorClienteId);
    expect(await provedor.buscarClientes({ cpfCnpj: '39053344705' })).toHaveLength(1);

    const porCpf = await req('GET', '/api/clientes/paginado?cpf=390.533.447-05');
    expect(porCpf.statusCode, porCpf.body).toBe(200);
    expect(porCpf.json().itens.map((x: { id: number }) => x.id)).toEqual([c.id]);
    const porNome = await req(
      'GET',
      `/api/clientes/paginado?nome=${encodeURIComponent(c.pessoaNome.slice(0, 5).toUpperCase())}`,
    );
    expect(porNome.json().itens.map((x: { id: number }) => x.id)).toContain(c.id);
    const csv = await req('GET', '/api/clientes/exportar?cpf=390.533.447-05');
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.body).toContain('Nome;CPF;Organização');
    expect(csv.body).toContain(`${c.pessoaNome};39053344705;;${c.provedorClienteId};`);
  });

  it('refuses a person without CPF, a missing person id and a bad page size, creating nothing', async () => {
    const sem = await req('POST', '/api/clientes', { pessoaId: semCpf });
    expect(sem.statusCode).toBe(422);
    expect(sem.json().codigo).toBe('PESSOA_SEM_CPF');
    const vazio = await req('POST', '/api/clientes', {});
    expect(vazio.statusCode).toBe(400);
    expect(vazio.json().campos.map((c: { campo: string }) => c.campo)).toContain('pessoaId');
    expect((await req('GET', '/api/clientes/paginado?quantidade=0')).statusCode).toBe(400);
    const linhas = await t.banco.db
      .select()
      .from(schema.clienteProvedor)
      .where(eq(schema.clienteProvedor.pessoaId, semCpf));
    expect(linhas).toHaveLength(0);
  });

  it('answers 403 without the customers screen and 400 naming a person or an account outside the scope', async () => {
    expect((await req('GET', '/api/clientes/paginado', undefined, paroquia)).statusCode).toBe(403);
    expect((await req('GET', '/api/clientes/exportar', undefined, paroquia)).statusCode).toBe(403);
    expect((await req('POST', '/api/clientes', { pessoaId: comCpf }, paroquia)).statusCode).toBe(403);
    const pessoaFora = await req('POST', '/api/clientes', { pessoaId: foraDoEscopo });
    expect(pessoaFora.statusCode).toBe(400);
    expect(pessoaFora.json().campos[0].campo).toBe('pessoaId');
    const igreja = (await t.req({ method: 'PUT', url: '/api/Autenticacao/autorizacao', token: admin })).json();
    const conta = await req('POST', '/api/clientes', { pessoaId: comCpf, organizacaoId: igreja.organizacaoId });
    expect(conta.statusCode).toBe(400);
    expect(conta.json().campos[0].campo).toBe('organizacaoId');
    await req('POST', '/api/clientes', { pessoaId: foraDoEscopo }, admin);
    const lista = await req('GET', '/api/clientes/paginado?quantidade=500');
    expect(lista.json().itens.map((x: { pessoaId: number }) => x.pessoaId)).not.toContain(foraDoEscopo);
  });
});
