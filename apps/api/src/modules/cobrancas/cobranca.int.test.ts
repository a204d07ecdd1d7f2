import { schema } from '@sig/db';
import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppTeste } from '../../../test/app-teste.js';
import { atalhosDeCobranca, cobrancasNoProvedor, criarAppComAsaas, dadosConta } from '../../../test/asaas-teste.js';
import { pessoaPorCpf } from '../../../test/fabricas.js';
import type { PaymentProvider } from '../../platform/provedor-pagamento.js';

const VENCIMENTO = '2099-03-10';

let t: AppTeste;
let provedor: PaymentProvider;
let tesouraria: string;
let comCpf: number;
/** Runs while the app asks the provider for a charge (a change made meanwhile). */
let antesDeCriar: (() => Promise<void>) | null = null;
/** Runs while the app asks the provider to cancel a charge (a webhook applied meanwhile). */
let antesDeCancelar: (() => Promise<void>) | null = null;
let semCpf: number;

const { req, criarConta, cobrar } = atalhosDeCobranca(
  () => t,
  () => tesouraria,
  () => comCpf,
);
const pagamentosDe = (contaId: number) => cobrancasNoProvedor(provedor, contaId);
const obter = async (id: number) => (await req('GET', `/api/conta-a-receber/${id}`)).json();
const historico = (contaId: number) =>
  t.banco.db
    .select({
      campo: schema.historicoAlteracao.campo,
      antes: schema.historicoAlteracao.valorAnterior,
      depois: schema.historicoAlteracao.valorNovo,
    })
    .from(schema.historicoAlteracao)
    .where(
      and(eq(schema.historicoAlteracao.entidade, 'conta_a_receber'), eq(schema.historicoAlteracao.entidadeId, contaId)),
    )
    .orderBy(asc(schema.historicoAlteracao.id));

beforeAll(async () => {
  ({ t, provedor } = await criarAppComAsaas(
    {},
    {
      embrulhar: (p) =>
        new Proxy(p, {
          get: (alvo, nome, r) =>
            nome === 'criarCobranca'
              ? async (...args: Parameters<PaymentProvider['criarCobranca']>) => {
                  await antesDeCriar?.();
                  return alvo.criarCobranca(...args);
                }
              : nome === 'cancelarCobranca'
                ? async (...args: Parameters<PaymentProvider['cancelarCobranca']>) => {
                    await antesDeCancelar?.();
                    return alvo.cancelarCobranca(...args);
                  }
                : Reflect.get(alvo, nome, r),
        }),
    },
  ));
  tesouraria = await t.login('tesouraria@sig.local');
  const p = await pessoaPorCpf(t.banco.db, '39053344705');
  comCpf = p!.id;
  const [sem] = await t.banco.db
    .insert(schema.pessoa)
    .values({ nome: 'Sem', sobrenome: 'Documento', organizacaoId: p!.organizacaoId })
    .returning({ id: schema.pessoa.id });
  semCpf = sem!.id;
});
afterAll(() => t.fechar());

describe('charges', () => {
  it('charges once at the provider even when asked twice, and locks the receivable', async () => {
    const c = await criarConta();
    const r = await cobrar(c.id);
    expect(r.statusCode, r.body).toBe(201);
    const [cob] = r.json();
    expect(cob).toMatchObject({ contaAReceberId: c.id, forma: 'BOLETO', valor: '30.00', status: 'ABERTO' });
    expect(cob.urlBoleto).toBeTruthy();
    expect((await obter(c.id)).cobrancaGerada).toBe(true);
    expect(await historico(c.id)).toEqual(
      expect.arrayContaining([
        { campo: 'cobrancaGerada', antes: false, depois: true },
        { campo: 'formaPagamento', antes: null, depois: 'BOLETO' },
      ]),
    );
    expect((await cobrar(c.id)).statusCode).toBe(409);
    expect((await req('PUT', `/api/conta-a-receber/${c.id}`, dadosConta({ pessoaId: comCpf }))).statusCode).toBe(409);
    expect(await pagamentosDe(c.id)).toHaveLength(1);
    const linha = await req('GET', `/api/cobranca/${cob.id}/linha-digitavel`);
    expect(linha.statusCode, linha.body).toBe(200);
    expect(linha.json().linhaDigitavel).toMatch(/\d/);
    const pix = await req('GET', `/api/cobranca/${cob.id}/pix`);
    expect(pix.statusCode, pix.body).toBe(200);
    expect(pix.json().copiaECola).toBeTruthy();
  });

  it('two requests at once make one provider charge: the second is refused while the first runs', async () => {
    const c = await criarConta();
    const respostas = await Promise.all([cobrar(c.id), cobrar(c.id)]);
    expect(respostas.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(await pagamentosDe(c.id)).toHaveLength(1);
  });

  it('a receivable changed while the provider is asked still gets its charge, and the history the change', async () => {
    const c = await criarConta();
    antesDeCriar = async () => {
      await t.banco.db
        .update(schema.contaAReceber)
        .set({ formaPagamento: 'PIX' })
        .where(eq(schema.contaAReceber.id, c.id));
    };
    const r = await cobrar(c.id).finally(() => {
      antesDeCriar = null;
    });
    expect(r.statusCode, r.body).toBe(201);
    expect(await obter(c.id)).toMatchObject({ cobrancaGerada: true, formaPagamento: 'BOLETO' });
    expect(await pagamentosDe(c.id)).toHaveLength(1);
    expect(r.json()).toEqual([expect.objectContaining({ provedorId: (await pagamentosDe(c.id))[0]!.id })]);
    expect(await historico(c.id)).toContainEqual({ campo: 'formaPagamento', antes: 'PIX', depois: 'BOLETO' });
  });

  it('after a lost answer, a retry finds the provider charge by our reference instead of creating another', async () => {
    const c = await criarConta();
    const cliente = (await provedor.buscarClientes({ cpfCnpj: '39053344705' }))[0]!;
    await provedor.criarCobranca({
      clienteId: cliente.id,
      forma: 'PIX',
      valor: '30.00',
      vencimento: VENCIMENTO,
      referenciaExterna: String(c.id),
    });
    // The lost answer left the receivable's reservation behind, expired.
    await t.banco.db
      .update(schema.contaAReceber)
      .set({ cobrancaIniciadaEm: sql`now() - interval '3 minutes'` })
      .where(eq(schema.contaAReceber.id, c.id));
    const r = await cobrar(c.id, { forma: 'PIX' });
    expect(r.statusCode, r.body).toBe(201);
    expect(await pagamentosDe(c.id)).toHaveLength(1);
    expect(r.json()[0].provedorId).toBe((await pagamentosDe(c.id))[0]!.id);
  });

  it('refuses a charge below R$ 5,00 unless confirmed, then charges R$ 5,00', async () => {
    const c = await criarConta({ valorPrevisto: '3.00' });
    const recusa = await cobrar(c.id);
    expect(recusa.statusCode).toBe(422);
    expect(recusa.json().codigo).toBe('COBRANCA_VALOR_MINIMO');
    expect(await pagamentosDe(c.id)).toHaveLength(0);
    const ok = await cobrar(c.id, { confirmarMinimo: true });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json()[0].valor).toBe('5.00');
  });

  it('refuses a holder without CPF/CNPJ and 12 installments; splits fewer into one charge each', async () => {
    const sem = await criarConta({ pessoaId: semCpf });
    const r = await cobrar(sem.id);
    expect(r.statusCode).toBe(422);
    expect(r.json().codigo).toBe('TITULAR_SEM_DOCUMENTO');
    const c = await criarConta({ valorPrevisto: '90.00' });
    expect((await cobrar(c.id, { parcelas: 12 })).statusCode).toBe(400);
    const parcelado = await cobrar(c.id, { parcelas: 3 });
    expect(parcelado.statusCode, parcelado.body).toBe(201);
    expect(parcelado.json()).toHaveLength(3);
    expect((await obter(c.id)).parcelas).toBe(3);
  });

  it('charges an organization holder by its CNPJ, and refuses one without it', async () => {
    const dona = (await criarConta()).organizacaoId as number;
    const [titular] = await t.banco.db
      .update(schema.organizacao)
      .set({ cnpj: '11222333000181' })
      .where(eq(schema.organizacao.id, dona))
      .returning({ razaoSocial: schema.organizacao.razaoSocial });
    const c = await criarConta({ pessoaId: undefined, organizacaoTitularId: dona });
    const r = await cobrar(c.id);
    expect(r.statusCode, r.body).toBe(201);
    const [cliente] = await provedor.buscarClientes({ cpfCnpj: '11222333000181' });
    expect(cliente).toMatchObject({ nome: titular!.razaoSocial, referenciaExterna: `organizacao:${dona}` });
    expect((await pagamentosDe(c.id))[0]).toMatchObject({ clienteId: cliente!.id });

    await t.banco.db.update(schema.organizacao).set({ cnpj: null }).where(eq(schema.organizacao.id, dona));
    const sem = await criarConta({ pessoaId: undefined, organizacaoTitularId: dona, mesCompetencia: 4 });
    const recusa = await cobrar(sem.id);
    expect(recusa.statusCode).toBe(422);
    expect(recusa.json().codigo).toBe('TITULAR_SEM_DOCUMENTO');
  });

  it('cancels a pending charge: the receivable is open for a new one, or cancelled when asked', async () => {
    const c = await criarConta();
    const [cob] = (await cobrar(c.id)).json();
    const cancel = await req('DELETE', `/api/cobranca/${cob.id}`);
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(cancel.json().canceladaEm).toBeTruthy();
    expect(await obter(c.id)).toMatchObject({ status: 'ABERTO', cobrancaGerada: false });
    expect(await pagamentosDe(c.id)).toHaveLength(0);
    expect((await req('DELETE', `/api/cobranca/${cob.id}`)).statusCode).toBe(409);
    const [outra] = (await cobrar(c.id, { forma: 'PIX' })).json();
    expect((await req('DELETE', `/api/cobranca/${outra.id}?cancelarConta=true`)).statusCode).toBe(200);
    expect((await obter(c.id)).status).toBe('CANCELADO');
  });

  it('keeps a charge paid while its cancel was under way: the status is read again under the lock', async () => {
    const c = await criarConta();
    const [cob] = (await cobrar(c.id)).json();
    antesDeCancelar = async () => {
      await t.banco.db.update(schema.cobranca).set({ status: 'PAGO' }).where(eq(schema.cobranca.id, cob.id));
    };
    const cancel = await req('DELETE', `/api/cobranca/${cob.id}`).finally(() => {
      antesDeCancelar = null;
    });
    expect(cancel.statusCode, cancel.body).toBe(409);
    expect(cancel.json().codigo).toBe('COBRANCA_NAO_CANCELAVEL');
    const [depois] = await t.banco.db.select().from(schema.cobranca).where(eq(schema.cobranca.id, cob.id));
    expect(depois).toMatchObject({ status: 'PAGO', canceladaEm: null });
  });
});
