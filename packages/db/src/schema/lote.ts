import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, smallint, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { usuario } from './acesso.js';
import { organizacao } from './organizacoes.js';
import { pessoa } from './pessoas.js';

/**
 * A bulk processing (spec §2 "em lote" screens, §4 cancel / reprocess errors / undo): one row
 * per batch; its items are worked one by one by the API process's worker.
 */
export const processamentoLote = pgTable(
  'processamento_lote',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    /** The kind in the worker's registry (`CLIENTES_ASAAS`, …). */
    tipo: text().notNull(),
    organizacaoId: integer()
      .notNull()
      .references(() => organizacao.id),
    criadoPor: integer()
      .notNull()
      .references(() => usuario.id),
    /** PENDENTE, EM_ANDAMENTO, CONCLUIDO, CONCLUIDO_COM_ERROS, CANCELADO. */
    status: text().notNull().default('PENDENTE'),
    /** What the user chose (filters), kept to show on the batch. */
    parametros: jsonb().notNull().default({}),
    total: integer().notNull().default(0),
    sucessos: integer().notNull().default(0),
    erros: integer().notNull().default(0),
    desfeitos: integer().notNull().default(0),
    criadoEm: timestamp({ withTimezone: true }).notNull().defaultNow(),
    iniciadoEm: timestamp({ withTimezone: true }),
    concluidoEm: timestamp({ withTimezone: true }),
    canceladoEm: timestamp({ withTimezone: true }),
  },
  (t) => [index('processamento_lote_organizacao_idx').on(t.organizacaoId, t.criadoEm)],
);

/**
 * One item of a batch. EM_ANDAMENTO is held for a lease: an item still there when the lease
 * ends (its worker died) is claimed again, and the kind's idempotency keeps it from being done twice.
 */
export const processamentoLoteItem = pgTable(
  'processamento_lote_item',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    loteId: integer()
      .notNull()
      .references(() => processamentoLote.id),
    /** Our record the item acts on (a person for CLIENTES_ASAAS). */
    referenciaId: integer().notNull(),
    descricao: text().notNull().default(''),
    /** PENDENTE, EM_ANDAMENTO, OK, ERRO, DESFEITO. */
    status: text().notNull().default('PENDENTE'),
    /** PROCESSAR or DESFAZER: what the worker does when it claims the item. */
    acao: text().notNull().default('PROCESSAR'),
    /** An error code (erros namespace) and its parameters, localized when read. */
    erroCodigo: text(),
    erroParametros: jsonb(),
    /** What the item produced (the provider customer id, …). */
    resultado: text(),
    tentativas: smallint().notNull().default(0),
    atualizadoEm: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('processamento_lote_item_lote_idx').on(t.loteId, t.id),
    index('processamento_lote_item_fila_idx').on(t.id).where(sql`${t.status} in ('PENDENTE', 'EM_ANDAMENTO')`),
  ],
);

/**
 * A person's customer at the payment provider, per provider account (`contaOrganizacaoId`:
 * the organization whose sub-account holds it; null for the main account).
 */
export const clienteProvedor = pgTable(
  'cliente_provedor',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    pessoaId: integer()
      .notNull()
      .references(() => pessoa.id),
    contaOrganizacaoId: integer().references(() => organizacao.id),
    provedorClienteId: text().notNull(),
    criadoEm: timestamp({ withTimezone: true }).notNull().defaultNow(),
    atualizadoEm: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('cliente_provedor_uq').on(t.pessoaId, t.contaOrganizacaoId).nullsNotDistinct()],
);
