import net from 'node:net';
import type { AsaasFake } from '@sig/asaas-fake';
import { schema } from '@sig/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppTeste } from '../../../test/app-teste.js';
import {
  chaveDaSubconta,
  cobrarPelaApi,
  criarAppComAsaas,
  criarContaPelaApi,
  dadosSubconta,
  eventosDoPagamento,
  naSubconta,
} from '../../../test/asaas-teste.js';
import { pessoaPorCpf } from '../../../test/fabricas.js';
import { contaCaixaPelaApi, periodoPelaApi, planoContaPelaApi } from '../../../test/financeiro.js';

/**
 * A parish's payments through its own sub-account (issue 17 item 2), end to end over HTTP: the
 * sub-account created through `/subconta`, its charge, the holder paying at the provider, the
 * webhook SIG put on the sub-account delivering to SIG, and the money reconciled.
 */
const TOKEN = 'token-do-webhook-da-subconta';

let t: AppTeste;
let fake: AsaasFake;
let tesouraria: string;
let organizacaoId: number;
let pessoaId: number;

/** A port the system has free now (the app listens on it; its public address names it). */
const portaLivre = () =>
  new Promise<number>((ok, falha) => {
    const s = net.createServer();
    s.once('error', falha);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => ok(port));
    });
  });

const req = (method: 'GET' | 'POST', url: string, payload?: object) =>
  t.req({ method, url, token: tesouraria, payload });
const hojeNoBrasil = () => new Date().toLocaleDateString('sv-SE', { timeZone: 'America/Sao_Paulo' });

beforeAll(async () => {
  const porta = await portaLivre();
  ({ t, fake } = await criarAppComAsaas(
    { ASAAS_WEBHOOK_TOKEN: TOKEN, PUBLIC_URL: `http://127.0.0.1:${porta}` },
    { fake: { webhookIntervaloMs: 50 }, trabalhar: true },
  ));
  await t.app.listen({ port: porta, host: '127.0.0.1' });
  [tesouraria] = await t.logins('tesouraria');
  const p = await pessoaPorCpf(t.banco.db, '39053344705');
  organizacaoId = p!.organizacaoId;
  pessoaId = p!.id;
  // An app with its worker and a listening server: slow to start on a busy machine.
}, 300_000);
afterAll(() => t.fechar());

describe("a sub-account's payment", () => {
  it('is heard through the webhook SIG put on the sub-account: paid, posted to the ledger, receipted', async () => {
    const hoje = hojeNoBrasil();
    const caixa = (
      await contaCaixaPelaApi(t, tesouraria, { nome: 'Caixa da paróquia', dataSaldoInicial: '2020-01-01' })
    ).id;
    const plano = (await planoContaPelaApi(t, tesouraria, { codigoInterno: 'RS1', nome: 'Contribuições da subconta' }))
      .id;
    await periodoPelaApi(t, tesouraria, caixa, hoje, hoje);
    await t.banco.db
      .update(schema.organizacao)
      .set({ lancamentoCaixaAutomatico: true, contaCaixaEntradaId: caixa, contaCreditoId: plano })
      .where(eq(schema.organizacao.id, organizacaoId));

    const subconta = await req('POST', '/api/subconta', dadosSubconta(organizacaoId));
    expect(subconta.statusCode, subconta.body).toBe(201);
    // The key came once, in the provider's answer; SIG keeps it encrypted and acts with it.
    const { chave } = await chaveDaSubconta(t, organizacaoId);
    const { data: webhooks } = await naSubconta(fake, chave, '/webhooks');
    expect(webhooks).toEqual([
      expect.objectContaining({ url: `${t.app.deps.config.publicUrl}/api/webhooks/asaas`, enabled: true }),
    ]);

    const conta = await criarContaPelaApi(t, tesouraria, {
      pessoaId,
      vencimento: hoje,
      valorPrevisto: '87.40',
      descricao: 'Dízimo pela subconta',
    });
    const cobrado = await cobrarPelaApi(t, tesouraria, conta.id, { forma: 'PIX' });
    expect(cobrado.statusCode, cobrado.body).toBe(201);
    const [cob] = cobrado.json();
    // The charge lives on the sub-account, not on the main one.
    expect((await naSubconta(fake, chave, `/payments/${cob.provedorId}`)).status).toBe('PENDING');
    expect(() => fake.confirmar(cob.provedorId)).toThrow();

    // The holder pays through the charge's invoice link.
    expect((await fetch(`${cob.urlFatura}/pagar`, { method: 'POST' })).status).toBe(200);
    const obter = async () => (await req('GET', `/api/conta-a-receber/${conta.id}`)).json();
    for (let i = 0; i < 400 && (await obter()).status !== 'PAGO'; i++) await new Promise((x) => setTimeout(x, 25));
    expect(await obter()).toMatchObject({ status: 'PAGO', valorPago: '87.40' });
    expect((await req('GET', `/api/cobranca/${cob.id}`)).json()).toMatchObject({
      status: 'PAGO',
      statusProvedor: 'RECEIVED',
    });
    const eventos = await eventosDoPagamento(t, cob.provedorId);
    const recebido = eventos.find((e) => e.evento === 'PAYMENT_RECEIVED');
    expect(recebido?.processadoEm).toBeTruthy();

    const lc = schema.lancamentoCaixa;
    const [lancado] = await t.banco.db.select().from(lc).where(eq(lc.origemId, conta.id));
    expect(lancado).toMatchObject({
      origem: 'CONTA_A_RECEBER',
      contaCaixaId: caixa,
      data: hoje,
      valor: '87.40',
      historico: 'Recebimento: Dízimo pela subconta',
    });
    const recibo = await req('POST', '/api/recibo', { contaAReceberIds: [conta.id], data: hoje });
    expect(recibo.statusCode, recibo.body).toBe(201);
    expect(recibo.json()).toMatchObject({ total: '87.40' });
  }, 120_000);
});
