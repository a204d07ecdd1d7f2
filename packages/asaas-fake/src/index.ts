import { setTimeout as esperar } from 'node:timers/promises';
import Fastify, { type FastifyReply } from 'fastify';
import { rotasClientes } from './clientes.js';
import { rotasCobrancas } from './cobrancas.js';
import { ErroAsaas, type Servicos } from './comum.js';
import { rotasContas } from './contas.js';
import { type Cobranca, type Conta, Loja } from './loja.js';
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
  /** The next requests answer these failures, in order (tests of retries). */
  injetarFalhas: (...falhas: FalhaInjetada[]) => void;
  /** Delay every answer (tests of timeouts, demos of a slow provider). */
  definirAtraso: (ms: number) => void;
  /** Sandbox helpers, also reachable over HTTP. */
  confirmar: (paymentId: string, chave?: string) => Cobranca;
  vencer: (paymentId: string, chave?: string) => Cobranca;
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
  const servicos: Servicos = { loja, entregador, baseUrl: () => url };

  const requisicoes: RequisicaoRegistrada[] = [];
  const falhas: FalhaInjetada[] = [];
  const janelas = new Map<string, { inicio: number; usadas: number }>();
  const getsEmCurso = new Map<string, number>();
  let emCurso = 0;
  let pico = 0;
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
    const chave = req.headers.access_token as string | undefined;
    requisicoes.push({ metodo: req.method, url: req.url, userAgent: req.headers['user-agent'], chave });
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

  const endereco = await app.listen({ port: opcoes.porta ?? 0, host: opcoes.host ?? '127.0.0.1' });
  url = `${endereco}/v3`;
  const contaDe = (chave?: string) => loja.porChave(chave ?? chaveApi)!;

  return {
    url,
    chaveApi,
    requisicoes,
    picoSimultaneas: () => pico,
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
    fechar: async () => {
      await entregador.fechar();
      await app.close();
    },
  };
}
