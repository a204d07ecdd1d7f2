import { z } from 'zod';
import { data, id, MSG, periodoValido } from './comum.js';
import { listQuery } from './paginacao.js';
import { referencia } from './referencias.js';

export const EVENTOS_AUDITORIA = [
  'LOGIN',
  'LOGIN_FALHA',
  'LOGIN_2FA',
  'LOGOUT',
  'TROCA_ORGANIZACAO',
  'REQUISICAO',
  'EXPORTACAO',
  'TELA',
  'DADOS_PESSOAIS',
  'ANONIMIZACAO',
] as const;
export type EventoAuditoriaId = (typeof EVENTOS_AUDITORIA)[number];

/** Columns the audit list may be sorted by (an allow-list: anything else is a 400). */
export const ORDENACAO_AUDITORIA = [
  'criadoEm',
  'evento',
  'usuarioId',
  'login',
  'organizacaoId',
  'acesso',
  'metodo',
  'rota',
  'status',
  'ip',
] as const;
export type OrdenacaoAuditoria = (typeof ORDENACAO_AUDITORIA)[number];

/** Filters shared by the paged list and the export. */
const filtrosAuditoria = z.object({
  usuarioId: id.optional(),
  organizacaoId: referencia('organizacao', id).optional(),
  evento: z.enum(EVENTOS_AUDITORIA).optional(),
  acesso: z.string().max(64).optional(),
  metodo: z.enum(['GET', 'POST', 'PUT', 'DELETE', 'PATCH']).optional(),
  status: z.coerce.number().int().min(100).max(599).optional(),
  /** Dates in the church's time zone, both inclusive. */
  periodoDe: data.optional(),
  periodoAte: data.optional(),
  ordenarPor: z.enum(ORDENACAO_AUDITORIA).optional(),
});

const periodoOk = (v: { periodoDe?: string; periodoAte?: string }) => periodoValido(v.periodoDe, v.periodoAte);
const periodoErro = () => ({ message: MSG.periodoInvalido, path: ['periodoAte'] });

export const auditoriaListQuery = listQuery.extend(filtrosAuditoria.shape).refine(periodoOk, periodoErro());
export type AuditoriaListQuery = z.infer<typeof auditoriaListQuery>;

export const FORMATOS_EXPORTACAO = ['csv'] as const;
export const auditoriaExportQuery = filtrosAuditoria
  .extend({ ordem: listQuery.shape.ordem, formato: z.enum(FORMATOS_EXPORTACAO).default('csv') })
  .refine(periodoOk, periodoErro());
export type AuditoriaExportQuery = z.infer<typeof auditoriaExportQuery>;
/** What the list and the export filter on (no paging). */
export type AuditoriaFiltros = Omit<AuditoriaExportQuery, 'formato'>;

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
export type AuditoriaItem = z.infer<typeof auditoriaItem>;

/** `GET /api/auditoria-acesso/historico/:entidade/:entidadeId`: entity names as the modules write them. */
export const historicoParams = z.object({
  // A kind of record: a table-like name or a registry's `recurso` (`teste-dons`, `tipo-pessoa`).
  entidade: z
    .string()
    .max(64)
    .regex(/^[A-Za-z][A-Za-z0-9_-]*$/),
  entidadeId: id,
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
export type HistoricoItem = z.infer<typeof historicoItem>;
