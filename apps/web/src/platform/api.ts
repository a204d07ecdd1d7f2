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

type OpcoesEnvio = {
  semCarga?: boolean;
  /** A token not stored yet (the sign-in steps after the password). */
  token?: string;
};

/**
 * The one way a request leaves the app (the typed client, cliente.ts):
 * the stored language and token (spec §7), the global loading flag, and a refusal turned into an
 * `ApiError` with the server's message and field errors; a 401 clears the stored session (spec §8).
 */
export async function enviar(entrada: Request, o: OpcoesEnvio = {}): Promise<Response> {
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

/** A chosen file's content in base64, as the API takes an upload inside a JSON body. */
export const paraBase64 = (arquivo: File) =>
  new Promise<string>((ok, falha) => {
    const leitor = new FileReader();
    leitor.onload = () => ok(String(leitor.result).replace(/^data:[^,]*,/, ''));
    leitor.onerror = () => falha(leitor.error);
    leitor.readAsDataURL(arquivo);
  });

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
