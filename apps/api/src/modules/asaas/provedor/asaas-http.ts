import { setTimeout as esperar } from 'node:timers/promises';
import type { CodigoErro } from '@sig/contracts';
import { AppError } from '../../../platform/erros.js';

export type OpcoesHttpAsaas = {
  /** `https://api.asaas.com/v3`, the sandbox, or the local fake. */
  baseUrl: string;
  chaveApi: string;
  userAgent: string;
  /** Per attempt. */
  tempoLimiteMs?: number;
  /** Attempts in all, the first included. */
  tentativas?: number;
  esperaBaseMs?: number;
  /** Longest wait before a retry; a provider asking for more is answered with the error at once. */
  esperaMaximaMs?: number;
  /** Requests in flight at once per key (Asaas refuses more than 50 concurrent GETs). */
  maxSimultaneas?: number;
};

export type ListaAsaas<T> = {
  object: 'list';
  hasMore: boolean;
  totalCount: number;
  limit: number;
  offset: number;
  data: T[];
};

type ErroCorpo = { errors?: { code?: string; description?: string }[] };

/** The provider's 400 codes mapped to ours; any other code falls back to PROVEDOR_DADOS_INVALIDOS. */
const CODIGOS_400: Record<string, CodigoErro> = {
  invalid_action: 'PROVEDOR_ACAO_INVALIDA',
  invalid_customer: 'PROVEDOR_CLIENTE_INVALIDO',
  invalid_cpfCnpj: 'PROVEDOR_CPF_CNPJ_INVALIDO',
  invalid_dueDate: 'PROVEDOR_VENCIMENTO_INVALIDO',
  invalid_billingType: 'PROVEDOR_FORMA_PAGAMENTO_INVALIDA',
  invalid_installmentCount: 'PROVEDOR_PARCELAS_INVALIDAS',
  invalid_creditCard: 'PROVEDOR_CARTAO_RECUSADO',
};

/** A provider failure in our terms; keeps what the provider said for logs and support. */
export class ErroProvedor extends AppError {
  constructor(
    codigo: CodigoErro,
    readonly statusProvedor: number | null,
    readonly codigoProvedor: string | null = null,
    readonly descricaoProvedor: string | null = null,
  ) {
    super(codigo, { detalhe: descricaoProvedor ?? '' });
  }
}

function erroDaResposta(status: number, corpo: ErroCorpo | null): ErroProvedor {
  const [e] = corpo?.errors ?? [];
  const code = e?.code ?? null;
  const descricao = e?.description ?? null;
  if (status === 400)
    return new ErroProvedor(CODIGOS_400[code ?? ''] ?? 'PROVEDOR_DADOS_INVALIDOS', 400, code, descricao);
  if (status === 401) return new ErroProvedor('PROVEDOR_CHAVE_INVALIDA', 401, code, descricao);
  if (status === 404) return new ErroProvedor('PROVEDOR_NAO_ENCONTRADO', 404, code, descricao);
  if (status === 429) return new ErroProvedor('PROVEDOR_LIMITE', 429, code, descricao);
  return new ErroProvedor('PROVEDOR_INDISPONIVEL', status, code, descricao);
}

/** Seconds (or an HTTP date) from Retry-After, else RateLimit-Reset (seconds) on a 429. */
export function esperaPedida(h: Headers, status: number): number | null {
  const retry = h.get('retry-after');
  if (retry) {
    const s = Number(retry);
    if (Number.isFinite(s)) return Math.max(0, s * 1000);
    const data = Date.parse(retry);
    if (Number.isFinite(data)) return Math.max(0, data - Date.now());
  }
  const reset = status === 429 ? Number(h.get('ratelimit-reset')) : Number.NaN;
  return Number.isFinite(reset) && h.get('ratelimit-reset') ? Math.max(0, reset * 1000) : null;
}

/** Keeps at most `max` requests in flight; the others wait in order. */
class Semaforo {
  private livres: number;
  private readonly fila: (() => void)[] = [];
  constructor(max: number) {
    this.livres = max;
  }
  async com<T>(f: () => Promise<T>): Promise<T> {
    if (this.livres > 0) this.livres--;
    else await new Promise<void>((ok) => this.fila.push(ok));
    try {
      return await f();
    } finally {
      const proximo = this.fila.shift();
      if (proximo) proximo();
      else this.livres++;
    }
  }
}

const IDEMPOTENTES = new Set(['GET', 'PUT', 'DELETE']);

/**
 * Asaas v3 over fetch: the `access_token` and User-Agent headers, a timeout per attempt,
 * retries with exponential backoff (full jitter) on 429 and 5xx — honouring Retry-After /
 * RateLimit-Reset — and a cap on concurrent requests. A POST is retried only on 429 (the
 * provider refused it unprocessed): after a 5xx or a timeout it may have been applied, so the
 * caller looks it up by `externalReference` instead of creating twice.
 */
export class HttpAsaas {
  private readonly o: Required<OpcoesHttpAsaas>;
  private readonly semaforo: Semaforo;
  private readonly porChave = new Map<string, HttpAsaas>();

  constructor(opcoes: OpcoesHttpAsaas) {
    this.o = {
      tempoLimiteMs: 15_000,
      tentativas: 4,
      esperaBaseMs: 500,
      esperaMaximaMs: 30_000,
      maxSimultaneas: 10,
      ...opcoes,
      baseUrl: opcoes.baseUrl.replace(/\/+$/, ''),
    };
    this.semaforo = new Semaforo(this.o.maxSimultaneas);
  }

  /**
   * The client of another key (a sub-account), with the same settings and its own throttle, made
   * once per key: every call for that account shares its cap on requests in flight.
   */
  comChave(chaveApi: string): HttpAsaas {
    let cliente = this.porChave.get(chaveApi);
    if (!cliente) {
      cliente = new HttpAsaas({ ...this.o, chaveApi });
      this.porChave.set(chaveApi, cliente);
    }
    return cliente;
  }

  async pedir<T>(
    metodo: 'GET' | 'POST' | 'PUT' | 'DELETE',
    caminho: string,
    opcoes: { corpo?: unknown; consulta?: Record<string, string | number | undefined> } = {},
  ): Promise<T> {
    const url = new URL(`${this.o.baseUrl}${caminho}`);
    for (const [k, v] of Object.entries(opcoes.consulta ?? {})) if (v !== undefined) url.searchParams.set(k, String(v));
    const init: RequestInit = {
      method: metodo,
      headers: {
        access_token: this.o.chaveApi,
        'user-agent': this.o.userAgent,
        accept: 'application/json',
        ...(opcoes.corpo === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: opcoes.corpo === undefined ? undefined : JSON.stringify(opcoes.corpo),
    };
    for (let tentativa = 1; ; tentativa++) {
      const ultima = tentativa >= this.o.tentativas;
      let erro: ErroProvedor;
      let espera: number | null = null;
      try {
        const r = await this.semaforo.com(() =>
          fetch(url, { ...init, signal: AbortSignal.timeout(this.o.tempoLimiteMs) }).then(async (res) => ({
            res,
            texto: await res.text(),
          })),
        );
        if (r.res.ok) return (r.texto ? JSON.parse(r.texto) : {}) as T;
        erro = erroDaResposta(r.res.status, lerJson(r.texto));
        const repetivel = r.res.status === 429 || (r.res.status >= 500 && IDEMPOTENTES.has(metodo));
        if (!repetivel || ultima) throw erro;
        espera = esperaPedida(r.res.headers, r.res.status);
      } catch (e) {
        if (e instanceof ErroProvedor) throw e;
        const tempo = e instanceof DOMException && e.name === 'TimeoutError';
        erro = new ErroProvedor(tempo ? 'PROVEDOR_TEMPO_ESGOTADO' : 'PROVEDOR_INDISPONIVEL', null);
        if (!IDEMPOTENTES.has(metodo) || ultima) throw erro;
      }
      const backoff = Math.random() * this.o.esperaBaseMs * 2 ** (tentativa - 1);
      const ms = espera ?? backoff;
      if (ms > this.o.esperaMaximaMs) throw erro;
      await esperar(ms);
    }
  }

  /** Walks a list endpoint with offset/limit (100 per page, the provider's maximum). */
  async *paginar<T>(caminho: string, consulta: Record<string, string | undefined> = {}): AsyncGenerator<T> {
    for (let offset = 0; ; ) {
      const pagina = await this.pedir<ListaAsaas<T>>('GET', caminho, { consulta: { ...consulta, offset, limit: 100 } });
      yield* pagina.data;
      if (!pagina.hasMore || !pagina.data.length) return;
      offset += pagina.data.length;
    }
  }
}

function lerJson(texto: string): ErroCorpo | null {
  try {
    return texto ? (JSON.parse(texto) as ErroCorpo) : null;
  } catch {
    return null;
  }
}
