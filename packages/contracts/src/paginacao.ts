import { z } from 'zod';

export const QUANTIDADE_PADRAO = 10;
export const QUANTIDADE_MAXIMA = 500;

/**
 * One paging contract for every list (`GET /api/x/paginado`). A list that sorts adds
 * `ordenarPor: ordenacao([...its keys])`: a key it does not declare is refused, never looked up.
 */
export const listQuery = z.object({
  pagina: z.coerce.number().int().min(1).max(1_000_000).default(1),
  quantidade: z.coerce.number().int().min(1).max(QUANTIDADE_MAXIMA).default(QUANTIDADE_PADRAO),
  ordem: z.enum(['asc', 'desc']).default('asc'),
});

/** The sort keys a list declares. */
export const ordenacao = <const T extends readonly [string, ...string[]]>(chaves: T) => z.enum(chaves).optional();
export type ListQuery = z.infer<typeof listQuery>;

export const paged = <T extends z.ZodType>(item: T) =>
  z.object({
    itens: z.array(item),
    total: z.number().int(),
    pagina: z.number().int(),
    quantidade: z.number().int(),
  });

export type Paged<T> = { itens: T[]; total: number; pagina: number; quantidade: number };

/**
 * A page whose answer also sums the whole filtered set (the list's totals row), each total named
 * after the column it stands under.
 */
export const pagedComTotais = <T extends z.ZodType, S extends z.ZodRawShape>(item: T, totais: S) =>
  paged(item).extend({ totais: z.object(totais) });
