import { setTimeout as esperar } from 'node:timers/promises';
import Fastify, { type FastifyReply } from 'fastify';
import { rotasClientes } from './clientes.js';
import { rotasCobrancas } from './cobrancas.js';
import { ErroAsaas, type Servicos } from './comum.js';
import { rotasContas } from './contas.js';
import { rotasFatura } from './fatura.js';
import {
  type Cliente,
  type Cobranca,
  type Conta,
  indexar,
  Loja,
  type StatusCobranca,
  type TipoCobranca,
} from './loja.js';
import { Entregador } from './webhooks.js';

export { identificacaoBoleto } from './boleto.js';
export { CARTOES_RECUSADOS, MAX_PARCELAS, VALOR_MINIMO } from './cobrancas.js';
export type { Cliente, Cobranca, Webhook } from './loja.js';
export type { Evento } from './webhooks.js';

export const CHAVE_PADRAO = '$aact_fake_principal';

export type OpcoesAsaasFake = {
  /** 0 (default) picks a free port. */
  porta?: number;
  host?: string;
  /** Key of the main account. */
  chaveApi?: string;
  /** Keep the state in `<dir>/asaas-fake.json` (demo); in memory only without it. */
  dir?: string;
  /** Requests per account per window before 429 (Asaas: 25,000 per 12 h). */
  limiteRequisicoes?: number;
  janelaLimiteMs?: number;
  /** Concurrent GETs per account before 429 (Asaas: 50). */
  maxGetsSimultaneos?: number;
  /** Refuse requests without a User-Agent (mandatory for newer Asaas accounts). */
  exigirUserAgent?: boolean;
  webhookIntervaloMs?: number;
  webhookMaxFalhas?: number;
  /**
   * Where the invoice pages (`/i/{code}`) are reached from the payer's browser, when not at this
   * server's own address (a demo behind the app that embeds it).
   */
  urlFaturas?: string;
};

/** A charge some earlier run left at the provider (the demo's year), brought into the main account. */
export type CobrancaImportada = {
  id: string;
  cliente: { id: string; nome: string; cpfCnpj: string };
  valor: number;
  vencimento: string;
  forma: TipoCobranca;
  status: StatusCobranca;
  dataPagamento: string | null;
  dataCredito: string | null;
  descricao: string | null;
  criadaEm: string;
};

export type RequisicaoRegistrada = { metodo: string; url: string; userAgent?: string; chave?: string };
export type FalhaInjetada = { status: number; cabecalhos?: Record<string, string>; atrasoMs?: number };

export type AsaasFake = {
  /** Base URL, like `https://api-sandbox.asaas.com/v3`. */
  url: string;
  chaveApi: string;
  /** Every request received, oldest first (the last 1,000). */
  requisicoes: RequisicaoRegistrada[];
  /** Most requests in flight at once so far. */
  picoSimultaneas: () => number;
  /** Requests received with a key so far (a benchmark's count of provider calls). */
  totalRequisicoes: () => number;
  /** The next requests answer these failures, in order (tests of retries). */
  injetarFalhas: (...falhas: FalhaInjetada[]) => void;
  /** Delay every answer (tests of timeouts, demos of a slow provider). */
  definirAtraso: (ms: number) => void;
  /** Sandbox helpers, also reachable over HTTP. */
  confirmar: (paymentId: string, chave?: string) => Cobranca;
  vencer: (paymentId: string, chave?: string) => Cobranca;
  /** Adds charges (and their customers) to the main account, skipping those it holds; answers how many were new. */
  importar: (cobrancas: CobrancaImportada[]) => number;
  fechar: () => Promise<void>;
};

/** Starts the fake Asaas API (contract: shared/docs/asaas-contract.md) in this process. */
export async function iniciarAsaasFake(opcoes: OpcoesAsaasFake = {}): Promise<AsaasFake> {
  const chaveApi = opcoes.chaveApi ?? CHAVE_PADRAO;
  const limite = opcoes.limiteRequisicoes ?? 25_000;
  const janela = opcoes.janelaLimiteMs ?? 12 * 3600_000;
  const maxGets = opcoes.maxGetsSimultaneos ?? 50;
  const loja = new Loja(chaveApi, opcoes.dir);
  const entregador = new Entregador({
    intervaloMs: opcoes.webhookIntervaloMs ?? 60_000,
    maxFalhas: opcoes.webhookMaxFalhas ?? 15,
  });
  let url = '';
  let origem = '';
  const urlFaturas = () => opcoes.urlFaturas ?? origem;
  const servicos: Servicos = { loja, entregador, baseUrl: () => url, urlFaturas };

  const requisicoes: RequisicaoRegistrada[] = [];
  const falhas: FalhaInjetada[] = [];
  const janelas = new Map<string, { inicio: number; usadas: number }>();
  const getsEmCurso = new Map<string, number>();
  let emCurso = 0;
  let pico = 0;
  let total = 0;
  let atraso = 0;

  const app = Fastify({ logger: false });
  // Asaas takes an empty JSON body on actions like /restore; parse it as {}.
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, feito) => {
    if (!body) return feito(null, {});
    try {
      feito(null, JSON.parse(body as string));
    } catch {
      feito(new ErroAsaas(400, 'invalid_value', 'JSON inválido.'), undefined);
    }
  });
  app.decorateRequest('conta', null as unknown as Conta);

  const erro = (reply: FastifyReply, status: number, code: string, description: string) =>
    reply.status(status).send({ errors: [{ code, description }] });

  app.setErrorHandler((e, _req, reply) => {
    if (e instanceof ErroAsaas) return erro(reply, e.status, e.code, e.description);
    const status = (e as { statusCode?: number }).statusCode;
    if (status && status < 500) return erro(reply, 400, 'invalid_value', (e as Error).message);
    return erro(reply, 500, 'internal_error', 'Erro interno.');
  });
  app.setNotFoundHandler((_req, reply) => erro(reply, 404, 'not_found', 'Recurso não encontrado.'));

  app.addHook('onRequest', async (req, reply) => {
    emCurso++;
    pico = Math.max(pico, emCurso);
    // The invoice pages are the payer's, opened from a link: no key, as at Asaas.
    if (req.url.startsWith('/i/')) return;
    const chave = req.headers.access_token as string | undefined;
    requisicoes.push({ metodo: req.method, url: req.url, userAgent: req.headers['user-agent'], chave });
    total++;
    if (requisicoes.length > 1000) requisicoes.shift();
    if (atraso) await esperar(atraso);

    const falha = falhas.shift();
    if (falha) {
      if (falha.atrasoMs) await esperar(falha.atrasoMs);
      reply.headers(falha.cabecalhos ?? {});
      return erro(reply, falha.status, falha.status === 429 ? 'rate_limit' : 'internal_error', 'Falha simulada.');
    }
    const c = chave ? loja.porChave(chave) : undefined;
    if (!c) return erro(reply, 401, 'invalid_access_token', 'A chave de API fornecida é inválida.');
    if ((opcoes.exigirUserAgent ?? true) && !req.headers['user-agent']?.trim())
      return erro(reply, 400, 'invalid_user_agent', 'O header User-Agent é obrigatório.');
    const comCorpo = Number(req.headers['content-length'] ?? 0) > 0 || !!req.headers['transfer-encoding'];
    if (req.method === 'GET' && comCorpo) return erro(reply, 403, 'forbidden', 'Requisições GET não aceitam corpo.');

    const agora = Date.now();
    let j = janelas.get(c.id);
    if (!j || agora - j.inicio >= janela) {
      j = { inicio: agora, usadas: 0 };
      janelas.set(c.id, j);
    }
    j.usadas++;
    reply.headers({
      'RateLimit-Limit': String(limite),
      'RateLimit-Remaining': String(Math.max(0, limite - j.usadas)),
      'RateLimit-Reset': String(Math.ceil((j.inicio + janela - agora) / 1000)),
    });
    if (j.usadas > limite) return erro(reply, 429, 'rate_limit', 'Limite de requisições excedido.');
    if (req.method === 'GET') {
      const n = (getsEmCurso.get(c.id) ?? 0) + 1;
      if (n > maxGets) return erro(reply, 429, 'rate_limit', 'Muitas requisições GET simultâneas.');
      getsEmCurso.set(c.id, n);
      (req as { contouGet?: boolean }).contouGet = true;
    }
    req.conta = c;
    // A write makes every kept list answer stale (again when it is done: salvar).
    if (req.method !== 'GET') loja.versao++;
  });
  app.addHook('onResponse', async (req) => {
    emCurso--;
    if ((req as { contouGet?: boolean }).contouGet)
      getsEmCurso.set(req.conta.id, (getsEmCurso.get(req.conta.id) ?? 1) - 1);
    if (req.method !== 'GET' && req.conta) loja.salvar();
  });

  let sandbox: ReturnType<typeof rotasCobrancas> | undefined;
  await app.register(
    async (v3) => {
      rotasClientes(v3);
      sandbox = rotasCobrancas(v3, servicos);
      rotasContas(v3, servicos);
    },
    { prefix: '/v3' },
  );

  rotasFatura(app, loja, (c, id) => sandbox!.confirmar(c, id), urlFaturas);

  const endereco = await app.listen({ port: opcoes.porta ?? 0, host: opcoes.host ?? '127.0.0.1' });
  url = `${endereco}/v3`;
  origem = endereco;
  const contaDe = (chave?: string) => loja.porChave(chave ?? chaveApi)!;

  return {
    url,
    chaveApi,
    requisicoes,
    picoSimultaneas: () => pico,
    totalRequisicoes: () => total,
    injetarFalhas: (...f) => falhas.push(...f),
    definirAtraso: (ms) => {
      atraso = ms;
    },
    confirmar: (id, chave) => {
      const p = sandbox!.confirmar(contaDe(chave), id);
      loja.salvar();
      return p;
    },
    vencer: (id, chave) => {
      const p = sandbox!.vencer(contaDe(chave), id);
      loja.salvar();
      return p;
    },
    importar: (cobrancas) => {
      const c = contaDe();
      let novas = 0;
      for (const x of cobrancas) {
        if (c.cobrancas[x.id]) continue;
        if (!c.clientes[x.cliente.id]) {
          c.clientes[x.cliente.id] = clienteImportado(x);
          indexar(c.clientes, c.clientes[x.cliente.id]!);
        }
        c.cobrancas[x.id] = cobrancaImportada(x, String(c.proximaFatura++).padStart(8, '0'), urlFaturas());
        indexar(c.cobrancas, c.cobrancas[x.id]!);
        novas++;
      }
      if (novas) loja.salvar();
      return novas;
    },
    fechar: async () => {
      await entregador.fechar();
      await app.close();
    },
  };
}

function clienteImportado(x: CobrancaImportada): Cliente {
  return {
    object: 'customer',
    id: x.cliente.id,
    dateCreated: x.criadaEm,
    name: x.cliente.nome,
    cpfCnpj: x.cliente.cpfCnpj,
    personType: x.cliente.cpfCnpj.length === 11 ? 'FISICA' : 'JURIDICA',
    email: null,
    phone: null,
    mobilePhone: null,
    address: null,
    addressNumber: null,
    complement: null,
    province: null,
    postalCode: null,
    externalReference: null,
    notificationDisabled: false,
    additionalEmails: null,
    groupName: null,
    observations: null,
    company: null,
    deleted: false,
  };
}

function cobrancaImportada(x: CobrancaImportada, numero: string, urlFaturas: string): Cobranca {
  const codigo = x.id.slice(4);
  return {
    object: 'payment',
    id: x.id,
    dateCreated: x.criadaEm,
    customer: x.cliente.id,
    installment: null,
    installmentNumber: null,
    value: x.valor,
    netValue: x.valor,
    originalValue: null,
    billingType: x.forma,
    status: x.status,
    dueDate: x.vencimento,
    originalDueDate: x.vencimento,
    paymentDate: x.dataPagamento,
    clientPaymentDate: x.dataPagamento,
    confirmedDate: x.dataPagamento,
    creditDate: x.dataCredito,
    estimatedCreditDate: x.dataCredito,
    description: x.descricao,
    externalReference: null,
    invoiceUrl: `${urlFaturas}/i/${codigo}`,
    bankSlipUrl: null,
    invoiceNumber: numero,
    nossoNumero: null,
    discount: { value: 0, dueDateLimitDays: 0, type: 'FIXED' },
    interest: { value: 0 },
    fine: { value: 0, type: 'FIXED' },
    postalService: false,
    deleted: false,
    refunds:
      x.status === 'REFUNDED'
        ? [{ dateCreated: x.dataPagamento ?? x.criadaEm, status: 'DONE', value: x.valor, description: null }]
        : null,
  };
}
