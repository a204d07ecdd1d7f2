import { z } from 'zod';
import { data, id, MSG, periodoValido } from './comum.js';

/**
 * Spec §2, §3 indicator filter shared by every indicator screen: organization (default the
 * user's), own organization only, grouping (`periodo`: 0 days, 1 months, 2 years — the charts'
 * last ten of them) and the period, by default the first day of the current month to today.
 */
export const AGRUPAMENTOS_INDICADOR = ['DIAS', 'MESES', 'ANOS'] as const;
export const indicadorQuery = z
  .object({
    organizacaoId: id.optional(),
    somenteMinhaOrganizacao: z
      .enum(['true', 'false'])
      .default('false')
      .transform((v) => v === 'true'),
    periodo: z.coerce.number().int().min(0).max(2).default(0),
    periodoDe: data.optional(),
    periodoAte: data.optional(),
  })
  .refine((q) => periodoValido(q.periodoDe, q.periodoAte), { path: ['periodoAte'], message: MSG.periodoInvalido });
export type IndicadorQuery = z.infer<typeof indicadorQuery>;

/** One bar of an indicator: a key (status, bucket of the series…) and its count. */
export const contagemIndicador = z.object({ chave: z.string(), total: z.number().int() });
