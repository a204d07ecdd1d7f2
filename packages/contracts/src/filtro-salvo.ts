import { z } from 'zod';

/** Spec §3 saved filter: a user's named filters for one list screen; one of them may be the default. */
const filtros = z.record(z.string(), z.unknown());

/** Without `acesso`: the user's filters of every screen (the `/filtros-salvos` page). */
export const filtroSalvoQuery = z.object({ acesso: z.string().trim().min(1).max(64).optional() });

export const filtroSalvoInput = z.object({
  acesso: z.string().trim().min(1).max(64),
  // A blank name is refused by the API with the spec's own message ("could not save the filter").
  nome: z.string().trim().max(100).nullish(),
  padrao: z.boolean().default(false),
  filtros: filtros.default({}),
});
export type FiltroSalvoInput = z.infer<typeof filtroSalvoInput>;

/** The screen of a saved filter does not change. */
export const filtroSalvoUpdate = filtroSalvoInput.omit({ acesso: true });
export type FiltroSalvoUpdate = z.infer<typeof filtroSalvoUpdate>;

export const filtroSalvo = z.object({
  id: z.number().int(),
  acesso: z.string(),
  nome: z.string(),
  padrao: z.boolean(),
  filtros,
  criadoEm: z.string(),
  atualizadoEm: z.string(),
});
export type FiltroSalvo = z.infer<typeof filtroSalvo>;
