import { z } from 'zod';
import { data, id } from './comum.js';
import { listQuery, ordenacao, pagedComTotais } from './paginacao.js';
import { referencia } from './referencias.js';

/**
 * The aging (delinquency) report: receivables still open past their due date, per holder, in
 * buckets of days overdue on a base date (today unless chosen).
 */
export const FAIXAS_ATRASO = ['ate30', 'ate60', 'ate90', 'acima90'] as const;
export type FaixaAtraso = (typeof FAIXAS_ATRASO)[number];
/** Days overdue each bucket starts at (it ends where the next starts). */
export const INICIO_FAIXA: Record<FaixaAtraso, number> = { ate30: 1, ate60: 31, ate90: 61, acima90: 91 };

export const ORDENACOES_INADIMPLENCIA = ['titular', 'total', 'vencimentoMaisAntigo', 'quantidade'] as const;

export const inadimplenciaListQuery = listQuery.extend({
  ordenarPor: ordenacao(ORDENACOES_INADIMPLENCIA),
  /** The organization reported on (the one acted for by default), with those below it. */
  organizacaoId: referencia('organizacao', id).optional(),
  pessoaId: referencia('pessoa', id).optional(),
  /** The day the days overdue are counted to; today (Brazil) when left out. */
  dataBase: data.optional(),
});
export type InadimplenciaListQuery = z.infer<typeof inadimplenciaListQuery>;

const valor = z.string();
export const inadimplenciaLinha = z.object({
  /** The holder: a person or an organization (one of the two). */
  pessoaId: z.number().int().nullable(),
  organizacaoTitularId: z.number().int().nullable(),
  titularNome: z.string(),
  titularDocumento: z.string().nullable(),
  quantidade: z.number().int(),
  vencimentoMaisAntigo: z.string(),
  ate30: valor,
  ate60: valor,
  ate90: valor,
  acima90: valor,
  total: valor,
});
export type InadimplenciaLinha = z.infer<typeof inadimplenciaLinha>;

export const inadimplenciaPagina = pagedComTotais(inadimplenciaLinha, {
  quantidade: z.number().int(),
  ate30: valor,
  ate60: valor,
  ate90: valor,
  acima90: valor,
  total: valor,
});
export type InadimplenciaPagina = z.infer<typeof inadimplenciaPagina>;
