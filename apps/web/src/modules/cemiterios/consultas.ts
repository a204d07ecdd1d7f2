import { type QueryClient, queryOptions } from '@tanstack/react-query';
import { chaves, cliente, dados } from '../../platform/cliente';

/** The plots of one block of a cemetery (the first block when none is picked), as the grid draws them. */
export const consultaGrade = (cemiterioId: number, quadra?: string) =>
  queryOptions({
    queryKey: [...chaves('cemiterio').todas, 'jazigos', cemiterioId, quadra ?? null],
    queryFn: ({ signal }) =>
      dados(
        cliente.GET('/api/cemiterio/{id}/jazigos', {
          params: { path: { id: cemiterioId }, query: quadra ? { quadra } : {} },
          signal,
        }),
      ),
    // The answer asked for as the route opened (below) serves the grid that mounts a moment later;
    // every write of plots, concessions and burials invalidates it.
    staleTime: 5_000,
  });

/**
 * The cemetery form's plots asked for as its route opens, beside the permissions and the page's
 * code, not after the form has mounted (bench/README.md, "Cemetery block grid").
 */
export function anteciparGrade(id: string | undefined, consultas: QueryClient) {
  if (id && /^[1-9]\d*$/.test(id)) void consultas.prefetchQuery(consultaGrade(Number(id)));
}
