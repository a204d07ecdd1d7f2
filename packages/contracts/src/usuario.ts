import { z } from 'zod';

/** A user as other screens pick it (team participants, ticket assignees): name and e-mail. */
export const usuarioResumo = z.object({ id: z.number().int(), nome: z.string(), email: z.string() });
export type UsuarioResumo = z.infer<typeof usuarioResumo>;

export const usuarioSelectQuery = z.object({ busca: z.string().trim().max(200).optional() });

/** A notice on the board of the organization the user acts for (spec §2, /mural-de-avisos). */
export const avisoVigente = z.object({
  id: z.number().int(),
  nome: z.string(),
  mensagem: z.string(),
  validoAte: z.string().nullable(),
  organizacaoId: z.number().int(),
  organizacaoNome: z.string(),
  criadoEm: z.string(),
});
export type AvisoVigente = z.infer<typeof avisoVigente>;
