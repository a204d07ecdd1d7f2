import { schema } from '@sig/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppTeste } from '../../../test/app-teste.js';
import { cobrancasNoProvedor, criarAppComAsaas } from '../../../test/asaas-teste.js';
import { cpfDe } from '../../../test/eventos.js';
import type { PaymentProvider } from '../../platform/provedor-pagamento.js';
import { ErroProvedor } from '../asaas/index.js';
import { processarInscricoes } from './inscricoes.job.js';

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
/** Charges asked of the provider, refused or not. */
let pedidos = 0;

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
                  pedidos++;
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
    // The job retries uncharged registrations (the page's button does the same).
    const [conta] = await t.banco.db
      .select({ em: schema.contaAReceber.cobrancaIniciadaEm })
      .from(schema.contaAReceber)
      .where(eq(schema.contaAReceber.id, i.contaAReceberId!));
    expect(conta!.em).not.toBeNull();
    const feito = await processarInscricoes(t.app.deps);
    expect(feito.cobradas).toBeGreaterThanOrEqual(1);
    const de = await publico('POST', `/api/evento-publico/inscricao/${r.token}/cobranca`);
    expect(de.json().pagamento).toMatchObject({ forma: 'PIX' });
    expect(await cobrancasDe(i.contaAReceberId!)).toHaveLength(1);
    expect(await cobrancasNoProvedor(provedor, i.contaAReceberId!)).toHaveLength(1);
  });

  it('a refusal for good (a 4xx) is not retried: the registration shows the charge failed, with its reason', async () => {
    const codigo = await novoEvento();
    falha = 'recusa';
    const antes = pedidos;
    const r = await inscrever(codigo).finally(() => {
      falha = null;
    });
    expect(r).toMatchObject({ status: 'PENDENTE', pagamento: null, falhaCobranca: 'O CPF informado é inválido.' });
    expect(pedidos).toBe(antes + 1);
    // Neither the job nor the page's "try again" asks the provider again.
    await processarInscricoes(t.app.deps);
    const outraVez = await publico('POST', `/api/evento-publico/inscricao/${r.token}/cobranca`);
    expect(outraVez.json()).toMatchObject({ pagamento: null, falhaCobranca: 'O CPF informado é inválido.' });
    expect(pedidos).toBe(antes + 1);
    const i = await registroDe(r.token);
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

  it('a passing failure (a 5xx) is retried by the job until the charge is made', async () => {
    const codigo = await novoEvento();
    falha = 'instavel';
    const r = await inscrever(codigo);
    expect(r).toMatchObject({ status: 'PENDENTE', pagamento: null, falhaCobranca: null });
    await processarInscricoes(t.app.deps);
    falha = null;
    expect((await registroDe(r.token)).falhaCobranca).toBeNull();
    await processarInscricoes(t.app.deps);
    const i = await registroDe(r.token);
    expect(await cobrancasDe(i.contaAReceberId!)).toHaveLength(1);
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
