import type { AsaasFake } from '@sig/asaas-fake';
import { hojeNoBrasil } from '@sig/contracts';
import { schema } from '@sig/db';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppTeste } from '../../../test/app-teste.js';
import { atalhosDeCobranca, criarAppComAsaas, eventosDoPagamento } from '../../../test/asaas-teste.js';
import { pessoaPorCpf } from '../../../test/fabricas.js';
import { contaCaixaPelaApi, periodoPelaApi, planoContaPelaApi } from '../../../test/financeiro.js';

const TOKEN = 'token-do-webhook-de-teste';

let t: AppTeste;
let fake: AsaasFake;
let admin: string;
let tesouraria: string;
let comCpf: number;

const { req, criarConta, cobrar } = atalhosDeCobranca(
  () => t,
  () => tesouraria,
  () => comCpf,
);
const webhook = (payload: object, token = TOKEN) =>
  t.req({ method: 'POST', url: '/api/webhooks/asaas', headers: { 'asaas-access-token': token }, payload });
/** Events are applied after the answer: wait until none is left. */
const aplicados = async () => {
  for (let i = 0; i < 200; i++) {
    const pendentes = await t.banco.db
      .select({ id: schema.eventoProvedor.id })
      .from(schema.eventoProvedor)
      .where(isNull(schema.eventoProvedor.processadoEm));
    if (!pendentes.length) return;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error('webhook events not applied');
};
const obter = async (id: number) => (await req('GET', `/api/conta-a-receber/${id}`)).json();

beforeAll(async () => {
  ({ t, fake } = await criarAppComAsaas(
    { ASAAS_WEBHOOK_TOKEN: TOKEN },
    { fake: { webhookIntervaloMs: 50 }, trabalhar: true },
  ));
  [admin, tesouraria] = await t.logins('admin', 'tesouraria');
  const p = await pessoaPorCpf(t.banco.db, '39053344705');
  comCpf = p!.id;
});
afterAll(() => t.fechar());

describe('provider webhooks', () => {
  it('refuses a wrong or missing token', async () => {
    const evento = { id: 'evt_x', event: 'PAYMENT_RECEIVED', payment: { id: 'pay_x', status: 'RECEIVED' } };
    expect((await webhook(evento, 'outro-token-qualquer-aqui')).statusCode).toBe(401);
    const sem = await t.req({ method: 'POST', url: '/api/webhooks/asaas', payload: evento });
    expect(sem.statusCode).toBe(401);
    expect((await webhook({ nada: true }, 'outro-token-qualquer-aqui')).statusCode).toBe(401);
    expect((await webhook({ nada: true })).statusCode).toBe(400);
  });

  it('applies an event once, and a stale one never moves a charge backwards', async () => {
    const c = await criarConta();
    const [cob] = (await cobrar(c.id)).json();
    const pago = {
      id: 'evt_pago_1',
      event: 'PAYMENT_RECEIVED',
      dateCreated: '2099-03-05 10:00:00',
      payment: {
        id: cob.provedorId,
        status: 'RECEIVED',
        value: 30,
        paymentDate: '2099-03-05',
        creditDate: '2099-03-06',
        campoNovo: 'ignorado',
      },
    };
    expect((await webhook(pago)).statusCode).toBe(200);
    expect((await webhook(pago)).statusCode).toBe(200);
    const vencido = {
      id: 'evt_vencido_1',
      event: 'PAYMENT_OVERDUE',
      dateCreated: '2099-03-04 00:00:00',
      payment: { id: cob.provedorId, status: 'OVERDUE', value: 30 },
    };
    expect((await webhook(vencido)).statusCode).toBe(200);
    await aplicados();
    expect(await obter(c.id)).toMatchObject({
      status: 'PAGO',
      valorPago: '30.00',
      dataPagamento: '2099-03-05',
      dataCredito: '2099-03-06',
    });
    const eventos = await eventosDoPagamento(t, cob.provedorId);
    expect(eventos).toHaveLength(2);
  });

  it('an installment plan is paid when every installment is; a refund follows; the history shows it', async () => {
    const c = await criarConta({ valorPrevisto: '90.00' });
    const parcelas = (await cobrar(c.id, { parcelas: 3 })).json() as { provedorId: string }[];
    const evento = (n: number, event: string, status: string, dia: string) => ({
      id: `evt_parcela_${c.id}_${n}_${status}`,
      event,
      dateCreated: `2099-03-${dia} 10:00:00`,
      payment: { id: parcelas[n]!.provedorId, status, value: 30, paymentDate: `2099-03-${dia}` },
    });
    await webhook(evento(0, 'PAYMENT_RECEIVED', 'RECEIVED', '05'));
    await aplicados();
    expect(await obter(c.id)).toMatchObject({ status: 'ABERTO', valorPago: '30.00' });
    await webhook(evento(1, 'PAYMENT_RECEIVED', 'RECEIVED', '06'));
    await webhook(evento(2, 'PAYMENT_CONFIRMED', 'CONFIRMED', '07'));
    await aplicados();
    expect(await obter(c.id)).toMatchObject({ status: 'PAGO', valorPago: '90.00', dataPagamento: '2099-03-07' });
    await webhook(evento(2, 'PAYMENT_REFUNDED', 'REFUNDED', '08'));
    await aplicados();
    expect((await obter(c.id)).status).toBe('ESTORNADO');
    const historico = await req('GET', `/api/auditoria-acesso/historico/conta_a_receber/${c.id}`, undefined, admin);
    expect(historico.statusCode, historico.body).toBe(200);
    expect(
      historico
        .json()
        .some((h: { campo: string; valorNovo: unknown }) => h.campo === 'status' && h.valorNovo === 'PAGO'),
    ).toBe(true);
  });

  it('the reconciliation gives an event stored without a job (before the job layer) one, and it is applied', async () => {
    const c = await criarConta();
    const [cob] = (await cobrar(c.id)).json();
    await t.banco.db.insert(schema.eventoProvedor).values({
      id: 'evt_pendente_1',
      evento: 'PAYMENT_OVERDUE',
      pagamentoId: cob.provedorId,
      payload: { id: 'evt_pendente_1', event: 'PAYMENT_OVERDUE', payment: { id: cob.provedorId, status: 'OVERDUE' } },
    });
    await t.app.deps.tarefas.enviar('asaas.conciliar', {});
    await aplicados();
    expect((await obter(c.id)).status).toBe('VENCIDO');
  });

  it('a failed application (a deadlock) is retried by itself after its backoff, and applied once', async () => {
    const c = await criarConta();
    const [cob] = (await cobrar(c.id)).json();
    // The first update of a charge fails as a deadlock would; a sequence counts outside the rolled-back transaction.
    const executar = (...comandos: string[]) => Promise.all(comandos.map((c) => t.banco.db.execute(sql.raw(c))));
    await executar('create sequence falha_webhook');
    await executar(`create function falhar_uma_vez() returns trigger language plpgsql as $$
        begin
          if nextval('falha_webhook') = 1 then raise exception 'deadlock detected (teste)' using errcode = '40P01'; end if;
          return new;
        end $$`);
    await executar(
      'create trigger falhar_uma_vez before update on cobranca for each row execute function falhar_uma_vez()',
    );
    try {
      const id = 'evt_retentado_1';
      const evento = {
        id,
        event: 'PAYMENT_RECEIVED',
        dateCreated: '2099-03-05 10:00:00',
        payment: { id: cob.provedorId, status: 'RECEIVED', value: 30, paymentDate: '2099-03-05' },
      };
      expect((await webhook(evento)).statusCode).toBe(200);
      const ev = schema.eventoProvedor;
      const estado = async () => (await t.banco.db.select().from(ev).where(eq(ev.id, id)))[0]!;
      const tarefa = async () =>
        (
          (await t.banco.db.execute(
            sql`select state::text as state, retry_count, start_after > now() + interval '1 second' as adiada
                from pgboss.job where name = 'asaas.aplicar-evento' and singleton_key = ${id}`,
          )) as unknown as { rows: { state: string; retry_count: number; adiada: boolean }[] }
        ).rows;
      await expect.poll(async () => (await estado()).tentativas, { timeout: 10_000 }).toBe(1);
      expect(await estado()).toMatchObject({ processadoEm: null, erro: 'deadlock detected (teste)' });
      // Waiting out its backoff, not run again at once.
      expect(await tarefa()).toEqual([{ state: 'retry', retry_count: 0, adiada: true }]);
      expect((await obter(c.id)).status).toBe('ABERTO');
      // The wait is over (no test waits for real backoff seconds): the worker takes it again by itself.
      await t.banco.db.execute(
        sql`update pgboss.job set start_after = now() where name = 'asaas.aplicar-evento' and singleton_key = ${id}`,
      );
      await aplicados();
      expect(await obter(c.id)).toMatchObject({ status: 'PAGO', valorPago: '30.00' });
      expect(await estado()).toMatchObject({
        tentativas: 2,
        erro: null,
        resultado: 'aplicado:PAGO;sem-lancamento-automatico',
      });
      expect(await tarefa()).toMatchObject([{ state: 'completed', retry_count: 1 }]);
      // A repeat delivery and a stray second job change nothing: the event was applied once.
      expect((await webhook(evento)).statusCode).toBe(200);
      await t.app.deps.tarefas.enviar('asaas.aplicar-evento', { eventoId: id }, { chave: id });
      await expect
        .poll(async () => (await tarefa()).filter((x) => x.state === 'completed').length, { timeout: 10_000 })
        .toBe(2);
      const h = schema.historicoAlteracao;
      const pagos = await t.banco.db
        .select()
        .from(h)
        .where(
          and(
            eq(h.entidade, 'conta_a_receber'),
            eq(h.entidadeId, c.id),
            eq(h.campo, 'status'),
            sql`${h.valorNovo} = '"PAGO"'`,
          ),
        );
      expect(pagos).toHaveLength(1);
      expect((await estado()).tentativas).toBe(2);
    } finally {
      await executar('drop trigger falhar_uma_vez on cobranca');
      await executar('drop function falhar_uma_vez()', 'drop sequence falha_webhook');
    }
  });

  it('a sandbox payment reaches the app as a delivered webhook and marks the receivable paid', async () => {
    const endereco = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const r = await fetch(`${fake.url}/webhooks`, {
      method: 'POST',
      headers: { access_token: fake.chaveApi, 'content-type': 'application/json', 'user-agent': 'teste' },
      body: JSON.stringify({
        name: 'SIG',
        url: `${endereco}/api/webhooks/asaas`,
        email: 'tesouraria@sig.local',
        authToken: TOKEN,
        events: ['PAYMENT_RECEIVED', 'PAYMENT_CONFIRMED', 'PAYMENT_OVERDUE'],
      }),
    });
    expect(r.status).toBe(200);
    const c = await criarConta();
    const [cob] = (await cobrar(c.id, { forma: 'PIX' })).json();
    fake.confirmar(cob.provedorId);
    for (let i = 0; i < 200 && (await obter(c.id)).status !== 'PAGO'; i++) await new Promise((x) => setTimeout(x, 25));
    expect(await obter(c.id)).toMatchObject({ status: 'PAGO', valorPago: '30.00' });
    expect((await req('GET', `/api/cobranca/${cob.id}`)).json()).toMatchObject({
      status: 'PAGO',
      statusProvedor: 'RECEIVED',
    });
  });
});

describe('automatic cash posting', () => {
  it('a paid receivable becomes money in; without a period it waits pending; a refund reverses it', async () => {
    const caixa = (
      await contaCaixaPelaApi(t, tesouraria, { nome: 'Caixa dos recebimentos', dataSaldoInicial: '2099-01-01' })
    ).id;
    const plano = (await planoContaPelaApi(t, tesouraria, { codigoInterno: 'R1', nome: 'Contribuições' })).id;
    await periodoPelaApi(t, tesouraria, caixa, '2099-04-01', '2099-04-30');
    const pagar = async (extra: Record<string, unknown>, credito: string, n: number) => {
      const c = await criarConta(extra);
      const [cob] = (await cobrar(c.id)).json();
      await webhook({
        id: `evt_caixa_${n}`,
        event: 'PAYMENT_RECEIVED',
        dateCreated: `${credito} 10:00:00`,
        payment: { id: cob.provedorId, status: 'RECEIVED', value: 30, paymentDate: credito, creditDate: credito },
      });
      await aplicados();
      return c;
    };
    const o = schema.organizacao;
    const dono = (await criarConta()).organizacaoId as number;
    await t.banco.db
      .update(o)
      .set({ lancamentoCaixaAutomatico: true, contaCaixaEntradaId: caixa, contaCreditoId: plano })
      .where(eq(o.id, dono));
    try {
      const c = await pagar({ vencimento: '2099-04-10', descricao: 'Contribuição de abril' }, '2099-04-12', 1);
      const lc = schema.lancamentoCaixa;
      const [lancado] = await t.banco.db.select().from(lc).where(eq(lc.origemId, c.id));
      expect(lancado).toMatchObject({
        origem: 'CONTA_A_RECEBER',
        contaCaixaId: caixa,
        planoContaId: plano,
        data: '2099-04-12',
        valor: '30.00',
        tipo: 'ENTRADA',
        historico: 'Recebimento: Contribuição de abril',
        pessoaId: comCpf,
      });
      // May has no period: the payment is recorded and its entry waits as a pending posting...
      const maio = await pagar({ vencimento: '2099-05-10' }, '2099-05-02', 2);
      expect(await obter(maio.id)).toMatchObject({ status: 'PAGO' });
      expect(await t.banco.db.select().from(lc).where(eq(lc.origemId, maio.id))).toEqual([]);
      const [evento] = await t.banco.db
        .select({ resultado: schema.eventoProvedor.resultado })
        .from(schema.eventoProvedor)
        .where(eq(schema.eventoProvedor.id, 'evt_caixa_2'));
      expect(evento!.resultado).toMatch(/pendente:\d+/);
      const lp = schema.lancamentoPendente;
      const [pendente] = await t.banco.db.select().from(lp).where(eq(lp.origemId, maio.id));
      expect(pendente).toMatchObject({
        data: '2099-05-02',
        valor: '30.00',
        motivo: 'PERIODO_INEXISTENTE',
        lancadoEm: null,
      });
      // ...posted when a period holding its date opens.
      await periodoPelaApi(t, tesouraria, caixa, '2099-05-01', '2099-05-31');
      const [postado] = await t.banco.db.select().from(lc).where(eq(lc.origemId, maio.id));
      expect(postado).toMatchObject({ data: '2099-05-02', valor: '30.00', contaCaixaId: caixa });
      const [depois] = await t.banco.db.select().from(lp).where(eq(lp.id, pendente!.id));
      expect(depois!.lancamentoId).toBe(postado!.id);

      // A refund at the provider reverses the April entry and cancels the receipt that held it.
      const recibo = await req('POST', '/api/recibo', { contaAReceberIds: [c.id], data: '2099-04-20' });
      expect(recibo.statusCode, recibo.body).toBe(201);
      const [cobAbril] = (await req('GET', `/api/cobranca?contaAReceberId=${c.id}`)).json();
      // The reversal is dated the day in Brazil (between 21:00 and 24:00 there, UTC is a day ahead).
      const hoje = hojeNoBrasil();
      await periodoPelaApi(t, tesouraria, caixa, hoje, hoje);
      await webhook({
        id: 'evt_caixa_reembolso',
        event: 'PAYMENT_REFUNDED',
        dateCreated: '2099-04-25 10:00:00',
        payment: { id: cobAbril.provedorId, status: 'REFUNDED', value: 30 },
      });
      await aplicados();
      expect(await obter(c.id)).toMatchObject({ status: 'ESTORNADO' });
      const linhas = await t.banco.db.select().from(lc).where(eq(lc.contaCaixaId, caixa));
      const original = linhas.find((l) => l.id === lancado!.id)!;
      expect(original.estornadoEm).not.toBeNull();
      expect(linhas.find((l) => l.estornoDeId === lancado!.id)).toMatchObject({ valor: '-30.00', data: hoje });
      const rec = (await req('GET', `/api/recibo/${recibo.json().id}`)).json();
      expect(rec.estornadoEm).toBeTruthy();
      expect(rec.justificativaEstorno).toBe('Pagamento estornado no provedor (PAYMENT_REFUNDED)');
      // The reasons the system wrote are stored as keys: an English reader reads them in English,
      // on the receipt, in the receipts list and on the reversed entries.
      const emIngles = (url: string) => t.req({ method: 'GET', url, token: tesouraria, idioma: 'en' });
      expect((await emIngles(`/api/recibo/${recibo.json().id}`)).json().justificativaEstorno).toBe(
        'Payment refunded at the provider (PAYMENT_REFUNDED)',
      );
      const lista = (await emIngles(`/api/recibo/paginado?pessoaId=${comCpf}&pagina=1&quantidade=100`)).json();
      expect(lista.itens.find((r: { id: number }) => r.id === recibo.json().id).justificativaEstorno).toBe(
        'Payment refunded at the provider (PAYMENT_REFUNDED)',
      );
      const livro = (
        await emIngles(`/api/lancamento-caixa/paginado?contaCaixaId=${caixa}&pagina=1&quantidade=100`)
      ).json();
      expect(livro.itens.find((l: { id: number }) => l.id === lancado!.id)).toMatchObject({
        justificativaEstorno: 'Payment refunded at the provider',
      });
    } finally {
      await t.banco.db.update(o).set({ lancamentoCaixaAutomatico: false }).where(eq(o.id, dono));
    }
  });
});
