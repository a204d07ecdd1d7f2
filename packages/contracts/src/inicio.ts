import { z } from 'zod';
import { id } from './comum.js';
import { referencia } from './referencias.js';

/** A count of receivables and what they sum (expected for the open ones, paid for the paid ones). */
const grupoReceber = z.object({ quantidade: z.number().int(), valor: z.string() });

/**
 * The home page's figures (spec §2 /dashboard and /dashboard/filho), each the total of the list
 * it links to with the same filters: a part is absent when the user may not list that screen.
 * Month figures cover `mesDe`–`mesAte` (the current month in Brazil).
 */
export const resumoInicio = z.object({
  organizacaoId: z.number().int(),
  organizacaoNome: z.string(),
  mesDe: z.string(),
  mesAte: z.string(),
  /** People in the scope (the people list's total). */
  pessoas: z.object({ total: z.number().int(), exato: z.boolean() }).optional(),
  /** Offerings of the month's worship services. */
  ofertasMes: z.object({ cultos: z.number().int(), valor: z.string() }).optional(),
  /** Receivables due this month, by status. */
  receberMes: z.object({ abertas: grupoReceber, vencidas: grupoReceber, pagas: grupoReceber }).optional(),
  /** Open tickets in the user's inbox and in triage (the home of the organization acted for only). */
  atendimentosCaixaEntrada: z.number().int().optional(),
  atendimentosTriagem: z.number().int().optional(),
  /** Notices on the board. */
  avisos: z.number().int().optional(),
  /** Financial exceptions waiting for a person. */
  pendencias: z.number().int().optional(),
});
export type ResumoInicio = z.infer<typeof resumoInicio>;

export const resumoFilhoQuery = z.object({ organizacaoId: referencia('organizacao', id) });

export const filhosInicioQuery = z.object({ busca: z.string().trim().max(100).default('') });
