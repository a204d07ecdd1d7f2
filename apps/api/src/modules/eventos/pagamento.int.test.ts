import { schema } from '@sig/db';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppTeste } from '../../../test/app-teste.js';
import { cobrancasNoProvedor, criarAppComAsaas } from '../../../test/asaas-teste.js';
import { cpfDe } from '../../../test/eventos.js';
import type { PaymentProvider } from '../../platform/provedor-pagamento.js';
import { ErroProvedor } from '../asaas/index.js';
import { processarInscricoes, TAREFA_COBRAR_INSCRICAO } from './inscricoes.job.js';

const TOKEN = 'token-do-webhook-de-teste';

let t: AppTeste;
let provedor: PaymentProvider;
let sinodo: string;
let sinodoId: number;
/**
 * What the provider does when asked for a charge: `fora` is unreachable, `depois` creates it and
 * then times out, `recusa` refuses the registrant's data for good (a 400), `instavel` answers 503.
 */
let falha: 'fora' | 'depois' | 'recusa' | 'instavel' | null = null;
/**
 * Charges asked of the provider, refused or not, by receivable (the charge's external reference):
 * a test counts its own, not what the job layer's workers ask for other tests' registrations.
 */
const pedidos: string[] = [];
const pedidosDe = (contaId: number | null) => pedidos.filter((r) => r === String(contaId)).length;

type Metodo = 'GET' | 'POST';
const publico = (method: Metodo, url: string, payload?: object) => t.req({ method, url, payload });

let sequencia = 0;
const congresso = (lotes: { numero: number; valor: string; quantidade: number }[]) => ({
  organizacaoId: sinodoId,
  tipoEvento: 'CONGRESSO',
  codigo: `pag-${++sequencia}`,
  nome: 'Congresso da juventude',
  inicio: '2099-01-15T19:00:00-03:00',
  fim: '2099-01-17T12:00:00-03:00',
  local: 'Ginásio',
  visibilidade: 'HIERARQUIA',
  prazoInscricao: '2099-01-10T23:59:00-03:00',
  formasPagamento: ['PIX', 'BOLETO', 'CARTAO'],
  diasVencimento: 3,
  formulario: { secoes: {}, perguntas: [] },
  lotes: lotes.map((l) => ({ ...l, inicio: null, fim: null })),
  oficinas: [],
});

let pessoaSeq = 0;
const inscrito = (extra: Record<string, unknown> = {}) => {
  const n = ++pessoaSeq;
  return {
    nome: `Jovem Pagante ${n}`,
    cpf: cpfDe(200_000_000 + n * 13),
    email: `pagante${n}@exemplo.com`,
    telefone: '51999990000',
    dataNascimento: '2000-05-01',
    formaPagamento: 'PIX',
    ...extra,
  };
};

async function novoEvento(valor = '120.00') {
  const r = await t.req({
    method: 'POST',
    url: '/api/evento-com-inscricao',
    token: sinodo,
    payload: congresso([{ numero: 1, valor, quantidade: 50 }]),
  });
  expect(r.statusCode, r.body).toBe(201);
  return r.json().codigo as string;
}

async function inscrever(codigo: string, extra: Record<string, unknown> = {}) {
  const r = await publico('POST', `/api/evento-publico/${codigo}/inscricao`, inscrito(extra));
  expect(r.statusCode, r.body).toBe(201);
  return r.json();
}

const registroDe = async (token: string) => {
  const [l] = await t.banco.db.select().from(schema.inscricaoEvento).where(eq(schema.inscricaoEvento.token, token));
  return l!;
};
const cobrancasDe = (contaId: number) =>
  t.banco.db.select().from(schema.cobranca).where(eq(schema.cobranca.contaAReceberId, contaId));

beforeAll(async () => {
  ({ t, provedor } = await criarAppComAsaas(
    { ASAAS_WEBHOOK_TOKEN: TOKEN },
    {
      trabalhar: true,
      embrulhar: (p) =>
        new Proxy(p, {
          get: (alvo, nome, r) =>
            nome === 'criarCobranca'
              ? async (...args: Parameters<PaymentProvider['criarCobranca']>) => {
                  pedidos.push(args[0].referenciaExterna ?? '');
                  if (falha === 'fora') throw new Error('provider unreachable');
                  if (falha === 'recusa')
                    throw new ErroProvedor(
                      'PROVEDOR_CPF_CNPJ_INVALIDO',
                      400,
                      'invalid_cpfCnpj',
                      'O CPF informado é inválido.',
                    );
                  if (falha === 'instavel') throw new ErroProvedor('PROVEDOR_INDISPONIVEL', 503);
                  const criada = await alvo.criarCobranca(...args);
                  if (falha === 'depois') throw new Error('provider timed out');
                  return criada;
                }
              : Reflect.get(alvo, nome, r),
        }),
    },
  ));
  sinodo = await t.login('sinodo@sig.local');
  const [org] = await t.banco.db
    .select({ id: schema.organizacao.id })
    .from(schema.organizacao)
    .where(eq(schema.organizacao.nomeFantasia, 'Sínodo Rio dos Sinos'));
  sinodoId = org!.id;
});
afterAll(() => t.fechar());

describe('the charge at registration', () => {
  it('a paid lot makes exactly one receivable and one charge, and shows the Pix at once', async () => {
    const codigo = await novoEvento();
    const r = await inscrever(codigo);
    expect(r).toMatchObject({ status: 'PENDENTE', valor: '120.00' });
    expect(r.pagamento).toMatchObject({ forma: 'PIX' });
    expect(r.pagamento.pixCopiaECola).toBeTruthy();
    expect(r.pagamento.pixQrCode).toBeTruthy();
    const i = await registroDe(r.token);
    const contas = await t.banco.db
      .select()
      .from(schema.contaAReceber)
      .where(eq(schema.contaAReceber.id, i.contaAReceberId!));
    expect(contas).toHaveLength(1);
    expect(contas[0]).toMatchObject({
      tipo: 'EVENTO',
      valorPrevisto: '120.00',
      organizacaoId: sinodoId,
      pessoaId: i.pessoaId,
      vencimento: i.vencimento,
      cobrancaGerada: true,
    });
    expect(await cobrancasDe(i.contaAReceberId!)).toHaveLength(1);
    expect(await cobrancasNoProvedor(provedor, i.contaAReceberId!)).toHaveLength(1);
    // The registrant's link shows the same way to pay.
    const porToken = (await publico('GET', `/api/evento-publico/inscricao/${r.token}`)).json();
    expect(porToken.pagamento.pixCopiaECola).toBe(r.pagamento.pixCopiaECola);
  });

  it('a boleto shows its line; a method the event does not take is refused', async () => {
    const codigo = await novoEvento();
    const r = await inscrever(codigo, { formaPagamento: 'BOLETO' });
    expect(r.pagamento.linhaDigitavel).toBeTruthy();
    const outro = await t.req({
      method: 'POST',
      url: '/api/evento-com-inscricao',
      token: sinodo,
      payload: { ...congresso([{ numero: 1, valor: '50.00', quantidade: 5 }]), formasPagamento: ['PIX'] },
    });
    const recusada = await publico(
      'POST',
      `/api/evento-publico/${outro.json().codigo}/inscricao`,
      inscrito({ formaPagamento: 'CARTAO' }),
    );
    expect(recusada.statusCode).toBe(400);
  });

  it('a free lot makes no receivable and no charge', async () => {
    const codigo = await novoEvento('0.00');
    const r = await inscrever(codigo);
    expect(r).toMatchObject({ status: 'CONFIRMADA', pagamento: null });
    expect((await registroDe(r.token)).contaAReceberId).toBeNull();
  });

  it('a paid lot asks for the CPF', async () => {
    const codigo = await novoEvento();
    const r = await publico('POST', `/api/evento-publico/${codigo}/inscricao`, inscrito({ cpf: null }));
    expect(r.statusCode).toBe(400);
    expect(r.json().campos[0].campo).toBe('cpf');
  });

  it('finds the registry person by CPF, else creates a minimal one marked EVENTO', async () => {
    const codigo = await novoEvento();
    const [paula] = await t.banco.db
      .select({ id: schema.pessoa.id })
      .from(schema.pessoa)
      .where(eq(schema.pessoa.cpf, '11144477735'));
    const antes = await t.banco.db.$count(schema.pessoa);
    const r = await inscrever(codigo, { cpf: '11144477735', nome: 'Paula Inscrita' });
    expect((await registroDe(r.token)).pessoaId).toBe(paula!.id);
    expect(await t.banco.db.$count(schema.pessoa)).toBe(antes);

    const nova = await inscrever(codigo, { nome: 'Ana Clara Souza' });
    const i = await registroDe(nova.token);
    const [p] = await t.banco.db.select().from(schema.pessoa).where(eq(schema.pessoa.id, i.pessoaId!));
    expect(p).toMatchObject({ nome: 'Ana', sobrenome: 'Clara Souza', origem: 'EVENTO', organizacaoId: sinodoId });
    expect(p!.cpf).toBe(i.cpf);
    // The same young person in another event is the same person.
    const outro = await novoEvento();
    const again = await inscrever(outro, { nome: 'Ana Clara Souza', cpf: i.cpf, email: 'ana@exemplo.com' });
    expect((await registroDe(again.token)).pessoaId).toBe(i.pessoaId);
  });

  it('provider down: the seat is held with its receivable, retried once, never charged twice', async () => {
    const codigo = await novoEvento();
    falha = 'fora';
    const r = await inscrever(codigo);
    falha = null;
    expect(r).toMatchObject({ status: 'PENDENTE', pagamento: null });
    const i = await registroDe(r.token);
    expect(i.contaAReceberId).not.toBeNull();
    expect(await cobrancasDe(i.contaAReceberId!)).toHaveLength(0);

    // The provider creates it but the answer is lost: the retry finds it by our reference.
    falha = 'depois';
    expect((await publico('POST', `/api/evento-publico/inscricao/${r.token}/cobranca`)).json().pagamento).toBeNull();
    falha = null;
    expect(await cobrancasNoProvedor(provedor, i.contaAReceberId!)).toHaveLength(1);
    // The charge job retries an uncharged registration (the page's button does the same).
    const [conta] = await t.banco.db
      .select({ em: schema.contaAReceber.cobrancaIniciadaEm })
      .from(schema.contaAReceber)
      .where(eq(schema.contaAReceber.id, i.contaAReceberId!));
    expect(conta!.em).not.toBeNull();
    const feito = await TAREFA_COBRAR_INSCRICAO.executar(t.app.deps, {
      id: 'teste',
      dados: { inscricaoId: i.id },
      tentativa: 1,
      ultima: false,
      sinal: new AbortController().signal,
    });
    expect(feito).toEqual({ resultado: 'COBRADA' });
    const de = await publico('POST', `/api/evento-publico/inscricao/${r.token}/cobranca`);
    expect(de.json().pagamento).toMatchObject({ forma: 'PIX' });
    expect(await cobrancasDe(i.contaAReceberId!)).toHaveLength(1);
    expect(await cobrancasNoProvedor(provedor, i.contaAReceberId!)).toHaveLength(1);
  });

  it('a refusal for good (a 4xx) is not retried: the registration shows the charge failed, with its reason', async () => {
    const codigo = await novoEvento();
    falha = 'recusa';
    const r = await inscrever(codigo).finally(() => {
      falha = null;
    });
    expect(r).toMatchObject({ status: 'PENDENTE', pagamento: null, falhaCobranca: 'O CPF informado é inválido.' });
    const i = await registroDe(r.token);
    expect(pedidosDe(i.contaAReceberId)).toBe(1);
    // Neither the job nor the page's "try again" asks the provider again.
    await processarInscricoes(t.app.deps);
    const outraVez = await publico('POST', `/api/evento-publico/inscricao/${r.token}/cobranca`);
    expect(outraVez.json()).toMatchObject({ pagamento: null, falhaCobranca: 'O CPF informado é inválido.' });
    expect(pedidosDe(i.contaAReceberId)).toBe(1);
    expect(await cobrancasDe(i.contaAReceberId!)).toHaveLength(0);
    // Staff find it under the list's "charge failed".
    const lista = await t.req({
      method: 'GET',
      url: `/api/inscricoes-de-eventos/paginado?excecao=FALHA_COBRANCA&nome=${encodeURIComponent(i.nome)}`,
      token: sinodo,
    });
    expect(lista.statusCode, lista.body).toBe(200);
    expect(lista.json().itens.map((x: { id: number; falhaCobranca: string }) => [x.id, x.falhaCobranca])).toEqual([
      [i.id, 'O CPF informado é inválido.'],
    ]);
  });

  it('a passing failure (a 5xx) is retried by the job layer, further apart each time up to a cap', async () => {
    const codigo = await novoEvento();
    falha = 'instavel';
    const r = await inscrever(codigo);
    expect(r).toMatchObject({ status: 'PENDENTE', pagamento: null, falhaCobranca: null });
    const i = await registroDe(r.token);
    type Job = { estado: string; tentativas: number; espera: number; limite: number; maxima: number; backoff: boolean };
    const job = async () =>
      (
        (await t.banco.db.execute(sql`select state::text as estado, retry_count as tentativas, retry_limit as limite,
            retry_delay_max as maxima, retry_backoff as backoff,
            extract(epoch from start_after - now())::float as espera
          from pgboss.job where name = 'eventos.cobrar-inscricao' and singleton_key = ${String(i.id)}
            and state < 'completed'`)) as unknown as { rows: Job[] }
      ).rows;
    // The registrant's request asked once; the job's first run waits about 30 s.
    const [primeiro] = await job();
    expect(primeiro).toMatchObject({ estado: 'created', tentativas: 0, limite: 16, maxima: 3600, backoff: true });
    expect(primeiro!.espera).toBeGreaterThan(20);
    // The registrations' job does not start a second series beside it.
    expect((await processarInscricoes(t.app.deps)).cobrancasAgendadas).toBe(0);
    expect(await job()).toHaveLength(1);

    // A run that fails the same way fails the job, for the job layer to retry it later.
    const execucao = (tentativa: number) =>
      TAREFA_COBRAR_INSCRICAO.executar(t.app.deps, {
        id: 'teste',
        dados: { inscricaoId: i.id },
        tentativa,
        ultima: false,
        sinal: new AbortController().signal,
      });
    await expect(execucao(1)).rejects.toThrow(/failed at the provider/);
    falha = null;
    expect(await execucao(2)).toEqual({ resultado: 'COBRADA' });
    expect(await cobrancasDe(i.contaAReceberId!)).toHaveLength(1);
    expect((await registroDe(r.token)).falhaCobranca).toBeNull();
  });

  it('the charge job stops asking after a refusal for good', async () => {
    const codigo = await novoEvento();
    falha = 'instavel';
    const r = await inscrever(codigo);
    const i = await registroDe(r.token);
    falha = 'recusa';
    const antes = pedidosDe(i.contaAReceberId);
    const feito = await TAREFA_COBRAR_INSCRICAO.executar(t.app.deps, {
      id: 'teste',
      dados: { inscricaoId: i.id },
      tentativa: 2,
      ultima: false,
      sinal: new AbortController().signal,
    }).finally(() => {
      falha = null;
    });
    expect(feito).toEqual({ resultado: 'NADA' });
    expect(pedidosDe(i.contaAReceberId)).toBe(antes + 1);
    expect((await registroDe(r.token)).falhaCobranca).toBe('O CPF informado é inválido.');
  });

  it('a paid charge (webhook) confirms the registration without waiting for the schedule', async () => {
    const codigo = await novoEvento();
    const r = await inscrever(codigo);
    const i = await registroDe(r.token);
    const [cob] = await cobrancasDe(i.contaAReceberId!);
    const w = await t.req({
      method: 'POST',
      url: '/api/webhooks/asaas',
      headers: { 'asaas-access-token': TOKEN },
      payload: {
        id: `evt_inscricao_${i.id}`,
        event: 'PAYMENT_RECEIVED',
        payment: { id: cob!.provedorId, status: 'RECEIVED', value: 120, paymentDate: '2098-12-20' },
      },
    });
    expect(w.statusCode).toBe(200);
    for (let n = 0; n < 300 && (await registroDe(r.token)).status !== 'CONFIRMADA'; n++)
      await new Promise((x) => setTimeout(x, 50));
    expect((await registroDe(r.token)).status).toBe('CONFIRMADA');
    const emails = await t.banco.db
      .select({ assunto: schema.caixaSaida.assunto })
      .from(schema.caixaSaida)
      .where(eq(schema.caixaSaida.para, i.email));
    expect(emails.some((m) => m.assunto.startsWith('Inscrição confirmada'))).toBe(true);
  });

  it('a staff registration of a paid lot is charged too', async () => {
    const codigo = await novoEvento();
    const [ev] = await t.banco.db
      .select({ id: schema.evento.id })
      .from(schema.evento)
      .where(eq(schema.evento.codigo, codigo));
    const r = await t.req({
      method: 'POST',
      url: '/api/inscricoes-de-eventos',
      token: sinodo,
      payload: { ...inscrito({ formaPagamento: 'BOLETO' }), eventoId: ev!.id },
    });
    expect(r.statusCode, r.body).toBe(201);
    const contaId = r.json().contaAReceberId as number;
    expect(await cobrancasDe(contaId)).toMatchObject([{ forma: 'BOLETO' }]);
  });
});

describe('a registration that will not be paid releases its receivable', () => {
  const contaDe = async (id: number) => {
    const [c] = await t.banco.db.select().from(schema.contaAReceber).where(eq(schema.contaAReceber.id, id));
    return c!;
  };

  it('cancelled by the registrant: the charge is cancelled at the provider and the receivable with it', async () => {
    const r = await inscrever(await novoEvento());
    const i = await registroDe(r.token);
    const cancelada = await publico('POST', `/api/evento-publico/inscricao/${r.token}/cancelar`);
    expect(cancelada.statusCode, cancelada.body).toBe(200);
    expect(await cobrancasDe(i.contaAReceberId!)).toMatchObject([{ status: 'CANCELADO' }]);
    expect(await contaDe(i.contaAReceberId!)).toMatchObject({ status: 'CANCELADO' });
    const noProvedor = await cobrancasNoProvedor(provedor, i.contaAReceberId!);
    expect(noProvedor.every((c) => c.excluida)).toBe(true);
  });

  it('made a courtesy by staff: nothing is left to pay', async () => {
    const r = await inscrever(await novoEvento());
    const i = await registroDe(r.token);
    const cortesia = await t.req({
      method: 'POST',
      url: `/api/inscricoes-de-eventos/${i.id}/cortesia`,
      token: sinodo,
      payload: { motivo: 'Bolsa do sínodo' },
    });
    expect(cortesia.statusCode, cortesia.body).toBe(200);
    expect(await cobrancasDe(i.contaAReceberId!)).toMatchObject([{ status: 'CANCELADO' }]);
    expect(await contaDe(i.contaAReceberId!)).toMatchObject({ status: 'CANCELADO' });
  });

  it('cancelled before any charge existed (provider down): the receivable is cancelled all the same', async () => {
    const codigo = await novoEvento();
    falha = 'fora';
    const r = await inscrever(codigo).finally(() => {
      falha = null;
    });
    const i = await registroDe(r.token);
    expect(await cobrancasDe(i.contaAReceberId!)).toHaveLength(0);
    await publico('POST', `/api/evento-publico/inscricao/${r.token}/cancelar`);
    expect(await contaDe(i.contaAReceberId!)).toMatchObject({ status: 'CANCELADO' });
  });
});

describe('a payment that arrives after the registration was released', () => {
  /** The day the job runs on for a registration's due day to have passed (every test's is before it). */
  const DEPOIS_DO_VENCIMENTO = '2098-12-31';

  async function eventoDeUmaVaga() {
    const r = await t.req({
      method: 'POST',
      url: '/api/evento-com-inscricao',
      token: sinodo,
      payload: congresso([{ numero: 1, valor: '80.00', quantidade: 1 }]),
    });
    expect(r.statusCode, r.body).toBe(201);
    return r.json().codigo as string;
  }

  /** The registrant pays the charge the release cancelled: the provider's webhook, applied by its job. */
  async function pagarDepois(i: { id: number; contaAReceberId: number | null }) {
    const [cob] = await cobrancasDe(i.contaAReceberId!);
    expect(cob!.canceladaEm).not.toBeNull();
    const id = `evt_tardio_${i.id}`;
    const w = await t.req({
      method: 'POST',
      url: '/api/webhooks/asaas',
      headers: { 'asaas-access-token': TOKEN },
      payload: {
        id,
        event: 'PAYMENT_RECEIVED',
        payment: { id: cob!.provedorId, status: 'RECEIVED', value: 80, paymentDate: '2098-12-31' },
      },
    });
    expect(w.statusCode).toBe(200);
    return id;
  }

  const esperar = async (feito: () => Promise<boolean>) => {
    for (let n = 0; n < 300 && !(await feito()); n++) await new Promise((x) => setTimeout(x, 50));
  };
  const contaDe = async (id: number) => {
    const [c] = await t.banco.db.select().from(schema.contaAReceber).where(eq(schema.contaAReceber.id, id));
    return c!;
  };
  const pendenciasDe = async (token: string, referencia: string) =>
    (await t.req({ method: 'GET', url: '/api/pendencias-financeiras/paginado?quantidade=100', token }))
      .json()
      .itens.filter((p: { referencia: string }) => p.referencia === referencia) as {
      tipo: string;
      acao: string;
      referenciaId: string;
    }[];

  it('re-seats it while the lot has room: confirmed and paid, the charge active again, no exception', async () => {
    const r = await inscrever(await eventoDeUmaVaga());
    await processarInscricoes(t.app.deps, DEPOIS_DO_VENCIMENTO);
    const i = await registroDe(r.token);
    expect(i.status).toBe('EXPIRADA');
    expect(await contaDe(i.contaAReceberId!)).toMatchObject({ status: 'CANCELADO' });

    await pagarDepois(i);
    await esperar(async () => (await registroDe(r.token)).status === 'CONFIRMADA');
    expect(await registroDe(r.token)).toMatchObject({ status: 'CONFIRMADA', loteId: i.loteId });
    expect(await contaDe(i.contaAReceberId!)).toMatchObject({ status: 'PAGO', valorPago: '80.00' });
    expect(await cobrancasDe(i.contaAReceberId!)).toMatchObject([{ status: 'PAGO', canceladaEm: null }]);
    const [tesouraria] = await t.logins('admin');
    const [cob] = await cobrancasDe(i.contaAReceberId!);
    expect(await pendenciasDe(tesouraria!, cob!.provedorId)).toEqual([]);
    const emails = await t.banco.db
      .select({ assunto: schema.caixaSaida.assunto })
      .from(schema.caixaSaida)
      .where(eq(schema.caixaSaida.para, i.email));
    expect(emails.some((m) => m.assunto.startsWith('Inscrição confirmada'))).toBe(true);
  });

  it('with no seat left it is an exception that re-seats once a seat frees, never overselling', async () => {
    const codigo = await eventoDeUmaVaga();
    const a = await inscrever(codigo);
    await processarInscricoes(t.app.deps, DEPOIS_DO_VENCIMENTO);
    // The freed seat is taken by someone else before the late payment arrives.
    const b = await inscrever(codigo);
    expect(b.status).toBe('PENDENTE');
    const ia = await registroDe(a.token);
    const evento = await pagarDepois(ia);
    await esperar(async () => {
      const [e] = await t.banco.db
        .select({ em: schema.eventoProvedor.processadoEm })
        .from(schema.eventoProvedor)
        .where(eq(schema.eventoProvedor.id, evento));
      return !!e?.em;
    });
    await processarInscricoes(t.app.deps);
    expect((await registroDe(a.token)).status).toBe('EXPIRADA');
    expect((await registroDe(b.token)).status).toBe('PENDENTE');

    const [tesouraria] = await t.logins('admin');
    const [cob] = await cobrancasDe(ia.contaAReceberId!);
    const [p] = await pendenciasDe(tesouraria!, cob!.provedorId);
    expect(p).toMatchObject({ tipo: 'INSCRICAO_PAGA_SEM_VAGA', acao: 'REACOMODAR_INSCRICAO', referenciaId: evento });
    const url = `/api/pendencias-financeiras/eventos/${evento}/reacomodar`;
    const cheia = await t.req({ method: 'POST', url, token: tesouraria! });
    expect(cheia.statusCode, cheia.body).toBe(409);
    expect(cheia.json().codigo).toBe('VAGAS_ESGOTADAS');

    await publico('POST', `/api/evento-publico/inscricao/${b.token}/cancelar`);
    const feita = await t.req({ method: 'POST', url, token: tesouraria! });
    expect(feita.statusCode, feita.body).toBe(200);
    expect((await registroDe(a.token)).status).toBe('CONFIRMADA');
    expect(await contaDe(ia.contaAReceberId!)).toMatchObject({ status: 'PAGO' });
    expect(await pendenciasDe(tesouraria!, cob!.provedorId)).toEqual([]);
  });
});
