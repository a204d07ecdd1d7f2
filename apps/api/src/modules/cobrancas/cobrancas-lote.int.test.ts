import type { AsaasFake } from '@sig/asaas-fake';
import { schema } from '@sig/db';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppTeste } from '../../../test/app-teste.js';
import { cobrancasNoProvedor, criarAppComAsaas } from '../../../test/asaas-teste.js';
import { organizacaoForaDe, pessoaPorCpf } from '../../../test/fabricas.js';
import type { PaymentProvider } from '../../platform/provedor-pagamento.js';

let t: AppTeste;
let fake: AsaasFake;
let provedor: PaymentProvider;
let admin: string;
let paroquia: string;
let tesouraria: string;
let organizacaoId: number;
let pessoaId: number;
/** Each test's receivables carry their own competence year, so filters pick only them. */
let ano = 2100;

const req = (method: 'GET' | 'POST', url: string, payload?: object, token = tesouraria) =>
  t.req({ method, url, token, payload });

const novasContas = async (valores: string[], org = organizacaoId) => {
  const anoCompetencia = ano++;
  const linhas = await t.banco.db
    .insert(schema.contaAReceber)
    .values(
      valores.map((valorPrevisto, i) => ({
        organizacaoId: org,
        pessoaId,
        tipo: 'CONTRIBUICAO',
        mesCompetencia: i + 1,
        anoCompetencia,
        vencimento: `${anoCompetencia}-${String(i + 1).padStart(2, '0')}-10`,
        valorPrevisto,
      })),
    )
    .returning({ id: schema.contaAReceber.id });
  return { anoCompetencia, ids: linhas.map((l) => l.id) };
};
const criarLote = async (payload: object, token = tesouraria) => {
  const r = await req('POST', '/api/cobrancas-em-lote', { forma: 'BOLETO', ...payload }, token);
  expect(r.statusCode, r.body).toBe(201);
  return r.json();
};
const lote = async (id: number) => (await req('GET', `/api/processamento-lote/${id}`)).json();
/** Works the batches with `simultaneos` workers until batch `id` is done (or `vezes` polls `ms` apart have passed). */
async function trabalharAte(id: number, simultaneos: number, vezes: number, ms: number) {
  t.app.lotes.iniciar(0, simultaneos);
  try {
    for (let i = 0; i < vezes && (await lote(id)).status !== 'CONCLUIDO'; i++)
      await new Promise((r) => setTimeout(r, ms));
  } finally {
    await t.app.lotes.parar();
  }
}
const itens = async (id: number) =>
  (await req('GET', `/api/processamento-lote/${id}/itens?quantidade=100`)).json().itens;
const naFake = (contaId: number) => cobrancasNoProvedor(provedor, contaId);
const contas = (ids: number[]) =>
  t.banco.db
    .select()
    .from(schema.contaAReceber)
    .where(inArray(schema.contaAReceber.id, ids))
    .orderBy(schema.contaAReceber.id);
const postsDeCobranca = () => fake.requisicoes.filter((r) => r.metodo === 'POST' && r.url.endsWith('/payments')).length;

beforeAll(async () => {
  ({ t, fake, provedor } = await criarAppComAsaas());
  [admin, paroquia, tesouraria] = await t.logins('admin', 'paroquia', 'tesouraria');
  const p = await pessoaPorCpf(t.banco.db, '39053344705');
  pessoaId = p!.id;
  organizacaoId = p!.organizacaoId;
});
afterAll(() => t.fechar());

describe('charges in bulk', () => {
  it('previews the count, then charges each receivable at the provider; below the minimum without confirmation is an item error', async () => {
    const { anoCompetencia, ids } = await novasContas(['30.00', '3.00', '45.50']);
    const filtro = { organizacaoId, anoCompetencia };
    const previa = await req('POST', '/api/cobrancas-em-lote/previa', filtro);
    expect(previa.statusCode, previa.body).toBe(200);
    expect(previa.json()).toEqual({ total: 3, abaixoDoMinimo: 1 });

    const criado = await criarLote({ ...filtro, forma: 'PIX' });
    expect(criado).toMatchObject({ tipo: 'COBRANCAS', status: 'PENDENTE', total: 3, desfazivel: true, organizacaoId });
    await t.app.lotes.processarTudo();
    expect(await lote(criado.id)).toMatchObject({ status: 'CONCLUIDO_COM_ERROS', sucessos: 2, erros: 1 });
    const [a, b, c] = await itens(criado.id);
    expect(a).toMatchObject({ status: 'OK', referenciaId: ids[0] });
    expect(a.descricao).toMatch(/ — 01\/\d{4}$/);
    expect(b).toMatchObject({ status: 'ERRO', referenciaId: ids[1] });
    expect(b.erro).toContain('5,00');
    const [pa] = await naFake(ids[0]!);
    expect(pa).toMatchObject({ valor: '30.00', forma: 'PIX' });
    expect(a.resultado).toBe(pa!.id);
    expect(c.resultado).toBe((await naFake(ids[2]!))[0]!.id);
    expect(await naFake(ids[1]!)).toHaveLength(0);
    const [ca, cb, cc] = await contas(ids);
    expect([ca!.cobrancaGerada, cb!.cobrancaGerada, cc!.cobrancaGerada]).toEqual([true, false, true]);
    expect(cb!.cobrancaIniciadaEm).toBeNull();
    // The customer found or made for the first item is kept, and the later ones use it.
    const [cliente] = await t.banco.db
      .select()
      .from(schema.clienteProvedor)
      .where(eq(schema.clienteProvedor.pessoaId, pessoaId));
    expect(cliente!.provedorClienteId).toBe(pa!.clienteId);
    expect(await previaDe(filtro)).toEqual({ total: 1, abaixoDoMinimo: 1 });

    const listado = await req('GET', '/api/cobrancas-em-lote/paginado?quantidade=50');
    expect(listado.json().itens.map((l: { id: number }) => l.id)).toContain(criado.id);
  });

  it('with the confirmation a receivable below the minimum is charged R$ 5,00, in installments when asked', async () => {
    const { ids } = await novasContas(['3.00']);
    const { id } = await criarLote({ contaAReceberIds: ids, confirmarMinimo: true, parcelas: 2 });
    await t.app.lotes.processarTudo();
    expect(await lote(id)).toMatchObject({ status: 'CONCLUIDO', sucessos: 1 });
    const cobradas = await naFake(ids[0]!);
    expect(cobradas).toHaveLength(2);
    expect(cobradas.map((c) => c.valor)).toEqual(['2.50', '2.50']);
    expect((await itens(id))[0].resultado.split(', ')).toHaveLength(2);
  });

  it('an item taken again after a crash finds the charge its first attempt made: no second charge', async () => {
    const { ids } = await novasContas(['20.00', '25.00']);
    const { id } = await criarLote({ contaAReceberIds: ids });
    // The dead worker had reserved the first receivable, charged it at the provider and died.
    const [cliente] = await provedor.buscarClientes({ cpfCnpj: '39053344705' });
    const antes = await provedor.criarCobranca({
      clienteId: cliente!.id,
      forma: 'BOLETO',
      valor: '20.00',
      vencimento: '2099-01-10',
      referenciaExterna: String(ids[0]),
    });
    await t.banco.db
      .update(schema.contaAReceber)
      .set({ cobrancaIniciadaEm: new Date() })
      .where(eq(schema.contaAReceber.id, ids[0]!));
    await t.banco.db
      .update(schema.processamentoLoteItem)
      .set({ status: 'EM_ANDAMENTO', tentativas: 1 })
      .where(and(eq(schema.processamentoLoteItem.loteId, id), eq(schema.processamentoLoteItem.referenciaId, ids[0]!)));
    const posts = postsDeCobranca();
    await trabalharAte(id, 2, 200, 25);
    expect(await lote(id)).toMatchObject({ status: 'CONCLUIDO', sucessos: 2 });
    expect(postsDeCobranca() - posts).toBe(1);
    expect(await naFake(ids[0]!)).toHaveLength(1);
    expect((await itens(id))[0]).toMatchObject({ status: 'OK', resultado: antes.id, tentativas: 2 });
    expect((await contas(ids)).map((c) => c.cobrancaGerada)).toEqual([true, true]);
  });

  it('an item whose earlier attempt finished before the crash is done, not an error', async () => {
    const { ids } = await novasContas(['20.00']);
    const { id } = await criarLote({ contaAReceberIds: ids });
    await t.app.lotes.processarTudo();
    const [feito] = await itens(id);
    await t.banco.db
      .update(schema.processamentoLoteItem)
      .set({ status: 'EM_ANDAMENTO', atualizadoEm: sql`now() - interval '10 minutes'` })
      .where(eq(schema.processamentoLoteItem.id, feito.id));
    await t.banco.db
      .update(schema.processamentoLote)
      .set({ status: 'EM_ANDAMENTO', sucessos: 0 })
      .where(eq(schema.processamentoLote.id, id));
    const posts = postsDeCobranca();
    await t.app.lotes.processarTudo();
    expect(postsDeCobranca()).toBe(posts);
    expect((await itens(id))[0]).toMatchObject({ status: 'OK', resultado: feito.resultado });
    expect(await lote(id)).toMatchObject({ status: 'CONCLUIDO', sucessos: 1 });
  });

  it('undo cancels the charges at the provider and opens the receivables again; a paid one stays, in error', async () => {
    const { ids } = await novasContas(['20.00', '30.00']);
    const { id } = await criarLote({ contaAReceberIds: ids });
    await t.app.lotes.processarTudo();
    const pago = (await naFake(ids[1]!))[0]!;
    fake.confirmar(pago.id);
    await t.banco.db.update(schema.cobranca).set({ status: 'PAGO' }).where(eq(schema.cobranca.provedorId, pago.id));
    const r = await req('POST', `/api/processamento-lote/${id}/desfazer`, {});
    expect(r.statusCode, r.body).toBe(200);
    await t.app.lotes.processarTudo();
    expect(await lote(id)).toMatchObject({ status: 'CONCLUIDO_COM_ERROS', desfeitos: 1, erros: 1 });
    expect(await naFake(ids[0]!)).toHaveLength(0);
    expect(await naFake(ids[1]!)).toHaveLength(1);
    const [aberta, paga] = await contas(ids);
    expect(aberta).toMatchObject({ cobrancaGerada: false, status: 'ABERTO' });
    expect(paga!.cobrancaGerada).toBe(true);
    const [c] = await t.banco.db.select().from(schema.cobranca).where(eq(schema.cobranca.contaAReceberId, ids[0]!));
    expect(c).toMatchObject({ status: 'CANCELADO' });
  });

  it('works several items at once', async () => {
    const { ids } = await novasContas(Array(12).fill('10.00'));
    const { id } = await criarLote({ contaAReceberIds: ids });
    fake.definirAtraso(150);
    try {
      await trabalharAte(id, 4, 400, 20);
    } finally {
      fake.definirAtraso(0);
    }
    expect(await lote(id)).toMatchObject({ status: 'CONCLUIDO', sucessos: 12 });
    // Concurrency is read off the provider, not the clock (a busy machine slows any timing): with
    // 150 ms per request, 4 items at once show as 3+ in flight; the earlier tests never had more than 2.
    expect(fake.picoSimultaneas()).toBeGreaterThanOrEqual(3);
  });
});

const previaDe = async (filtro: object) => (await req('POST', '/api/cobrancas-em-lote/previa', filtro)).json();

describe('permissions, scope and validation', () => {
  it('answers 403 to a profile without the screen', async () => {
    expect((await req('GET', '/api/cobrancas-em-lote/paginado', undefined, paroquia)).statusCode).toBe(403);
    expect((await req('POST', '/api/cobrancas-em-lote/previa', { organizacaoId }, paroquia)).statusCode).toBe(403);
    const r = await req('POST', '/api/cobrancas-em-lote', { organizacaoId, forma: 'PIX' }, paroquia);
    expect(r.statusCode).toBe(403);
  });

  it('answers 400 naming organizations and receivables outside the scope, changing nothing', async () => {
    const fora = await organizacaoForaDe(t.banco.db, organizacaoId);
    const { ids } = await novasContas(['20.00'], fora);
    const [{ n: antes } = { n: 0 }] = await t.banco.db
      .select({ n: sql<number>`count(*)::int` })
      .from(schema.processamentoLote);
    const contasFora = await req('POST', '/api/cobrancas-em-lote', { contaAReceberIds: ids, forma: 'PIX' });
    expect(contasFora.statusCode).toBe(400);
    expect(contasFora.json().campos.map((c: { campo: string }) => c.campo)).toEqual(['contaAReceberIds.0']);
    expect((await req('POST', '/api/cobrancas-em-lote', { organizacaoId: fora, forma: 'PIX' })).statusCode).toBe(400);
    expect((await req('POST', '/api/cobrancas-em-lote/previa', { organizacaoId: fora })).statusCode).toBe(400);
    const [{ n: depois } = { n: 0 }] = await t.banco.db
      .select({ n: sql<number>`count(*)::int` })
      .from(schema.processamentoLote);
    expect(depois).toBe(antes);
    // The administrator reaches it: the same receivables are only out of the treasurer's scope.
    expect((await req('POST', '/api/cobrancas-em-lote/previa', { contaAReceberIds: ids }, admin)).json()).toEqual({
      total: 1,
      abaixoDoMinimo: 0,
    });
  });

  it('refuses bad input naming the field, in the request language', async () => {
    const vazio = await req('POST', '/api/cobrancas-em-lote', { forma: 'PIX' });
    expect(vazio.statusCode).toBe(400);
    expect(vazio.json().campos[0]).toMatchObject({
      campo: 'organizacaoId',
      mensagem: 'Informe uma organização, as pessoas ou as contas a receber.',
    });
    const semForma = await req('POST', '/api/cobrancas-em-lote', { organizacaoId });
    expect(semForma.json().campos.map((c: { campo: string }) => c.campo)).toContain('forma');
    const parcelas = await req('POST', '/api/cobrancas-em-lote', { organizacaoId, forma: 'PIX', parcelas: 12 });
    expect(parcelas.json().campos[0].campo).toBe('parcelas');
    const datas = await t.req({
      method: 'POST',
      url: '/api/cobrancas-em-lote/previa',
      token: tesouraria,
      idioma: 'en',
      payload: { organizacaoId, vencimentoDe: '2099-05-01', vencimentoAte: '2099-04-01' },
    });
    expect(datas.statusCode).toBe(400);
    expect(datas.json().campos[0].campo).toBe('vencimentoAte');
    const nenhuma = await req('POST', '/api/cobrancas-em-lote', { organizacaoId, anoCompetencia: 1901, forma: 'PIX' });
    expect(nenhuma.statusCode).toBe(422);
    expect(nenhuma.json().codigo).toBe('LOTE_SEM_ITENS');
  });
});
