import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { usuario } from './acesso.js';
import { organizacao } from './organizacoes.js';
import { pessoa } from './pessoas.js';
import { colunasRegistro } from './registro.js';
import { banco } from './tabelas.js';

/**
 * A text the system writes into a record ("(estorno)", "Oferta do culto de …"): an i18n key and
 * its parameters (a parameter may itself be such a text), shown in the reader's language. The
 * plain column beside it keeps the pt-BR wording for search and older readers.
 */
export type TextoTraduzivel = { chave: string; params?: Record<string, string | number | TextoTraduzivel> };

/** A registry row kept by an organization; `<tabela>_<coluna>_uq` unique within it (the engine reads the name). */
const daOrganizacao = () => ({
  ...colunasRegistro(),
  organizacaoId: integer()
    .notNull()
    .references(() => organizacao.id),
});
const unicoNaOrganizacao = (
  tabela: string,
  coluna: string,
  t: { organizacaoId: AnyPgColumn; excluidoEm: AnyPgColumn },
  valor: AnyPgColumn,
) =>
  uniqueIndex(`${tabela}_${coluna}_uq`).on(t.organizacaoId, sql`lower(${valor})`).where(sql`${t.excluidoEm} is null`);

/** Cash accounts (spec §3): the cash box, bank and investment accounts an organization keeps its books in. */
export const contaCaixa = pgTable(
  'conta_caixa',
  {
    ...daOrganizacao(),
    tipoContaCaixa: text().notNull(),
    /** The account's code in the accounting system, for the accounting file. */
    codigoContabil: text(),
    bancoId: integer().references(() => banco.id),
    agencia: text(),
    conta: text(),
    saldoInicial: numeric({ precision: 14, scale: 2 }).notNull().default('0'),
    dataSaldoInicial: date({ mode: 'string' }).notNull(),
  },
  (t) => [unicoNaOrganizacao('conta_caixa', 'nome', t, t.nome)],
);

/** Chart of accounts (spec §3): a tree; synthetic accounts group, analytic ones take entries. */
export const planoConta = pgTable(
  'plano_conta',
  {
    ...daOrganizacao(),
    codigoInterno: text().notNull(),
    codigoContabil: text(),
    planoContaPaiId: integer().references((): AnyPgColumn => planoConta.id),
    tipoPlanoConta: text().notNull(),
    naturezaPlanoConta: text().notNull(),
    baseDizimo: boolean().notNull().default(false),
    acessivelHierarquia: boolean().notNull().default(false),
  },
  (t) => [
    unicoNaOrganizacao('plano_conta', 'codigo_interno', t, t.codigoInterno),
    index('plano_conta_pai_idx').on(t.planoContaPaiId),
  ],
);

/** Management control (spec §3 cost centres): a tree with an initial balance. */
export const controleGerencial = pgTable(
  'controle_gerencial',
  {
    ...daOrganizacao(),
    codigo: text().notNull(),
    controleGerencialPaiId: integer().references((): AnyPgColumn => controleGerencial.id),
    saldoInicial: numeric({ precision: 14, scale: 2 }).notNull().default('0'),
    acessivelHierarquia: boolean().notNull().default(false),
  },
  (t) => [
    unicoNaOrganizacao('controle_gerencial', 'codigo', t, t.codigo),
    index('controle_gerencial_pai_idx').on(t.controleGerencialPaiId),
  ],
);

/** Offering plan (spec §3): which offering a Sunday takes, for what, under which account. */
export const planoOfertas = pgTable(
  'plano_ofertas',
  {
    ...daOrganizacao(),
    data: date({ mode: 'string' }).notNull(),
    dataLiturgica: text(),
    abrangencia: text().notNull(),
    destino: text().notNull(),
    motivacao: text(),
    planoContaId: integer().references(() => planoConta.id),
    controleGerencialId: integer().references(() => controleGerencial.id),
    acessivelHierarquia: boolean().notNull().default(true),
  },
  (t) => [index('plano_ofertas_organizacao_data_idx').on(t.organizacaoId, t.data)],
);

/**
 * Accounting periods of a cash account (spec §3, §4): entries are taken only while the period is
 * open; closing it fixes the final balance and opens the next period with it as initial balance.
 */
export const periodoContabil = pgTable(
  'periodo_contabil',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    contaCaixaId: integer()
      .notNull()
      .references(() => contaCaixa.id),
    dataInicio: date({ mode: 'string' }).notNull(),
    dataFim: date({ mode: 'string' }).notNull(),
    saldoInicial: numeric({ precision: 14, scale: 2 }).notNull(),
    saldoFinal: numeric({ precision: 14, scale: 2 }),
    situacao: text().notNull().default('ABERTO'),
    fechadoEm: timestamp({ withTimezone: true }),
    fechadoPor: integer().references(() => usuario.id),
    criadoEm: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('periodo_contabil_inicio_uq').on(t.contaCaixaId, t.dataInicio)],
);

/**
 * Cash ledger entries (spec §3): a signed value on a cash account and an analytic ledger account.
 * A transfer is two entries sharing `transferenciaId`; a reversal is a counter-entry pointing at
 * the entry it undoes (`estornoDeId`), which is then marked reversed. Nothing is deleted.
 */
export const lancamentoCaixa = pgTable(
  'lancamento_caixa',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    organizacaoId: integer()
      .notNull()
      .references(() => organizacao.id),
    contaCaixaId: integer()
      .notNull()
      .references(() => contaCaixa.id),
    periodoContabilId: integer()
      .notNull()
      .references(() => periodoContabil.id),
    data: date({ mode: 'string' }).notNull(),
    tipo: text().notNull(),
    /** Positive for money in, negative for money out. */
    valor: numeric({ precision: 14, scale: 2 }).notNull(),
    planoContaId: integer()
      .notNull()
      .references(() => planoConta.id),
    controleGerencialId: integer().references(() => controleGerencial.id),
    historico: text().notNull(),
    historicoTraduzivel: jsonb().$type<TextoTraduzivel>(),
    documento: text(),
    pessoaId: integer().references(() => pessoa.id),
    organizacaoReferenciaId: integer().references(() => organizacao.id),
    transferenciaId: integer(),
    estornoDeId: integer().references((): AnyPgColumn => lancamentoCaixa.id),
    estornadoEm: timestamp({ withTimezone: true }),
    justificativaEstorno: text(),
    justificativaTraduzivel: jsonb().$type<TextoTraduzivel>(),
    /** Where the entry came from when not typed in (a worship offering, a received payment). */
    origem: text(),
    origemId: integer(),
    criadoPor: integer().references(() => usuario.id),
    criadoEm: timestamp({ withTimezone: true }).notNull().defaultNow(),
    atualizadoEm: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('lancamento_caixa_conta_data_idx').on(t.contaCaixaId, t.data, t.id),
    index('lancamento_caixa_organizacao_data_idx').on(t.organizacaoId, t.data),
    index('lancamento_caixa_periodo_idx').on(t.periodoContabilId),
    // One standing entry per origin: a reversed one leaves room for the next (an offering set to zero and back).
    uniqueIndex('lancamento_caixa_origem_uq')
      .on(t.origem, t.origemId)
      .where(sql`${t.origem} is not null and ${t.estornoDeId} is null and ${t.estornadoEm} is null`),
  ],
);

/**
 * A system entry (a payment's automatic cash posting, or its reversal after a refund) that found
 * no open period for its date: kept here and posted when a period holding that date opens.
 */
export const lancamentoPendente = pgTable(
  'lancamento_pendente',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    organizacaoId: integer()
      .notNull()
      .references(() => organizacao.id),
    contaCaixaId: integer()
      .notNull()
      .references(() => contaCaixa.id),
    planoContaId: integer()
      .notNull()
      .references(() => planoConta.id),
    data: date({ mode: 'string' }).notNull(),
    /** Signed as the entry will be: negative for a refund's reversal. */
    valor: numeric({ precision: 14, scale: 2 }).notNull(),
    historico: text().notNull(),
    historicoTraduzivel: jsonb().$type<TextoTraduzivel>(),
    pessoaId: integer().references(() => pessoa.id),
    organizacaoReferenciaId: integer().references(() => organizacao.id),
    origem: text().notNull(),
    origemId: integer().notNull(),
    /** The entry a pending reversal undoes. */
    estornoDeId: integer().references(() => lancamentoCaixa.id),
    /** The period error that kept it (PERIODO_INEXISTENTE, PERIODO_FECHADO). */
    motivo: text().notNull(),
    lancamentoId: integer().references(() => lancamentoCaixa.id),
    lancadoEm: timestamp({ withTimezone: true }),
    /** Dropped unposted (the payment was refunded before it reached the ledger). */
    descartadoEm: timestamp({ withTimezone: true }),
    criadoEm: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('lancamento_pendente_aberto_idx')
      .on(t.contaCaixaId, t.data)
      .where(sql`${t.lancadoEm} is null and ${t.descartadoEm} is null`),
    index('lancamento_pendente_origem_idx').on(t.origem, t.origemId),
  ],
);
