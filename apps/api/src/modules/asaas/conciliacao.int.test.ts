import { spawn } from 'node:child_process';
import { once } from 'node:events';
import type { AsaasFake } from '@sig/asaas-fake';
import { schema } from '@sig/db';
import { and, eq, inArray, isNotNull, like, notInArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppTeste, ENV_TESTE } from '../../../test/app-teste.js';
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
import { compararCobrancasAbertas, TAREFA_CONCILIAR } from './conciliacao.js';
import { conferirWebhooks } from './webhook-conta.js';

const TOKEN = 'token-do-webhook-de-teste';

let t: AppTeste;
let fake: AsaasFake;
let tesouraria: string;
let comCpf: number;
let organizacaoId: number;

const req = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
  t.req({ method, url, token: tesouraria, payload });
const criarConta = (extra: Record<string, unknown> = {}) =>
  criarContaPelaApi(t, tesouraria, { pessoaId: comCpf, ...extra });
const cobrar = async (contaAReceberId: number) => {
  const r = await cobrarPelaApi(t, tesouraria, contaAReceberId);
  expect(r.statusCode, r.body).toBe(201);
  return r.json()[0] as { id: number; provedorId: string };
};
/** A charged receivable and, stored but not yet applied, the provider's event saying it is overdue. */
const cobrancaComAvisoDeVencida = async (id: string) => {
  const c = await criarConta();
  const cob = await cobrar(c.id);
  await t.banco.db.insert(schema.eventoProvedor).values({
    id,
    evento: 'PAYMENT_OVERDUE',
    pagamentoId: cob.provedorId,
    payload: { id, event: 'PAYMENT_OVERDUE', payment: { id: cob.provedorId, status: 'OVERDUE' } },
  });
  return { c, cob, id };
};
const obter = async (id: number) => (await req('GET', `/api/conta-a-receber/${id}`)).json();

/**
 * A worker process of its own on the test's PostgreSQL database, running the job's charges
 * comparison in batches of 3, one provider call at a time; answers the run's summary.
 */
function trabalhador() {
  const modulo = (caminho: string) => JSON.stringify(new URL(caminho, import.meta.url).href);
  const config = {
    ...ENV_TESTE,
    ASAAS_API_KEY: fake.chaveApi,
    ASAAS_URL: fake.url,
    ASAAS_MAX_SIMULTANEAS: '1',
  };
  const codigo = `
    const { abrirBanco } = await import('@sig/db');
    const { construirApp } = await import(${modulo('../../app.js')});
    const { lerConfig } = await import(${modulo('../../config.js')});
    const { compararCobrancasAbertas } = await import(${modulo('./conciliacao.js')});
    const banco = await abrirBanco({ url: ${JSON.stringify(t.banco.url)}, maxConexoes: 2 });
    const app = await construirApp({ config: lerConfig(${JSON.stringify(config)}), banco, logger: false });
    const resumo = await compararCobrancasAbertas(app.deps, { lote: 3 });
    await app.close();
    process.stdout.write(JSON.stringify(resumo));`;
  const filho = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', codigo], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let saida = '';
  filho.stdout.on('data', (d) => {
    saida += d;
  });
  const resumo = once(filho, 'exit').then(([codigo]) => {
    if (codigo !== 0) throw new Error(`worker exited with ${codigo}`);
    return JSON.parse(saida) as { comparadas: number; aplicadas: number; falhas: number };
  });
  resumo.catch(() => {});
  return { filho, resumo };
}

beforeAll(async () => {
  // No webhook on the main account here: every payment below is a "lost webhook".
  ({ t, fake } = await criarAppComAsaas({ ASAAS_WEBHOOK_TOKEN: TOKEN, PUBLIC_URL: 'https://sig.example.org' }));
  tesouraria = await t.login('tesouraria@sig.local');
  const p = await pessoaPorCpf(t.banco.db, '39053344705');
  comCpf = p!.id;
  organizacaoId = p!.organizacaoId;
});
afterAll(() => t.fechar());

describe('reconciliation with the provider', () => {
  it('sincronizar applies a payment whose webhook was lost, once', async () => {
    const c = await criarConta();
    const cob = await cobrar(c.id);
    fake.confirmar(cob.provedorId);
    expect((await obter(c.id)).status).toBe('ABERTO');

    const r = await req('POST', `/api/cobranca/${cob.id}/sincronizar`);
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toMatchObject({ status: 'PAGO', statusProvedor: 'RECEIVED' });
    expect(await obter(c.id)).toMatchObject({ status: 'PAGO', valorPago: '30.00' });

    expect((await req('POST', `/api/cobranca/${cob.id}/sincronizar`)).statusCode).toBe(200);
    const eventos = await eventosDoPagamento(t, cob.provedorId);
    expect(eventos).toHaveLength(1);
    expect(eventos[0]!.resultado).toMatch(/^aplicado:PAGO/);
  });

  it('the job compares every open charge, applies what changed and skips what it compared already', async () => {
    const contas = await Promise.all([criarConta(), criarConta(), criarConta()]);
    const cobs = [];
    for (const c of contas) cobs.push(await cobrar(c.id));
    fake.confirmar(cobs[0]!.provedorId);
    fake.vencer(cobs[1]!.provedorId);

    const primeira = await compararCobrancasAbertas(t.app.deps);
    expect(primeira.aplicadas).toBe(2);
    expect(primeira.falhas).toBe(0);
    expect((await obter(contas[0]!.id)).status).toBe('PAGO');
    expect((await obter(contas[1]!.id)).status).toBe('VENCIDO');
    expect((await obter(contas[2]!.id)).status).toBe('ABERTO');

    // A resumed run finds nothing left; a later one compares again and applies nothing twice.
    expect((await compararCobrancasAbertas(t.app.deps)).comparadas).toBe(0);
    const depois = await compararCobrancasAbertas(t.app.deps, { desde: new Date(Date.now() + 1000) });
    expect(depois.aplicadas).toBe(0);
    expect(depois.comparadas).toBeGreaterThanOrEqual(2);
  });

  it("reads an account's open charges a page of 100 at a time and asks only for the others", async () => {
    const n = 250;
    const contas = await t.banco.db
      .insert(schema.contaAReceber)
      .values(
        Array.from({ length: n }, (_, i) => ({
          organizacaoId,
          pessoaId: comCpf,
          tipo: 'OUTROS',
          mesCompetencia: 7,
          anoCompetencia: 2097,
          vencimento: '2097-07-10',
          valorPrevisto: `${10 + (i % 50)}.00`,
          cobrancaGerada: true,
        })),
      )
      .returning({ id: schema.contaAReceber.id, valor: schema.contaAReceber.valorPrevisto });
    const cliente = { id: 'cus_paginas', nome: 'Membro Páginas', cpfCnpj: '39053344705' };
    const ids = contas.map((c) => `pay_paginas${c.id}`);
    fake.importar(
      contas.map((c, i) => ({
        id: ids[i]!,
        cliente,
        valor: Number(c.valor),
        vencimento: '2097-07-10',
        forma: 'BOLETO' as const,
        status: 'PENDING' as const,
        dataPagamento: null,
        dataCredito: null,
        descricao: null,
        criadaEm: '2097-01-01',
      })),
    );
    await t.banco.db.insert(schema.cobranca).values(
      contas.map((c, i) => ({
        contaAReceberId: c.id,
        provedorId: ids[i]!,
        clienteProvedorId: cliente.id,
        forma: 'BOLETO',
        valor: c.valor,
        vencimento: '2097-07-10',
        status: 'ABERTO',
        statusProvedor: 'PENDING',
      })),
    );
    fake.confirmar(ids[7]!);
    fake.confirmar(ids[180]!);
    fake.vencer(ids[99]!);

    const resumo = await compararCobrancasAbertas(t.app.deps, { lote: 40 });
    expect(resumo).toMatchObject({ comparadas: n, aplicadas: 3, falhas: 0 });
    // The pages of PENDING and OVERDUE charges, then one call for each charge paid since.
    expect(resumo.chamadas).toBeLessThanOrEqual(Math.ceil(n / 100) + 2 + 2);
    expect((await obter(contas[7]!.id)).status).toBe('PAGO');
    expect((await obter(contas[180]!.id)).status).toBe('PAGO');
    expect((await obter(contas[99]!.id)).status).toBe('VENCIDO');
    const marcadas = await t.banco.db
      .select({ id: schema.cobranca.id })
      .from(schema.cobranca)
      .where(and(inArray(schema.cobranca.provedorId, ids), isNotNull(schema.cobranca.conciliadaEm)));
    expect(marcadas).toHaveLength(n);
  });

  it("the run sent at a worker's start leaves the charges to the schedule", async () => {
    const c = await criarConta();
    const cob = await cobrar(c.id);
    fake.confirmar(cob.provedorId);
    const tarefa = { id: 'inicio', tentativa: 1, ultima: false, sinal: new AbortController().signal };
    const inicio = await TAREFA_CONCILIAR.executar(t.app.deps, { ...tarefa, dados: { inicio: true } });
    expect(inicio).toMatchObject({ cobrancas: null });
    expect((await obter(c.id)).status).toBe('ABERTO');
    await TAREFA_CONCILIAR.executar(t.app.deps, { ...tarefa, dados: {} });
    expect((await obter(c.id)).status).toBe('PAGO');
  });

  it('a payment for a charge cancelled in SIG is recorded as an exception, not ignored', async () => {
    const c = await criarConta();
    const cob = await cobrar(c.id);
    expect((await req('DELETE', `/api/cobranca/${cob.id}`)).statusCode).toBe(200);
    const evento = {
      id: 'evt_pago_cancelada',
      event: 'PAYMENT_RECEIVED',
      payment: { id: cob.provedorId, status: 'RECEIVED', value: 30, paymentDate: '2099-03-05' },
    };
    const r = await t.req({
      method: 'POST',
      url: '/api/webhooks/asaas',
      headers: { 'asaas-access-token': TOKEN },
      payload: evento,
    });
    expect(r.statusCode).toBe(200);
    const { processarEvento } = await import('./webhook.service.js');
    expect(await processarEvento(t.app.deps, 'evt_pago_cancelada')).toBe(`pagamento-sem-cobranca:cancelada:${cob.id}`);
    const desconhecido = { ...evento, id: 'evt_pago_desconhecida', payment: { ...evento.payment, id: 'pay_alheio' } };
    await t.req({
      method: 'POST',
      url: '/api/webhooks/asaas',
      headers: { 'asaas-access-token': TOKEN },
      payload: desconhecido,
    });
    expect(await processarEvento(t.app.deps, 'evt_pago_desconhecida')).toBe('pagamento-sem-cobranca:desconhecida');
  });

  it('a charge cancel and the webhook of its payment, at once, both finish', async () => {
    const { processarEvento } = await import('./webhook.service.js');
    for (let i = 0; i < 5; i++) {
      const { cob, id } = await cobrancaComAvisoDeVencida(`evt_corrida_${i}`);
      const [cancelado, aplicado] = await Promise.all([
        req('DELETE', `/api/cobranca/${cob.id}`),
        processarEvento(t.app.deps, id),
      ]);
      expect(cancelado.statusCode, cancelado.body).toBe(200);
      expect(aplicado).toMatch(/^(aplicado:VENCIDO|cobranca-desconhecida)/);
    }
  });

  // On PGlite (one connection) the two never overlap; on PostgreSQL they do, in every order.
  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'on PostgreSQL, a cancel and the webhook of the same charge, at once, many times: no deadlock, one end state',
    async () => {
      const { processarEvento } = await import('./webhook.service.js');
      for (let i = 0; i < 40; i++) {
        const { c, cob, id } = await cobrancaComAvisoDeVencida(`evt_corrida_pg_${i}`);
        // The event starts a little later each time, so that its locks meet the cancel's at every step.
        const [cancelado, aplicado] = await Promise.all([
          req('DELETE', `/api/cobranca/${cob.id}`),
          new Promise((ok) => setTimeout(ok, i % 8)).then(() => processarEvento(t.app.deps, id)),
        ]);
        expect(cancelado.statusCode, cancelado.body).toBe(200);
        expect(aplicado).toMatch(/^(aplicado:VENCIDO|cobranca-desconhecida)$/);
        const [charge] = await t.banco.db.select().from(schema.cobranca).where(eq(schema.cobranca.id, cob.id));
        expect(charge).toMatchObject({ status: 'CANCELADO', statusProvedor: 'DELETED' });
        expect(charge!.canceladaEm).not.toBeNull();
        const conta = await obter(c.id);
        expect(conta.cobrancaGerada).toBe(false);
        // Overdue before the cancel keeps the receivable overdue; cancelled first, the event finds no charge.
        expect(conta.status).toBe(aplicado === 'aplicado:VENCIDO' ? 'VENCIDO' : 'ABERTO');
        const [evento] = await t.banco.db.select().from(schema.eventoProvedor).where(eq(schema.eventoProvedor.id, id));
        expect(evento).toMatchObject({ resultado: aplicado, erro: null, tentativas: 1 });
      }
    },
    120_000,
  );

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'on PostgreSQL, a worker killed (SIGKILL) mid-run: the next run goes on where it stopped, nothing applied twice',
    async () => {
      const cobs: { id: number; provedorId: string }[] = [];
      for (let i = 0; i < 12; i++) cobs.push(await cobrar((await criarConta()).id));
      const ids = cobs.map((c) => c.id);
      // What earlier tests left open is no part of these runs.
      await t.banco.db
        .update(schema.cobranca)
        .set({ conciliadaEm: new Date() })
        .where(notInArray(schema.cobranca.id, ids));
      // Changes in every batch of 3, the third (the one in hand at the kill) among them.
      const pagas = [1, 4, 7, 10].map((i) => cobs[i]!);
      const vencidas = [6, 8].map((i) => cobs[i]!);
      for (const c of pagas) fake.confirmar(c.provedorId);
      for (const c of vencidas) fake.vencer(c.provedorId);
      const marcadas = async () =>
        (
          await t.banco.db
            .select({ id: schema.cobranca.id })
            .from(schema.cobranca)
            .where(and(inArray(schema.cobranca.id, ids), isNotNull(schema.cobranca.conciliadaEm)))
        ).length;
      fake.definirAtraso(150);
      try {
        const primeiro = trabalhador();
        while ((await marcadas()) < 6) await new Promise((ok) => setTimeout(ok, 10));
        primeiro.filho.kill('SIGKILL');
        await once(primeiro.filho, 'exit');
        const antes = await marcadas();
        expect(antes).toBeGreaterThanOrEqual(6);
        expect(antes).toBeLessThan(12);
        const resumo = await trabalhador().resumo;
        expect(resumo).toMatchObject({ comparadas: 12 - antes, falhas: 0 });
      } finally {
        fake.definirAtraso(0);
      }
      expect(await marcadas()).toBe(12);
      const estados = await t.banco.db
        .select({ id: schema.cobranca.id, status: schema.cobranca.status })
        .from(schema.cobranca)
        .where(inArray(schema.cobranca.id, ids));
      const esperado = (id: number) =>
        pagas.some((c) => c.id === id) ? 'PAGO' : vencidas.some((c) => c.id === id) ? 'VENCIDO' : 'ABERTO';
      for (const e of estados) expect(e.status).toBe(esperado(e.id));
      const eventos = await t.banco.db
        .select({ pagamentoId: schema.eventoProvedor.pagamentoId, resultado: schema.eventoProvedor.resultado })
        .from(schema.eventoProvedor)
        .where(
          and(
            like(schema.eventoProvedor.id, 'sinc_%'),
            inArray(
              schema.eventoProvedor.pagamentoId,
              cobs.map((c) => c.provedorId),
            ),
          ),
        );
      expect(eventos).toHaveLength(6);
      expect(new Set(eventos.map((e) => e.pagamentoId)).size).toBe(6);
      for (const e of eventos) expect(e.resultado).toMatch(/^aplicado:(PAGO|VENCIDO)/);
    },
    // Two processes start (and compile) on a machine shared with other work.
    300_000,
  );

  it('a new sub-account gets our webhook; a missing or broken one is repaired by the reconciliation', async () => {
    const r = await req('POST', '/api/subconta', dadosSubconta(organizacaoId));
    expect(r.statusCode, r.body).toBe(201);
    const { chave } = await chaveDaSubconta(t, organizacaoId);
    const webhooks = async () => (await naSubconta(fake, chave, '/webhooks')).data;
    const [wh] = await webhooks();
    expect(wh).toMatchObject({
      name: 'SIG',
      url: 'https://sig.example.org/api/webhooks/asaas',
      authToken: TOKEN,
      enabled: true,
    });
    expect(wh.events).toContain('PAYMENT_RECEIVED');
    const [s] = await t.banco.db.select().from(schema.subconta).where(eq(schema.subconta.id, r.json().id));
    expect(s!.webhookConferidoEm).not.toBeNull();

    await naSubconta(fake, chave, `/webhooks/${wh.id}`, 'DELETE');
    expect(await conferirWebhooks(t.app.deps)).toEqual({ reparados: 1, falhas: 0 });
    expect(await webhooks()).toHaveLength(1);
    expect(await conferirWebhooks(t.app.deps)).toEqual({ reparados: 0, falhas: 0 });

    // Its charges are compared through its own key.
    const c = await criarConta();
    const cob = await cobrar(c.id);
    fake.confirmar(cob.provedorId, chave);
    await compararCobrancasAbertas(t.app.deps);
    expect((await obter(c.id)).status).toBe('PAGO');
    const sinc = await t.banco.db.select().from(schema.eventoProvedor).where(like(schema.eventoProvedor.id, 'sinc_%'));
    expect(new Set(sinc.map((e) => e.id)).size).toBe(sinc.length);
  });
});
