import { z } from 'zod';
import { ACESSO_POR_ID, type AcessoId, CAMPOS_POR_ACESSO } from './acessos.js';
import { permissaoCampo, permissaoTela } from './auth.js';
import { cadeia, id, texto, textoOpcional } from './comum.js';
import { listQuery } from './paginacao.js';

const acessoId = cadeia()
  .max(64)
  .refine((v) => ACESSO_POR_ID.has(v), { message: 'validacao:acessoDesconhecido' });

export const permissaoTelaInput = z.object({
  acesso: acessoId,
  listar: z.boolean().default(false),
  visualizar: z.boolean().default(false),
  criar: z.boolean().default(false),
  atualizar: z.boolean().default(false),
  excluir: z.boolean().default(false),
  somentePropriaOrganizacao: z.boolean().default(false),
});

export const permissaoCampoInput = z
  .object({
    acesso: acessoId,
    campo: cadeia().max(64),
    visualizar: z.boolean().nullable().default(null),
    atualizar: z.boolean().nullable().default(null),
  })
  .refine(
    (v) =>
      ((Object.hasOwn(CAMPOS_POR_ACESSO, v.acesso) && CAMPOS_POR_ACESSO[v.acesso as AcessoId]) || []).includes(v.campo),
    {
      message: 'validacao:campoDesconhecido',
      path: ['campo'],
    },
  );

const unicos =
  <T>(chave: (x: T) => string) =>
  (xs: T[]) =>
    new Set(xs.map(chave)).size === xs.length;

export const perfilInput = z.object({
  nome: texto(100),
  descricao: textoOpcional(500),
  ativo: z.boolean().default(true),
  /** Users acting with the profile confirm a second factor at sign-in. */
  exige2FA: z.boolean().default(false),
  permissoes: z
    .array(permissaoTelaInput)
    .max(500)
    .default([])
    .refine(
      unicos((p: { acesso: string }) => p.acesso),
      { message: 'validacao:itemRepetido' },
    ),
  campos: z
    .array(permissaoCampoInput)
    .max(2000)
    .default([])
    .refine(
      unicos((p: { acesso: string; campo: string }) => `${p.acesso}.${p.campo}`),
      { message: 'validacao:itemRepetido' },
    ),
});
export type PerfilInput = z.infer<typeof perfilInput>;

export const perfilUpdate = perfilInput.extend({ id });
export type PerfilUpdate = z.infer<typeof perfilUpdate>;

export const perfil = z.object({
  id: z.number().int(),
  nome: z.string(),
  descricao: z.string().nullable(),
  ativo: z.boolean(),
  exige2FA: z.boolean(),
  administrador: z.boolean(),
  permissoes: z.array(permissaoTela),
  campos: z.array(permissaoCampo),
});
export type Perfil = z.infer<typeof perfil>;

export const perfilResumo = z.object({
  id: z.number().int(),
  nome: z.string(),
  descricao: z.string().nullable(),
  ativo: z.boolean(),
  administrador: z.boolean(),
  quantidadeUsuarios: z.number().int(),
});

/** Columns a profile list may be sorted by; anything else is a validation error, never raw SQL. */
export const ORDENACAO_PERFIL = ['nome', 'id'] as const;

export const perfilListQuery = listQuery.extend({
  ordenarPor: z.enum(ORDENACAO_PERFIL).default('nome'),
  nome: z.string().trim().max(100).optional(),
  ativo: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional(),
});

export type PerfilResumo = z.infer<typeof perfilResumo>;
export type PerfilListQuery = z.infer<typeof perfilListQuery>;

export const permissoesAcessoResposta = z.object({
  nome: z.string(),
  telas: z.array(permissaoTela),
});
export const perfilLogadoResposta = z.object({ perfilId: z.number().int() });
