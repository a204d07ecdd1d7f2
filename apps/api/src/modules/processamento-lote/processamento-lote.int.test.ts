import type { AsaasFake } from '@sig/asaas-fake';
import { schema } from '@sig/db';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppTeste } from '../../../test/app-teste.js';
import { criarAppComAsaas } from '../../../test/asaas-teste.js';
import { organizacaoForaDe, pessoaPorCpf } from '../../../test/fabricas.js';
import { AppError } from '../../platform/erros.js';
import type { PaymentProvider } from '../../platform/provedor-pagamento.js';
import { tipoLote } from './tipos.js';

let t: AppTeste;
let fake: AsaasFake;
let provedor: PaymentProvider;
let admin: string;
let paroquia: string;
let tesouraria: string;
let organizacaoId: number;

const req = (method: 'GET' | 'POST', url: string, payload?: object, token = tesouraria, idioma?: string) =>
  t.req({ method, url, token, payload, idioma });

/** A CPF with valid check digits (the provider refuses others). */
const cpfValido = () => {
  const d = String(100_000_000 + Math.floor(Math.random() * 800_000_000))
    .split('')
    .map(Number);
  for (const n of [9, 10]) {
    let s = 0;
    for (let i = 0; i < n; i++) s += d[i]! * (n + 1 - i);
    const r = (s * 10) % 11;
    d.push(r === 10 ? 0 : r);
  }
  return d.join('');
};

const novaPessoa = async (cpf: string | null = cpfValido(), org = organizacaoId) => {
  const [p] = await t.banco.db
    .insert(schema.pessoa)
    .values({ nome: 'Lote', sobrenome: `Teste ${Math.random().toString(36).slice(2, 7)}`, cpf, organizacaoId: org })
    .returning({ id: schema.pessoa.id });
  return p!.id;
};
const criarLote = async (payload: object, token = tesouraria) => {
  const r = await req('POST', '/api/clientes-asaas-lote', payload, token);
  expect(r.statusCode, r.body).toBe(201);
  return r.json();
};
const lote = async (id: number, token = tesouraria) =>
  (await req('GET', `/api/processamento-lote/${id}`, undefined, token)).json();
const itens = async (id: number, idioma?: string) =>
  (await req('GET', `/api/processamento-lote/${id}/itens?quantidade=100`, undefined, tesouraria, idioma)).json().itens;
const postsDeClientes = () =>
  fake.requisicoes.filter((r) => r.metodo === 'POST' && r.url.includes('/customers')).length;

beforeAll(async () => {
  ({ t, fake, provedor } = await criarAppComAsaas());
  [admin, paroquia, tesouraria] = await t.logins('admin', 'paroquia', 'tesouraria');
  const p = await pessoaPorCpf(t.banco.db, '39053344705');
  organizacaoId = p!.organizacaoId;
});
afterAll(() => t.fechar());

describe('customers in bulk', () => {
  let id: number;
  let semCpf: number;
  let comCpf: number[];

  it('makes each chosen person one provider customer; a person without CPF ends in error', async () => {
    comCpf = [await novaPessoa(), await novaPessoa(), await novaPessoa()];
    semCpf = await novaPessoa(null);
    const criado = await criarLote({ pessoaIds: [...comCpf, semCpf] });
    id = criado.id;
    expect(criado).toMatchObject({ tipo: 'CLIENTES_ASAAS', status: 'PENDENTE', total: 4, pendentes: 4, organizacaoId });
    await t.app.lotes.processarTudo();

    expect(await lote(id)).toMatchObject({ status: 'CONCLUIDO_COM_ERROS', sucessos: 3, erros: 1, pendentes: 0 });
    const lista = await itens(id);
    const erro = lista.find((i: { referenciaId: number }) => i.referenciaId === semCpf);
    expect(erro).toMatchObject({ status: 'ERRO', resultado: null });
    expect(erro.erro).toContain('CPF');
    expect((await itens(id, 'en')).find((i: { status: string }) => i.status === 'ERRO').erro).toContain('has no CPF');
    for (const pessoaId of comCpf) {
      const [guardado] = await t.banco.db
        .select()
        .from(schema.clienteProvedor)
        .where(eq(schema.clienteProvedor.pessoaId, pessoaId));
      const noProvedor = await provedor.buscarClientes({ referenciaExterna: `pessoa:${pessoaId}` });
      expect(noProvedor).toHaveLength(1);
      expect(guardado).toMatchObject({ provedorClienteId: noProvedor[0]!.id, contaOrganizacaoId: null });
      expect(lista.find((i: { referenciaId: number }) => i.referenciaId === pessoaId)).toMatchObject({
        status: 'OK',
        resultado: noProvedor[0]!.id,
      });
    }
  });

  it('reprocesses only the items in error', async () => {
    await t.banco.db.update(schema.pessoa).set({ cpf: cpfValido() }).where(eq(schema.pessoa.id, semCpf));
    const antes = postsDeClientes();
    const r = await req('POST', `/api/processamento-lote/${id}/reprocessar-erros`);
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toMatchObject({ status: 'PENDENTE', sucessos: 3, erros: 0, pendentes: 1 });
    await t.app.lotes.processarTudo();
    expect(await lote(id)).toMatchObject({ status: 'CONCLUIDO', sucessos: 4, erros: 0 });
    expect(postsDeClientes() - antes).toBe(1);
    const semErros = await req('POST', `/api/processamento-lote/${id}/reprocessar-erros`);
    expect(semErros.statusCode).toBe(422);
    expect(semErros.json().codigo).toBe('LOTE_SEM_ITENS');
  });

  it('refuses to undo customers, saying why', async () => {
    const r = await req('POST', `/api/processamento-lote/${id}/desfazer`, {});
    expect(r.statusCode).toBe(422);
    expect(r.json().codigo).toBe('LOTE_DESFAZER_NAO_SUPORTADO');
    expect((await lote(id)).desfazivel).toBe(false);
  });

  it('takes the people of an organization, and lists the batches with filters', async () => {
    const [{ n }] = (await t.banco.db
      .select({ n: sql<number>`count(*)::int` })
      .from(schema.pessoa)
      .where(and(eq(schema.pessoa.organizacaoId, organizacaoId), sql`${schema.pessoa.excluidoEm} is null`))) as [
      { n: number },
    ];
    const porOrganizacao = await criarLote({ organizacaoId, incluirSubarvore: false });
    expect(porOrganizacao.total).toBe(n);
    await req('POST', `/api/processamento-lote/${porOrganizacao.id}/cancelar`);
    const lista = await req('GET', '/api/processamento-lote/paginado?tipo=CLIENTES_ASAAS&status=CONCLUIDO');
    expect(lista.statusCode, lista.body).toBe(200);
    expect(lista.json().itens.map((l: { id: number }) => l.id)).toEqual([id]);
    const csv = await req('GET', '/api/processamento-lote/exportar?tipo=CLIENTES_ASAAS&status=CONCLUIDO');
    expect(csv.statusCode, csv.body).toBe(200);
    const linhas = csv.body.trim().split('\r\n');
    expect(linhas).toHaveLength(2);
    expect(linhas[1]).toMatch(new RegExp(`^${id};Clientes no provedor de pagamentos;.*;Concluído;`));
    const daTela = await req('GET', '/api/clientes-asaas-lote/paginado?status=CANCELADO');
    expect(daTela.json().itens.map((l: { id: number }) => l.id)).toEqual([porOrganizacao.id]);
  });

  it('cancel stops the items not yet worked', async () => {
    const cancelavel = await criarLote({ pessoaIds: [await novaPessoa(), await novaPessoa(), await novaPessoa()] });
    expect(await t.app.lotes.processarProximo()).toBe(true);
    const r = await req('POST', `/api/processamento-lote/${cancelavel.id}/cancelar`);
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toMatchObject({ status: 'CANCELADO', sucessos: 1, pendentes: 2 });
    await t.app.lotes.processarTudo();
    expect((await itens(cancelavel.id)).map((i: { status: string }) => i.status)).toEqual([
      'OK',
      'PENDENTE',
      'PENDENTE',
    ]);
    const outra = await req('POST', `/api/processamento-lote/${cancelavel.id}/cancelar`);
    expect(outra.statusCode).toBe(409);
    expect(outra.json().codigo).toBe('LOTE_SITUACAO_INVALIDA');
  });

  it('after a crash, the worker started on the embedded database finishes the item left in progress without a second customer', async () => {
    const pessoaId = await novaPessoa();
    const outra = await novaPessoa();
    const { id: loteId } = await criarLote({ pessoaIds: [pessoaId, outra] });
    const [p] = await t.banco.db.select().from(schema.pessoa).where(eq(schema.pessoa.id, pessoaId));
    // The dead worker had created the customer and died before recording it.
    const criado = await provedor.criarCliente({
      nome: p!.nome,
      cpfCnpj: p!.cpf!,
      referenciaExterna: `pessoa:${pessoaId}`,
    });
    await t.banco.db
      .update(schema.processamentoLoteItem)
      .set({ status: 'EM_ANDAMENTO', tentativas: 1 })
      .where(
        and(eq(schema.processamentoLoteItem.loteId, loteId), eq(schema.processamentoLoteItem.referenciaId, pessoaId)),
      );
    await t.banco.db
      .update(schema.processamentoLote)
      .set({ status: 'EM_ANDAMENTO' })
      .where(eq(schema.processamentoLote.id, loteId));

    t.app.lotes.iniciar(0);
    try {
      for (let i = 0; i < 200 && (await lote(loteId)).status !== 'CONCLUIDO'; i++)
        await new Promise((r) => setTimeout(r, 25));
    } finally {
      await t.app.lotes.parar();
    }
    expect(await lote(loteId)).toMatchObject({ status: 'CONCLUIDO', sucessos: 2 });
    expect(await provedor.buscarClientes({ cpfCnpj: p!.cpf! })).toHaveLength(1);
    const item = (await itens(loteId)).find((i: { referenciaId: number }) => i.referenciaId === pessoaId);
    expect(item).toMatchObject({ status: 'OK', resultado: criado.id, tentativas: 2 });
  });

  it('leaves alone an item another worker holds within its lease, and takes it once the lease is over', async () => {
    const { id: loteId } = await criarLote({ pessoaIds: [await novaPessoa()] });
    const doLote = eq(schema.processamentoLoteItem.loteId, loteId);
    await t.banco.db.update(schema.processamentoLoteItem).set({ status: 'EM_ANDAMENTO', tentativas: 1 }).where(doLote);
    expect(await t.app.lotes.processarProximo()).toBe(false);
    await t.banco.db
      .update(schema.processamentoLoteItem)
      .set({ atualizadoEm: sql`now() - interval '10 minutes'` })
      .where(doLote);
    expect(await t.app.lotes.processarProximo()).toBe(true);
    expect(await lote(loteId)).toMatchObject({ status: 'CONCLUIDO', sucessos: 1 });
    expect((await itens(loteId))[0]).toMatchObject({ status: 'OK', tentativas: 2 });
  });
});

describe('undo, through a kind that can', () => {
  it('undoes the chosen done items, then the rest; a failed undo is retried by reprocessing; the hub hears it all', async () => {
    const ouvidos: string[] = [];
    const parar = await t.app.deps.ouvir('sig_hub', (carga) => ouvidos.push(carga));
    let falhar = true;
    const [a, b] = [await novaPessoa(), await novaPessoa()];
    // CLIENTES_ASAAS cannot be undone; the framework's undo is checked by lending it one.
    tipoLote('CLIENTES_ASAAS')!.desfazer = async (_deps, item) => {
      if (item.referenciaId === b && falhar) throw new AppError('PROVEDOR_INDISPONIVEL');
    };
    try {
      const { id } = await criarLote({ pessoaIds: [a, b] });
      await t.app.lotes.processarTudo();
      const [itemA] = await itens(id);
      const um = await req('POST', `/api/processamento-lote/${id}/desfazer`, { itemIds: [itemA.id] });
      expect(um.statusCode, um.body).toBe(200);
      expect(um.json()).toMatchObject({ status: 'PENDENTE', sucessos: 1, pendentes: 1, desfazivel: true });
      await t.app.lotes.processarTudo();
      expect(await lote(id)).toMatchObject({ status: 'CONCLUIDO', sucessos: 1, desfeitos: 1 });

      await req('POST', `/api/processamento-lote/${id}/desfazer`, {});
      await t.app.lotes.processarTudo();
      expect(await lote(id)).toMatchObject({ status: 'CONCLUIDO_COM_ERROS', sucessos: 0, erros: 1, desfeitos: 1 });
      expect((await itens(id))[1]).toMatchObject({ status: 'ERRO', acao: 'DESFAZER' });

      falhar = false;
      await req('POST', `/api/processamento-lote/${id}/reprocessar-erros`);
      await t.app.lotes.processarTudo();
      expect(await lote(id)).toMatchObject({ status: 'CONCLUIDO', erros: 0, desfeitos: 2 });
      expect((await itens(id)).map((i: { status: string }) => i.status)).toEqual(['DESFEITO', 'DESFEITO']);
      expect(ouvidos).toContain(JSON.stringify({ tipo: 'processamento_lote', id }));
    } finally {
      delete tipoLote('CLIENTES_ASAAS')!.desfazer;
      await parar();
    }
  });
});

describe('permissions, scope and validation', () => {
  it('answers 403 to a profile without the screens', async () => {
    expect((await req('GET', '/api/processamento-lote/paginado', undefined, paroquia)).statusCode).toBe(403);
    expect((await req('GET', '/api/processamento-lote/exportar', undefined, paroquia)).statusCode).toBe(403);
    expect((await req('POST', '/api/clientes-asaas-lote', { organizacaoId }, paroquia)).statusCode).toBe(403);
  });

  it('answers 404 for batches outside the scope and 400 naming people and organizations outside it', async () => {
    const fora = await organizacaoForaDe(t.banco.db, organizacaoId);
    const pessoaFora = await novaPessoa(cpfValido(), fora);
    const alheio = await criarLote({ pessoaIds: [pessoaFora] }, admin);
    await req('POST', `/api/processamento-lote/${alheio.id}/cancelar`, undefined, admin);
    for (const url of [`/api/processamento-lote/${alheio.id}`, `/api/processamento-lote/${alheio.id}/itens`])
      expect((await req('GET', url)).statusCode).toBe(404);
    expect((await req('POST', `/api/processamento-lote/${alheio.id}/reprocessar-erros`)).statusCode).toBe(404);
    // People and organizations named outside the scope: 400 on their fields.
    expect((await req('POST', '/api/clientes-asaas-lote', { pessoaIds: [pessoaFora] })).statusCode).toBe(400);
    expect((await req('POST', '/api/clientes-asaas-lote', { organizacaoId: fora })).statusCode).toBe(400);
  });

  it('refuses bad input naming the field', async () => {
    const vazio = await req('POST', '/api/clientes-asaas-lote', {});
    expect(vazio.statusCode).toBe(400);
    expect(vazio.json().campos[0]).toMatchObject({
      campo: 'organizacaoId',
      mensagem: 'Informe uma organização ou as pessoas.',
    });
    const semPessoas = await req('POST', '/api/clientes-asaas-lote', { pessoaIds: [] });
    expect(semPessoas.statusCode).toBe(400);
    expect(semPessoas.json().campos[0].campo).toBe('pessoaIds');
    expect((await req('GET', '/api/processamento-lote/paginado?status=QUALQUER')).statusCode).toBe(400);
    expect((await req('POST', '/api/processamento-lote/1/desfazer', { itemIds: ['x'] })).statusCode).toBe(400);
  });
});
