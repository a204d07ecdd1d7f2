import createClient from 'openapi-fetch';
import { enviar } from './api';
import type { paths } from './api-esquema';

/**
 * The typed client (openapi-fetch over the committed OpenAPI document, docs/adr/0010): paths,
 * parameters, bodies and answers are checked by `tsc`. It sends through `enviar` (api.ts), so a
 * refusal rejects with `ApiError` as the string helpers do, and `data` is there whenever the call
 * resolves: `dados()` says so. Kept out of api.ts, which the public pages load.
 */
export const cliente = createClient<paths>({ baseUrl: window.location.origin, fetch: (pedido) => enviar(pedido) });

/** The answer of a typed call that resolved (a refusal has already thrown). */
export async function dados<T>(chamada: Promise<{ data?: T; response: Response }>): Promise<T> {
  const { data } = await chamada;
  return data as T;
}

/** An API path's first segment after `/api/`: the resource a query key is made for. */
type Segmento<P> = P extends `/api/${infer R}/${string}` ? R : P extends `/api/${infer R}` ? R : never;
export type RecursoApi = Segmento<keyof paths>;

/**
 * The query keys of one resource, so that a list, an item and a select of it share a prefix and
 * one invalidation (`todas`) refreshes every view of it after a write.
 */
export const chaves = <R extends RecursoApi>(recurso: R) => ({
  todas: [recurso] as const,
  listas: () => [recurso, 'lista'] as const,
  lista: (consulta: object) => [recurso, 'lista', consulta] as const,
  item: (id: number | string | undefined) => [recurso, 'item', id] as const,
  select: (busca = '') => [recurso, 'select', busca] as const,
  rotulo: (id: number | undefined) => [recurso, 'rotulo', id] as const,
});
