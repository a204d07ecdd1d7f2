import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { usuario } from './acesso.js';
import { categoriaContribuicao } from './cadastros.js';
import type { TextoTraduzivel } from './financeiro.js';
import { processamentoLoteItem } from './lote.js';
import { organizacao } from './organizacoes.js';
import { pessoa } from './pessoas.js';

/**
 * Accounts receivable (spec §3): what a person or an organization (the holder, exactly one) owes
 * an organization (the owner, which scopes it). Never deleted: "excluded" is a status.
 */
export const contaAReceber = pgTable(
  'conta_a_receber',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    organizacaoId: integer()
      .notNull()
      .references(() => organizacao.id),
    pessoaId: integer().references(() => pessoa.id),
    organizacaoTitularId: integer().references(() => organizacao.id),
    tipo: text().notNull(),
    mesCompetencia: smallint().notNull(),
    anoCompetencia: smallint().notNull(),
    vencimento: date({ mode: 'string' }).notNull(),
    valorPrevisto: numeric({ precision: 14, scale: 2 }).notNull(),
    valorPago: numeric({ precision: 14, scale: 2 }),
    dataPagamento: date({ mode: 'string' }),
    dataCredito: date({ mode: 'string' }),
    formaPagamento: text(),
    linkPagamento: text(),
    descricao: text(),
    status: text().notNull().default('ABERTO'),
    /** Why it was cancelled by hand (status CANCELADO). */
    motivoCancelamento: text(),
    cobrancaGerada: boolean().notNull().default(false),
    parcelas: smallint().notNull().default(1),
    /** Set while a charge is being created at the provider: a second request waits it out. */
    cobrancaIniciadaEm: timestamp({ withTimezone: true }),
    /** Brought from the previous system (spec §8): it has no bill and cannot go in a receipt. */
    migrada: boolean().notNull().default(false),
    /** With `migrada`: the source system and the record's key there (issue 23). */
    origem: text(),
    chaveLegada: text(),
    /** The contribution category it was generated from (receivables in bulk). */
    categoriaContribuicaoId: integer().references(() => categoriaContribuicao.id),
    /** The bulk-processing item that generated it: what that item's undo excludes. */
    loteItemId: integer().references(() => processamentoLoteItem.id),
    criadoPor: integer().references(() => usuario.id),
    criadoEm: timestamp({ withTimezone: true }).notNull().defaultNow(),
    atualizadoEm: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The list (issue 17, 1M receivables): a page in (due date, id) order and the totals of the
    // filtered set read from an index alone (the amounts and the usual filters are in it), from
    // the organizations' side for a scope below the root, from the due date's for a wide one.
    index('conta_a_receber_organizacao_vencimento_idx').on(
      t.organizacaoId,
      t.vencimento,
      t.id,
      t.status,
      t.valorPrevisto,
      t.valorPago,
    ),
    index('conta_a_receber_vencimento_idx').on(
      t.vencimento,
      t.id,
      t.organizacaoId,
      t.status,
      t.valorPrevisto,
      t.valorPago,
    ),
    index('conta_a_receber_pessoa_idx').on(t.pessoaId),
    index('conta_a_receber_organizacao_titular_idx').on(t.organizacaoTitularId),
    index('conta_a_receber_lote_item_idx').on(t.loteItemId).where(sql`${t.loteItemId} is not null`),
    // Receivables in bulk: one standing receivable per person, owner, category (or none), type and
    // competence among the generated ones, whichever batch made it; a batch run again (after a
    // crash) or another batch over the same months finds it instead of adding a second one.
    uniqueIndex('conta_a_receber_lote_competencia_uq')
      .on(
        t.pessoaId,
        t.organizacaoId,
        sql`coalesce(${t.categoriaContribuicaoId}, 0)`,
        t.tipo,
        t.anoCompetencia,
        t.mesCompetencia,
      )
      .where(sql`${t.loteItemId} is not null and ${t.status} not in ('EXCLUIDO', 'CANCELADO')`),
    // A migrated receivable once per owner and source key: two runs of one file confirmed at the
    // same instant cannot both write it (the later row fails as a duplicate, nothing is doubled).
    uniqueIndex('conta_a_receber_migrada_uq')
      .on(t.organizacaoId, t.origem, t.chaveLegada)
      .where(sql`${t.migrada} and ${t.chaveLegada} is not null and ${t.status} <> 'EXCLUIDO'`),
  ],
);

/**
 * A charge at the payment provider for a receivable: one row per provider payment (an
 * installment plan gives one per installment, sharing `parcelamentoId`). A cancelled charge
 * keeps its row (`canceladaEm`) and ignores later events.
 */
export const cobranca = pgTable(
  'cobranca',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    contaAReceberId: integer()
      .notNull()
      .references(() => contaAReceber.id),
    provedorId: text().notNull(),
    parcelamentoId: text(),
    numeroParcela: smallint(),
    clienteProvedorId: text().notNull(),
    forma: text().notNull(),
    valor: numeric({ precision: 14, scale: 2 }).notNull(),
    vencimento: date({ mode: 'string' }).notNull(),
    /** Ours (spec §4 receivable statuses), moved only forward by provider events. */
    status: text().notNull(),
    statusProvedor: text().notNull(),
    urlFatura: text(),
    urlBoleto: text(),
    /**
     * The slip's codes, fetched from the provider once for the booklets (they never change for a
     * charge): the typed line and barcode (boletos) and the Pix copy-and-paste code.
     */
    linhaDigitavel: text(),
    codigoBarras: text(),
    pixCopiaECola: text(),
    /** When the provider's Pix code expires (its `expirationDate`): past it, a booklet asks again. */
    pixExpiraEm: timestamp({ withTimezone: true }),
    dataPagamento: date({ mode: 'string' }),
    dataCredito: date({ mode: 'string' }),
    /** When the last applied provider event was created: an older undo event is stale. */
    eventoEm: text(),
    /** When the reconciliation last compared it with the provider: a resumed run skips it. */
    conciliadaEm: timestamp({ withTimezone: true }),
    canceladaEm: timestamp({ withTimezone: true }),
    criadoPor: integer().references(() => usuario.id),
    criadoEm: timestamp({ withTimezone: true }).notNull().defaultNow(),
    atualizadoEm: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('cobranca_provedor_uq').on(t.provedorId),
    index('cobranca_conta_idx').on(t.contaAReceberId),
    index('cobranca_ativa_idx').on(t.contaAReceberId).where(sql`${t.canceladaEm} is null`),
  ],
);

/**
 * Provider webhook deliveries, by event id: a repeat is ignored; `processadoEm` null means not
 * applied yet (a job applies it, retried with backoff); `tentativas` and `erro` say how the
 * applying went so far.
 */
export const eventoProvedor = pgTable(
  'evento_provedor',
  {
    id: text().primaryKey(),
    evento: text().notNull(),
    pagamentoId: text(),
    payload: jsonb().notNull(),
    recebidoEm: timestamp({ withTimezone: true }).notNull().defaultNow(),
    processadoEm: timestamp({ withTimezone: true }),
    resultado: text(),
    tentativas: smallint().notNull().default(0),
    erro: text(),
    /** A treasurer dealt with what it raised (a payment for a charge we do not hold as active). */
    resolvidoEm: timestamp({ withTimezone: true }),
    resolvidoPor: integer().references(() => usuario.id),
  },
  (t) => [index('evento_provedor_pendente_idx').on(t.recebidoEm).where(sql`${t.processadoEm} is null`)],
);

/**
 * A payment recorded by hand (spec §2 /pagamento): cash, transfer or a Pix made outside the
 * provider. When the receivable had active charges they were received in cash at the provider
 * (`cobrancaIds`), so a reversal can undo exactly those. A reversal keeps the row, with its reason.
 */
export const pagamento = pgTable(
  'pagamento',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    contaAReceberId: integer()
      .notNull()
      .references(() => contaAReceber.id),
    valor: numeric({ precision: 14, scale: 2 }).notNull(),
    dataPagamento: date({ mode: 'string' }).notNull(),
    dataCredito: date({ mode: 'string' }).notNull(),
    forma: text().notNull(),
    observacao: text(),
    cobrancaIds: integer().array().notNull().default(sql`'{}'`),
    estornadoEm: timestamp({ withTimezone: true }),
    estornadoPor: integer().references(() => usuario.id),
    justificativaEstorno: text(),
    criadoPor: integer().references(() => usuario.id),
    criadoEm: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('pagamento_conta_idx').on(t.contaAReceberId),
    // One standing payment per receivable; reversed ones stay as history.
    uniqueIndex('pagamento_ativo_uq').on(t.contaAReceberId).where(sql`${t.estornadoEm} is null`),
  ],
);

/**
 * A receipt (spec §2 /lista-de-recibos, §5): one holder, paid receivables, numbered in sequence
 * per organization. Reversing keeps it (with its reason) and frees its receivables.
 */
export const recibo = pgTable(
  'recibo',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    organizacaoId: integer()
      .notNull()
      .references(() => organizacao.id),
    numero: integer().notNull(),
    data: date({ mode: 'string' }).notNull(),
    pessoaId: integer().references(() => pessoa.id),
    organizacaoTitularId: integer().references(() => organizacao.id),
    total: numeric({ precision: 14, scale: 2 }).notNull(),
    estornadoEm: timestamp({ withTimezone: true }),
    estornadoPor: integer().references(() => usuario.id),
    justificativaEstorno: text(),
    /** The reason as an i18n key when the system wrote it (a refund at the provider), shown in the reader's language. */
    justificativaTraduzivel: jsonb().$type<TextoTraduzivel>(),
    criadoPor: integer().references(() => usuario.id),
    criadoEm: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('recibo_organizacao_numero_uq').on(t.organizacaoId, t.numero),
    index('recibo_organizacao_data_idx').on(t.organizacaoId, t.data),
    index('recibo_pessoa_idx').on(t.pessoaId),
  ],
);

/** The receivables a receipt covers, with the value paid when it was issued (kept after a reversal). */
export const reciboItem = pgTable(
  'recibo_item',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    reciboId: integer()
      .notNull()
      .references(() => recibo.id),
    contaAReceberId: integer()
      .notNull()
      .references(() => contaAReceber.id),
    valor: numeric({ precision: 14, scale: 2 }).notNull(),
    /** Copied from the receipt: a receivable is in at most one standing receipt. */
    ativo: boolean().notNull().default(true),
  },
  (t) => [
    index('recibo_item_recibo_idx').on(t.reciboId),
    uniqueIndex('recibo_item_conta_ativa_uq').on(t.contaAReceberId).where(sql`${t.ativo}`),
  ],
);

/**
 * An organization's sub-account at the provider (spec §2 /subconta): one per organization that
 * receives money. Its key is the organization's `tokenAsaasCifrado` (encrypted, never read back);
 * a row without `provedorId` is a creation in flight (a second request is refused meanwhile).
 */
export const subconta = pgTable(
  'subconta',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    organizacaoId: integer()
      .notNull()
      .references(() => organizacao.id),
    provedorId: text(),
    walletId: text(),
    nome: text().notNull(),
    email: text().notNull(),
    cpfCnpj: text().notNull(),
    celular: text().notNull(),
    rendaMensal: numeric({ precision: 14, scale: 2 }).notNull(),
    endereco: text().notNull(),
    numero: text().notNull(),
    complemento: text(),
    bairro: text().notNull(),
    cep: text().notNull(),
    tipoEmpresa: text(),
    /** When our webhook was last found (or put) on the sub-account; null: none known. */
    webhookConferidoEm: timestamp({ withTimezone: true }),
    /** Why the last check could not register it. */
    webhookErro: text(),
    criadoPor: integer().references(() => usuario.id),
    criadoEm: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('subconta_organizacao_uq').on(t.organizacaoId)],
);

/**
 * The receivables' totals kept as they change (issue 17, the list at 1M; ADR 0027): count and sums
 * per owner, status, competence and due month, written by statement triggers on
 * `conta_a_receber` (migration 0036), so a list's totals row reads a few rows per organization
 * instead of summing every receivable. Read only when the list's filters fall on these keys.
 */
export const contaAReceberTotal = pgTable(
  'conta_a_receber_total',
  {
    organizacaoId: integer().notNull(),
    status: text().notNull(),
    anoCompetencia: smallint().notNull(),
    mesCompetencia: smallint().notNull(),
    /** The first day of the due date's month. */
    mesVencimento: date({ mode: 'string' }).notNull(),
    quantidade: integer().notNull(),
    valorPrevisto: numeric({ precision: 16, scale: 2 }).notNull(),
    valorPago: numeric({ precision: 16, scale: 2 }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.organizacaoId, t.status, t.anoCompetencia, t.mesCompetencia, t.mesVencimento] })],
);

/**
 * The same totals rolled up the tree (ADR 0027, addendum): for each organization, what its
 * descendants own, split by the child of it they come through. A subtree's totals are its own rows
 * of `contaAReceberTotal` plus its rows here, so the whole church sums a few hundred rows instead of
 * one per owner and month. The split by child keeps two writers in different branches off each
 * other's rows (no single row per month for the root). Kept by statement triggers on
 * `contaAReceberTotal` and moved with an organization (migration 0044).
 */
export const contaAReceberTotalArvore = pgTable(
  'conta_a_receber_total_arvore',
  {
    /** The ancestor whose subtree the rows count in. */
    organizacaoId: integer().notNull(),
    /** Its child on the path down to the receivables' owner (the owner itself when one level down). */
    filhaId: integer().notNull(),
    status: text().notNull(),
    anoCompetencia: smallint().notNull(),
    mesCompetencia: smallint().notNull(),
    /** The first day of the due date's month. */
    mesVencimento: date({ mode: 'string' }).notNull(),
    quantidade: integer().notNull(),
    valorPrevisto: numeric({ precision: 16, scale: 2 }).notNull(),
    valorPago: numeric({ precision: 16, scale: 2 }).notNull(),
  },
  (t) => [
    primaryKey({
      columns: [t.organizacaoId, t.filhaId, t.status, t.anoCompetencia, t.mesCompetencia, t.mesVencimento],
    }),
  ],
);
