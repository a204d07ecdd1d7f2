import { z } from 'zod';
import { id, listaDaConsulta } from './comum.js';
import { listQuery } from './paginacao.js';
import { naoReferencia, referencia } from './referencias.js';

/**
 * Bulk processing (spec §2 /processamentos-em-lote and the "em lote" screens, §4 cancel,
 * reprocess errors, undo items): one batch of items worked one by one in the background.
 */
export const TIPOS_LOTE = [
  'CLIENTES_ASAAS',
  'CARNES',
  'CONTAS_A_RECEBER',
  'COBRANCAS',
  'MIGRACAO',
  'MIGRACAO_ANALISE',
  'OFICIOS',
  'EMAIL_INSCRICOES',
] as const;
export type TipoLote = (typeof TIPOS_LOTE)[number];

export const STATUS_LOTE = ['PENDENTE', 'EM_ANDAMENTO', 'CONCLUIDO', 'CONCLUIDO_COM_ERROS', 'CANCELADO'] as const;
export type StatusLote = (typeof STATUS_LOTE)[number];
/** A batch in these still has items to work. */
export const STATUS_LOTE_ATIVOS: readonly StatusLote[] = ['PENDENTE', 'EM_ANDAMENTO'];

export const STATUS_ITEM_LOTE = ['PENDENTE', 'EM_ANDAMENTO', 'OK', 'ERRO', 'DESFEITO'] as const;
export type StatusItemLote = (typeof STATUS_ITEM_LOTE)[number];

export const processamentoLote = z.object({
  id: z.number().int(),
  tipo: z.enum(TIPOS_LOTE),
  organizacaoId: z.number().int(),
  organizacaoNome: z.string(),
  criadoPorNome: z.string(),
  status: z.enum(STATUS_LOTE),
  total: z.number().int(),
  sucessos: z.number().int(),
  erros: z.number().int(),
  desfeitos: z.number().int(),
  /** Items still waiting or being worked. */
  pendentes: z.number().int(),
  /** Whether the kind can undo its items. */
  desfazivel: z.boolean(),
  criadoEm: z.string(),
  iniciadoEm: z.string().nullable(),
  concluidoEm: z.string().nullable(),
  canceladoEm: z.string().nullable(),
});
export type ProcessamentoLote = z.infer<typeof processamentoLote>;

export const itemLote = z.object({
  id: z.number().int(),
  referenciaId: z.number().int(),
  descricao: z.string(),
  status: z.enum(STATUS_ITEM_LOTE),
  acao: z.enum(['PROCESSAR', 'DESFAZER']),
  /** The error in the request's language. */
  erro: z.string().nullable(),
  resultado: z.string().nullable(),
  tentativas: z.number().int(),
  atualizadoEm: z.string(),
});
export type ItemLote = z.infer<typeof itemLote>;

export const processamentoLoteListQuery = listQuery.extend({
  ordenarPor: z.enum(['criadoEm', 'status', 'tipo', 'id']).optional(),
  tipo: z.enum(TIPOS_LOTE).optional(),
  status: z.preprocess(listaDaConsulta, z.array(z.enum(STATUS_LOTE)).max(5).optional()),
  /** An organization of the scope: its batches and those of the organizations below it. */
  organizacaoId: referencia('organizacao', id).optional(),
});
export type ProcessamentoLoteListQuery = z.infer<typeof processamentoLoteListQuery>;

export const itensLoteQuery = listQuery.extend({
  status: z.preprocess(listaDaConsulta, z.array(z.enum(STATUS_ITEM_LOTE)).max(5).optional()),
});
export type ItensLoteQuery = z.infer<typeof itensLoteQuery>;

export const desfazerItensInput = z.object({
  /** Items to undo; all the batch's done items when left out. */
  itemIds: naoReferencia(
    z.array(id).min(1).max(1000),
    "items of the batch in the path: the service undoes only that batch's own",
  ).optional(),
});
export type DesfazerItensInput = z.infer<typeof desfazerItensInput>;

/** Spec §2 /clientes-asaas-lote: people chosen by organization (subtree) and/or by id. */
export const clientesAsaasLoteInput = z
  .object({
    organizacaoId: referencia('organizacao', id).optional(),
    /** With `organizacaoId`: the organizations below it too. */
    incluirSubarvore: z.boolean().default(true),
    pessoaIds: z.array(referencia('pessoa', id)).min(1).max(1000).optional(),
  })
  .refine((v) => v.organizacaoId || v.pessoaIds, {
    path: ['organizacaoId'],
    message: 'validacao:organizacaoOuPessoas',
  });
export type ClientesAsaasLoteInput = z.infer<typeof clientesAsaasLoteInput>;

/** The customers list (spec §2 /clientes): people known as customers at a provider account. */
export const clienteListQuery = listQuery.extend({
  /** Part of the name, accents and case ignored. */
  nome: z.string().trim().max(200).optional(),
  cpf: z.string().trim().max(20).optional(),
});
export type ClienteListQuery = z.infer<typeof clienteListQuery>;

export const clienteInput = z.object({
  pessoaId: referencia('pessoa', id),
  /** The organization whose provider account holds the customer; the user's when left out. */
  organizacaoId: referencia('organizacao', id).optional(),
});
export type ClienteInput = z.infer<typeof clienteInput>;

export const cliente = z.object({
  id: z.number().int(),
  pessoaId: z.number().int(),
  pessoaNome: z.string(),
  /** Absent when the profile may not see people's CPF. */
  cpf: z.string().nullable().optional(),
  /** The organization whose sub-account holds the customer; null: the main account. */
  contaOrganizacaoId: z.number().int().nullable(),
  contaOrganizacaoNome: z.string().nullable(),
  provedorClienteId: z.string(),
  atualizadoEm: z.string(),
});
export type Cliente = z.infer<typeof cliente>;
