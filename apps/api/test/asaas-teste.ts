import { type AsaasFake, iniciarAsaasFake, type OpcoesAsaasFake } from '@sig/asaas-fake';
import { schema } from '@sig/db';
import { eq } from 'drizzle-orm';
import type { OpcoesApp } from '../src/app.js';
import { provedorAsaas } from '../src/modules/asaas/index.js';
import type { PaymentProvider } from '../src/platform/provedor-pagamento.js';
import { type AppTeste, criarAppTeste } from './app-teste.js';

/**
 * An app over a fake Asaas of its own: the fake, the provider client the test reads the fake
 * through, and the app (which calls `embrulhar(provedor)` when given: a test's pause or outage).
 */
export async function criarAppComAsaas(
  env: Record<string, string> = {},
  opcoes: {
    fake?: OpcoesAsaasFake;
    embrulhar?: (provedor: PaymentProvider) => PaymentProvider;
  } & Pick<OpcoesApp, 'trabalhar' | 'relogio'> = {},
): Promise<{ t: AppTeste; fake: AsaasFake; provedor: PaymentProvider }> {
  const { fake: opcoesFake, embrulhar, ...app } = opcoes;
  const fake = await iniciarAsaasFake(opcoesFake);
  const provedor = provedorAsaas({ baseUrl: fake.url, chaveApi: fake.chaveApi, userAgent: 'SIG/teste' });
  const t = await criarAppTeste(env, {
    provedor: { provedor: embrulhar?.(provedor) ?? provedor, demo: true, url: fake.url, fechar: fake.fechar },
    ...app,
  });
  return { t, fake, provedor };
}

/** The sub-account key SIG keeps for an organization: as stored (encrypted), and decrypted. */
export async function chaveDaSubconta(t: AppTeste, organizacaoId: number) {
  const [o] = await t.banco.db
    .select({ token: schema.organizacao.tokenAsaasCifrado })
    .from(schema.organizacao)
    .where(eq(schema.organizacao.id, organizacaoId));
  return { cifrada: o!.token!, chave: t.app.deps.cofre.decifrar(o!.token!) };
}

/** The fake provider called as a sub-account (with its key): the answer's body. */
export const naSubconta = async (fake: AsaasFake, chave: string, caminho: string, method = 'GET') =>
  (await fetch(`${fake.url}${caminho}`, { method, headers: { access_token: chave, 'user-agent': 'teste' } })).json();

/** The provider's events SIG received for a charge (its provider id). */
export const eventosDoPagamento = (t: AppTeste, pagamentoId: string) =>
  t.banco.db.select().from(schema.eventoProvedor).where(eq(schema.eventoProvedor.pagamentoId, pagamentoId));

/** The charges the provider holds for a receivable (its external reference). */
export async function cobrancasNoProvedor(provedor: PaymentProvider, contaAReceberId: number) {
  const r = [];
  for await (const p of provedor.listarCobrancas({ referenciaExterna: String(contaAReceberId) })) r.push(p);
  return r;
}

/** A receivable's body: a contribution of March 2099 due 2099-03-10 (R$ 30,00) unless told. */
export const dadosConta = (campos: Record<string, unknown> = {}) => ({
  tipo: 'CONTRIBUICAO',
  mesCompetencia: 3,
  anoCompetencia: 2099,
  vencimento: '2099-03-10',
  valorPrevisto: '30.00',
  ...campos,
});

/** A receivable (`dadosConta`), created through the API whose rules are the subject: 201 or the test fails. */
export const criarContaPelaApi = (t: AppTeste, token: string, campos: Record<string, unknown>) =>
  t.criar('/api/conta-a-receber', dadosConta(campos), token);

/** Asks the provider for a boleto (unless told otherwise) of a receivable; the answer as it came. */
export const cobrarPelaApi = (t: AppTeste, token: string, contaAReceberId: number, extra: object = {}) =>
  t.req({ method: 'POST', url: '/api/cobranca', token, payload: { contaAReceberId, forma: 'BOLETO', ...extra } });

/**
 * A charging test's shorthand, as `token()` unless told: a request, a receivable of `pessoaId()`,
 * its charge. Getters, because a file's app and sign-in come in its `beforeAll`.
 */
export function atalhosDeCobranca(app: () => AppTeste, token: () => string, pessoaId: () => number) {
  const req = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, comToken = token()) =>
    app().req({ method, url, token: comToken, payload });
  const criarConta = (extra: Record<string, unknown> = {}, comToken = token()) =>
    criarContaPelaApi(app(), comToken, { pessoaId: pessoaId(), ...extra });
  const cobrar = (contaAReceberId: number, extra: Record<string, unknown> = {}) =>
    cobrarPelaApi(app(), token(), contaAReceberId, extra);
  return { req, criarConta, cobrar };
}

/** A sub-account request for an organization, every field valid. */
export const dadosSubconta = (organizacaoId: number, extra: Record<string, unknown> = {}) => ({
  organizacaoId,
  nome: 'Paróquia de Teste',
  email: 'financeiro@paroquia.test',
  cpfCnpj: '11.222.333/0001-81',
  celular: '(51) 99999-0000',
  rendaMensal: '12000.00',
  endereco: 'Rua da Igreja',
  numero: '10',
  bairro: 'Centro',
  cep: '93010-000',
  ...extra,
});
