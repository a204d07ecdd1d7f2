import createClient from 'openapi-fetch';
import { baixarArquivo, enviar } from './api';
import type { paths } from './api-esquema';

/**
 * The typed client (openapi-fetch over the committed OpenAPI document, docs/adr/0012): paths,
 * parameters, bodies and answers are checked by `tsc`; the spec §7 helpers (get, post, put, put
 * with id, delete) are its methods. It sends through `enviar` (api.ts), so a refusal rejects with
 * `ApiError`, and `data` is there whenever the call resolves: `dados()` says so.
 */
export const cliente = createClient<paths>({ baseUrl: window.location.origin, fetch: (pedido) => enviar(pedido) });
/** The same, for reads that must not turn the page's loading flag on (a select's search, a label). */
export const clienteDiscreto = createClient<paths>({
  baseUrl: window.location.origin,
  fetch: (pedido) => enviar(pedido, { semCarga: true }),
});

/** A call's options for a token not stored yet (the sign-in steps after the password). */
export const comToken = (token: string) => ({ fetch: (pedido: Request) => enviar(pedido, { token }) });

/** The answer of a typed call that resolved (a refusal has already thrown). */
export async function dados<T>(chamada: Promise<{ data?: T; response: Response }>): Promise<T> {
  const { data } = await chamada;
  return data as T;
}

/** An API path's first segment after `/api/`: the resource a query key is made for. */
type Segmento<P> = P extends `/api/${infer R}/${string}` ? R : P extends `/api/${infer R}` ? R : never;
export type RecursoApi = Segmento<keyof paths>;

/** The resources that answer `/api/<recurso><sufixo>` (`/paginado`, `/select`, `/exportar`, `/{id}`). */
type RecursoCom<S extends string> = keyof paths extends infer K
  ? K extends `/api/${infer R}${S}`
    ? R extends `${string}/${string}`
      ? never
      : R
    : never
  : never;
export type RecursoPaginado = RecursoCom<'/paginado'>;
export type RecursoSelect = RecursoCom<'/select'>;
export type RecursoExportavel = RecursoCom<'/exportar'>;
export type RecursoComId = RecursoCom<'/{id}'>;

/** An operation's JSON answer (200, or 201 for a creation). */
export type RespostaDe<O> = O extends { responses: { 200: { content: { 'application/json': infer J } } } }
  ? J
  : O extends { responses: { 201: { content: { 'application/json': infer J } } } }
    ? J
    : never;
type Consulta<O> = O extends { parameters: { query?: infer Q } } ? NonNullable<Q> : never;

/** A paged list's answer and its query, by resource. */
export type PaginaDe<R extends RecursoPaginado> = RespostaDe<paths[`/api/${R}/paginado`]['get']>;
export type ConsultaDe<R extends RecursoPaginado> = Consulta<paths[`/api/${R}/paginado`]['get']>;
/** One record as `GET /api/<recurso>/{id}` answers it. */
export type RegistroDe<R extends RecursoComId> = RespostaDe<paths[`/api/${R}/{id}`]['get']>;

/*
 * The calls a platform hook makes for whatever resource a page names. openapi-fetch types one
 * literal path at a time, so each call names the path it builds from the resource, typed by the
 * resource's own operation (the answer, the query) through the types above.
 */
type PaginadoQualquer = '/api/banco/paginado';
type SelectQualquer = '/api/banco/select';
type ExportarQualquer = '/api/banco/exportar';
type ComIdQualquer = '/api/banco/{id}';
type ColecaoQualquer = '/api/banco/';

export const recurso = {
  /** `GET /api/<recurso>/paginado`: a page of the list with its filters; `discreto` as for `item`. */
  pagina: <R extends RecursoPaginado>(r: R, consulta: ConsultaDe<R> | object, sinal?: AbortSignal, discreto = false) =>
    dados(
      (discreto ? clienteDiscreto : cliente).GET(`/api/${r}/paginado` as PaginadoQualquer, {
        params: { query: consulta as never },
        signal: sinal,
      }),
    ) as Promise<PaginaDe<R>>,
  /** `GET /api/<recurso>/select`: options for a select (`busca`, or the chosen `ids`). */
  opcoes: (r: RecursoSelect, consulta: Record<string, string | undefined>, sinal?: AbortSignal) =>
    dados(
      clienteDiscreto.GET(`/api/${r}/select` as SelectQualquer, {
        params: { query: consulta as never },
        signal: sinal,
      }),
    ) as Promise<{ value: number; label: string }[]>,
  /** `GET /api/<recurso>/{id}`; `discreto`: without the page's loading flag. */
  item: <R extends RecursoComId>(r: R, id: number, sinal?: AbortSignal, discreto = false) =>
    dados(
      (discreto ? clienteDiscreto : cliente).GET(`/api/${r}/{id}` as ComIdQualquer, {
        params: { path: { id } },
        signal: sinal,
      }),
    ) as Promise<RegistroDe<R>>,
  /** `POST /api/<recurso>/`. */
  criar: <T>(r: RecursoApi, corpo: unknown) =>
    dados(cliente.POST(`/api/${r}/` as ColecaoQualquer, { body: corpo as never })) as Promise<T>,
  /** `PUT /api/<recurso>/{id}`. */
  atualizar: <T>(r: RecursoComId, id: number, corpo: unknown) =>
    dados(
      cliente.PUT(`/api/${r}/{id}` as ComIdQualquer, { params: { path: { id } }, body: corpo as never }),
    ) as Promise<T>,
  /** `DELETE /api/<recurso>/{id}`. */
  excluir: (r: RecursoComId, id: number) =>
    dados(cliente.DELETE(`/api/${r}/{id}` as ComIdQualquer, { params: { path: { id } } })),
  /**
   * `GET /api/<recurso>/exportar` (or the resource's `rota`) downloaded as a file (CSV or XLSX of
   * the filtered list), named by the server's `content-disposition`.
   */
  exportar: async (r: RecursoExportavel, consulta: object, formato: 'csv' | 'xlsx', rota = '/exportar') => {
    const { data, response } = await cliente.GET(`/api/${r}${rota}` as ExportarQualquer, {
      params: { query: { ...consulta, formato } as never },
      parseAs: 'blob',
    });
    baixarArquivo(data as Blob, response, `${r}.${formato}`);
  },
};

/**
 * The query keys of one resource, so that a list, an item and a select of it share a prefix and
 * one invalidation (`todas`) refreshes every view of it after a write.
 */
export const chaves = <R extends RecursoApi>(recurso: R) => ({
  todas: [recurso] as const,
  listas: () => [recurso, 'lista'] as const,
  lista: (consulta: object) => [recurso, 'lista', consulta] as const,
  item: (id: number | string | undefined) => [recurso, 'item', id] as const,
  select: (busca = '', filtros: Record<string, string> = {}) => [recurso, 'select', busca, filtros] as const,
  rotulo: (id: number | undefined) => [recurso, 'rotulo', id] as const,
});
