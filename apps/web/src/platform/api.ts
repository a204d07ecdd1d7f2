import type { ErroResposta } from '@sig/contracts';
import { idiomaI18n, lerIdioma, lerSessao, limparSessao } from './sessao';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly codigo: string,
    mensagem: string,
    readonly campos: { campo: string; mensagem: string }[] = [],
  ) {
    super(mensagem);
  }
}

type Query = Record<string, string | number | boolean | null | undefined | (string | number)[]>;

/** Spec §7: the trailing slash is dropped when a query string follows the path. */
export function montarUrl(caminho: string, query?: Query): string {
  const base = `/api/${caminho.replace(/^\//, '')}`;
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(query ?? {})) {
    if (v === undefined || v === null || v === '') continue;
    if (Array.isArray(v)) for (const x of v) qs.append(k, String(x));
    else qs.set(k, String(v));
  }
  const s = qs.toString();
  return s ? `${base.replace(/\/+$/, '')}?${s}` : base;
}

/** Spec §7 for every request, the typed client's too: `/api/x/?a=1` leaves as `/api/x?a=1`. */
function semBarraAntesDaConsulta(pedido: Request): Request {
  const url = new URL(pedido.url);
  if (pedido.method !== 'GET' || !url.search || !url.pathname.endsWith('/')) return pedido;
  url.pathname = url.pathname.replace(/\/+$/, '');
  return new Request(url, pedido);
}

let emAndamento = 0;
const ouvintesCarga = new Set<(n: number) => void>();
/** The global loading flag (spec §4): on while any request is in flight. */
export const aoMudarCarga = (f: (n: number) => void) => {
  ouvintesCarga.add(f);
  return () => ouvintesCarga.delete(f);
};
const mudarCarga = (d: number) => {
  emAndamento += d;
  for (const f of ouvintesCarga) f(emAndamento);
};

export type OpcoesApi = {
  query?: Query;
  corpo?: unknown;
  sinal?: AbortSignal;
  semCarga?: boolean;
  /** A token not stored yet (the sign-in steps after the password). */
  token?: string;
  /** The request outlives the page (a report sent while the user leaves). */
  keepalive?: boolean;
};

/**
 * The one way a request leaves the app (the string helpers below and the typed client, cliente.ts):
 * the stored language and token (spec §7), the global loading flag, and a refusal turned into an
 * `ApiError` with the server's message and field errors; a 401 clears the stored session (spec §8).
 */
export async function enviar(entrada: Request, o: Pick<OpcoesApi, 'semCarga' | 'token'> = {}): Promise<Response> {
  const pedido = semBarraAntesDaConsulta(entrada);
  const sessao = lerSessao();
  pedido.headers.set('accept-language', idiomaI18n(lerIdioma()));
  const token = o.token ?? sessao?.token;
  if (token) pedido.headers.set('authorization', `Bearer ${token}`);
  if (!o.semCarga) mudarCarga(1);
  try {
    const r = await fetch(pedido);
    if (!r.ok) {
      const erro = (await r.json().catch(() => null)) as ErroResposta | null;
      const entrando = new URL(pedido.url).pathname.startsWith('/api/Autenticacao/autenticar');
      if (r.status === 401 && sessao && !o.token && !entrando) limparSessao();
      throw new ApiError(r.status, erro?.codigo ?? 'ERRO_INESPERADO', erro?.mensagem ?? r.statusText, erro?.campos);
    }
    return r;
  } finally {
    if (!o.semCarga) mudarCarga(-1);
  }
}

const requisitar = (metodo: string, caminho: string, o: OpcoesApi = {}) =>
  enviar(
    new Request(new URL(montarUrl(caminho, o.query), window.location.origin), {
      method: metodo,
      headers: o.corpo === undefined ? {} : { 'content-type': 'application/json' },
      body: o.corpo === undefined ? undefined : JSON.stringify(o.corpo),
      signal: o.sinal,
      keepalive: o.keepalive,
    }),
    o,
  );

async function json<T>(metodo: string, caminho: string, o?: OpcoesApi): Promise<T> {
  const r = await requisitar(metodo, caminho, o);
  return (r.status === 204 ? undefined : await r.json()) as T;
}

/** The generic helpers of spec §7. */
export const api = {
  get: <T>(caminho: string, query?: Query, o?: OpcoesApi) => json<T>('GET', caminho, { ...o, query }),
  post: <T>(caminho: string, corpo?: unknown, o?: OpcoesApi) => json<T>('POST', caminho, { ...o, corpo: corpo ?? {} }),
  put: <T>(caminho: string, corpo?: unknown, o?: OpcoesApi) => json<T>('PUT', caminho, { ...o, corpo }),
  putId: <T>(caminho: string, id: number | string, corpo: unknown, o?: OpcoesApi) =>
    json<T>('PUT', `${caminho}/${id}`, { ...o, corpo }),
  delete: <T>(caminho: string, id: number | string, o?: OpcoesApi) => json<T>('DELETE', `${caminho}/${id}`, o),
  /**
   * Downloads an answer (export, PDF) as a file and returns its headers (counts the server sent);
   * `salvar` may decline the file after reading them (an empty result is not worth a file).
   */
  baixar: async (caminho: string, query?: Query, nomePadrao = 'arquivo', salvar?: (cabecalhos: Headers) => boolean) => {
    const r = await requisitar('GET', caminho, { query });
    if (salvar && !salvar(r.headers)) {
      await r.body?.cancel();
      return r.headers;
    }
    baixarArquivo(await r.blob(), r, nomePadrao);
    return r.headers;
  },
};

/** Saves a downloaded answer as a file, named by its `content-disposition` (or `nomePadrao`). */
export function baixarArquivo(conteudo: Blob, resposta: Response, nomePadrao: string) {
  const disp = resposta.headers.get('content-disposition') ?? '';
  const nome = /filename="?([^";]+)"?/.exec(disp)?.[1] ?? nomePadrao;
  const url = URL.createObjectURL(conteudo);
  const a = document.createElement('a');
  a.href = url;
  a.download = nome;
  a.click();
  URL.revokeObjectURL(url);
}
