import { z } from 'zod';
import { data, id, MSG, periodoValido } from './comum.js';
import { referencia } from './referencias.js';

/**
 * Spec §2, §3 indicator filter shared by every indicator screen: organization (default the
 * user's), own organization only, grouping (`periodo`: 0 days, 1 months, 2 years — the charts'
 * last ten of them) and the period, by default the first day of the current month to today.
 */
export const AGRUPAMENTOS_INDICADOR = ['DIAS', 'MESES', 'ANOS'] as const;
/** The fields of that filter, for an indicator that adds its own (`periodo`'s default given). */
export const camposIndicador = (periodoPadrao: number) => ({
  organizacaoId: referencia('organizacao', id).optional(),
  somenteMinhaOrganizacao: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  periodo: z.coerce.number().int().min(0).max(2).default(periodoPadrao),
  periodoDe: data.optional(),
  periodoAte: data.optional(),
});
export const indicadorQuery = z
  .object(camposIndicador(0))
  .refine((q) => periodoValido(q.periodoDe, q.periodoAte), { path: ['periodoAte'], message: MSG.periodoInvalido });
export type IndicadorQuery = z.infer<typeof indicadorQuery>;

/** One bar of an indicator: a key (status, bucket of the series…) and its count. */
export const contagemIndicador = z.object({ chave: z.string(), total: z.number().int() });

/** Spec §2: a chart's series holds the last ten days, months or years of the period at most. */
export const MAXIMO_BALDES_INDICADOR = 10;

/**
 * The period an indicator's cards and charts both describe: the one asked, narrowed to its last ten
 * buckets (`recortado` when that cut its start), and the previous period of as many buckets.
 */
export const periodoIndicador = {
  periodoDe: data,
  periodoAte: data,
  recortado: z.boolean(),
  anteriorDe: data,
  anteriorAte: data,
};

/** A bucket of a series: its key (`2026-11-16`, `2026-11`, `2026`) and the days it covers (inclusive). */
export const baldeIndicador = z.object({ chave: z.string(), de: data, ate: data });
