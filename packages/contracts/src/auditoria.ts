import { z } from 'zod';
import { data, id, MSG, periodoValido } from './comum.js';
import { listQuery } from './paginacao.js';

export const EVENTOS_AUDITORIA = [
  'LOGIN',
  'LOGIN_FALHA',
  'LOGIN_2FA',
  'LOGOUT',
  'TROCA_ORGANIZACAO',
  'REQUISICAO',
  'EXPORTACAO',
  'TELA',
] as const;

export const auditoriaListQuery = listQuery
  .extend({
    usuarioId: id.optional(),
    organizacaoId: id.optional(),
    evento: z.enum(EVENTOS_AUDITORIA).optional(),
    acesso: z.string().max(64).optional(),
    metodo: z.enum(['GET', 'POST', 'PUT', 'DELETE', 'PATCH']).optional(),
    status: z.coerce.number().int().min(100).max(599).optional(),
    periodoDe: data.optional(),
    periodoAte: data.optional(),
  })
  .refine((v) => periodoValido(v.periodoDe, v.periodoAte), { message: MSG.periodoInvalido, path: ['periodoAte'] });

export const auditoriaItem = z.object({
  id: z.number(),
  evento: z.string(),
  usuarioId: z.number().nullable(),
  usuarioNome: z.string().nullable(),
  login: z.string().nullable(),
  organizacaoId: z.number().nullable(),
  acesso: z.string().nullable(),
  metodo: z.string().nullable(),
  rota: z.string().nullable(),
  status: z.number().nullable(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  criadoEm: z.string(),
});

export const historicoItem = z.object({
  id: z.number(),
  entidade: z.string(),
  entidadeId: z.number(),
  operacao: z.string(),
  campo: z.string().nullable(),
  valorAnterior: z.unknown(),
  valorNovo: z.unknown(),
  usuarioId: z.number().nullable(),
  usuarioNome: z.string().nullable(),
  criadoEm: z.string(),
});
