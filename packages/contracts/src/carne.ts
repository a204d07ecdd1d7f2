import { z } from 'zod';
import { data, MSG } from './comum.js';
import { idsPessoas, pessoaListQuery } from './pessoa.js';

/** A booklet's period runs over due dates, or over competence months (the months of its dates). */
export const TIPOS_PERIODO_CARNE = ['vencimento', 'competencia'] as const;

/** The period of `/emissao-carnes`, shared by the API and the web form (same rule, same message). */
export const periodoCarne = z
  .object({
    tipoPeriodo: z.enum(TIPOS_PERIODO_CARNE).default('vencimento'),
    inicio: data,
    fim: data,
  })
  .refine((p) => p.inicio <= p.fim, { path: ['fim'], message: MSG.dataFimAntesInicio });
export type PeriodoCarne = z.infer<typeof periodoCarne>;

/** The people (by the people list's filters, or one by one) and the period of a booklet run. */
export const carneQuery = pessoaListQuery.and(periodoCarne).and(z.object({ pessoasIds: idsPessoas.optional() }));
export type CarneQuery = z.infer<typeof carneQuery>;
