import { z } from 'zod';
import { busca, id } from './comum.js';
import { listQuery, ordenacao, paged } from './paginacao.js';
import { referencia } from './referencias.js';

/** A user as other screens pick it (team participants, ticket assignees): name and e-mail. */
export const usuarioResumo = z.object({ id: z.number().int(), nome: z.string(), email: z.string() });
export type UsuarioResumo = z.infer<typeof usuarioResumo>;

export const usuarioSelectQuery = z.object({ busca: z.string().trim().max(200).optional() });

/** `/usuarios` (spec: users as menu items): who signs in, and as whom at each organization. */
export const ORDENACAO_USUARIO = ['nome', 'email', 'ultimoAcessoEm'] as const;

export const usuarioListQuery = listQuery.extend({
  ordenarPor: ordenacao(ORDENACAO_USUARIO),
  /** Name or e-mail. */
  busca: busca(),
  organizacaoId: referencia('organizacao', id).optional(),
  perfilId: id.optional(),
  ativo: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional(),
});
export type UsuarioListQuery = z.infer<typeof usuarioListQuery>;

/** A link of a user: at this organization the user acts with this profile. */
export const vinculoUsuario = z.object({
  organizacaoId: z.number().int(),
  organizacaoNome: z.string(),
  perfilId: z.number().int(),
  perfilNome: z.string(),
  exige2FA: z.boolean(),
});
export type VinculoUsuario = z.infer<typeof vinculoUsuario>;

/** A user as the users screen lists it: the links shown are those inside the reader's scope. */
export const usuarioLinha = z.object({
  id: z.number().int(),
  nome: z.string(),
  email: z.string(),
  ativo: z.boolean(),
  totpAtivo: z.boolean(),
  ultimoAcessoEm: z.string().nullable(),
  vinculos: z.array(vinculoUsuario),
});
export type UsuarioLinha = z.infer<typeof usuarioLinha>;

export const usuarioPagina = paged(usuarioLinha);
export type UsuarioPagina = z.infer<typeof usuarioPagina>;

export const vinculoUsuarioInput = z.object({
  organizacaoId: referencia('organizacao'),
  perfilId: referencia('perfil'),
});
export type VinculoUsuarioInput = z.infer<typeof vinculoUsuarioInput>;

export const vinculoUsuarioParams = z.object({ id, organizacaoId: id });

/** Turns a user's sign-in off (every session ends) or back on. */
export const situacaoUsuarioInput = z.object({ ativo: z.boolean() });

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
