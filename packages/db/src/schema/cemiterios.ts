import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, numeric, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { organizacao } from './organizacoes.js';
import { pessoa } from './pessoas.js';
import { contaAReceber } from './receber.js';

/** A cemetery of an organization (issue 20); `prazoExumacaoAnos` is the legal minimum before an exhumation. */
export const cemiterio = pgTable(
  'cemiterio',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    organizacaoId: integer()
      .notNull()
      .references(() => organizacao.id),
    nome: text().notNull(),
    endereco: text(),
    prazoExumacaoAnos: integer().notNull().default(3),
    /** Whether its burials answer the public "where is buried" search (opt-in, issue 20). */
    buscaPublica: boolean().notNull().default(false),
    criadoEm: timestamp({ withTimezone: true }).notNull().defaultNow(),
    atualizadoEm: timestamp({ withTimezone: true }).notNull().defaultNow(),
    excluidoEm: timestamp({ withTimezone: true }),
  },
  (t) => [index('cemiterio_organizacao_idx').on(t.organizacaoId)],
);

/** A plot, named by block, row and number; one of each per cemetery. */
export const jazigo = pgTable(
  'jazigo',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    cemiterioId: integer()
      .notNull()
      .references(() => cemiterio.id),
    quadra: text().notNull(),
    fileira: integer().notNull(),
    numero: integer().notNull(),
    tipoJazigo: text().notNull(),
    capacidade: integer().notNull().default(1),
    situacaoJazigo: text().notNull().default('LIVRE'),
  },
  (t) => [uniqueIndex('jazigo_posicao_uq').on(t.cemiterioId, t.quadra, t.fileira, t.numero)],
);

/**
 * A concession of a plot to a person (spec §3 lease holder). One standing (neither deleted nor
 * closed) concession per plot: the partial unique index refuses a second one even when two
 * requests race (issue 20).
 */
export const arrendatario = pgTable(
  'arrendatario',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    jazigoId: integer()
      .notNull()
      .references(() => jazigo.id),
    pessoaId: integer()
      .notNull()
      .references(() => pessoa.id),
    tipoConcessao: text().notNull(),
    inicio: date({ mode: 'string' }).notNull(),
    renovadoAte: date({ mode: 'string' }),
    valor: numeric({ precision: 14, scale: 2 }).notNull().default('0'),
    parcelas: integer().notNull().default(1),
    isento: boolean().notNull().default(false),
    motivoIsencao: text(),
    /** A temporary concession made perpetual within its term, and the difference it paid. */
    convertidaEm: date({ mode: 'string' }),
    diferencaConversao: numeric({ precision: 14, scale: 2 }),
    /** The concession ended (its plot emptied and given back); kept, unlike a deleted one. */
    encerradaEm: date({ mode: 'string' }),
    criadoEm: timestamp({ withTimezone: true }).notNull().defaultNow(),
    atualizadoEm: timestamp({ withTimezone: true }).notNull().defaultNow(),
    excluidoEm: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex('arrendatario_jazigo_vigente_uq')
      .on(t.jazigoId)
      .where(sql`${t.excluidoEm} is null and ${t.encerradaEm} is null`),
    index('arrendatario_pessoa_idx').on(t.pessoaId),
  ],
);

/** A deceased buried in a plot under its concession: a person of the registry or a name only. */
export const falecido = pgTable(
  'falecido',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    jazigoId: integer()
      .notNull()
      .references(() => jazigo.id),
    arrendatarioId: integer()
      .notNull()
      .references(() => arrendatario.id),
    pessoaId: integer().references(() => pessoa.id),
    nome: text().notNull(),
    /**
     * The name lower-cased and without accents, kept by the database, so the name search (the
     * public "where is buried" among 200,000 burials, issue 20) reads a trigram index.
     */
    nomeBusca: text()
      .notNull()
      .generatedAlwaysAs(
        sql`lower(translate(nome, 'ÁÀÂÃÄÉÈÊËÍÌÎÏÓÒÔÕÖÚÙÛÜÇÑáàâãäéèêëíìîïóòôõöúùûüçñ', 'AAAAAEEEEIIIIOOOOOUUUUCNaaaaaeeeeiiiiooooouuuucn'))`,
      ),
    dataNascimento: date({ mode: 'string' }),
    dataFalecimento: date({ mode: 'string' }).notNull(),
    dataSepultamento: date({ mode: 'string' }).notNull(),
    gaveta: text(),
    certidaoObito: text(),
    /** The remains left the plot (to the ossuary, another cemetery): no longer counted in it. */
    dataExumacao: date({ mode: 'string' }),
    criadoEm: timestamp({ withTimezone: true }).notNull().defaultNow(),
    atualizadoEm: timestamp({ withTimezone: true }).notNull().defaultNow(),
    excluidoEm: timestamp({ withTimezone: true }),
  },
  (t) => [
    // A person lies in one plot at a time (spec §8 'Falecido(s) já adicionado(s)'); exhumed, elsewhere.
    uniqueIndex('falecido_pessoa_uq').on(t.pessoaId).where(sql`${t.excluidoEm} is null and ${t.dataExumacao} is null`),
    index('falecido_jazigo_idx').on(t.jazigoId),
    index('falecido_arrendatario_idx').on(t.arrendatarioId),
    index('falecido_nome_busca_trgm_idx').using('gin', sql`${t.nomeBusca} gin_trgm_ops`),
    // The list's order: its first page is read off the index, not sorted out of every match.
    index('falecido_sepultamento_idx').on(t.dataSepultamento, t.id).where(sql`${t.excluidoEm} is null`),
  ],
);

/**
 * The words of each burial's `nomeBusca` (issue 20, migration 0063), kept by triggers on
 * `falecido`, for the name search among the church's burials: one row per word (split on single
 * spaces) of each burial not excluded, with what follows it in the name (`resto`, null after the
 * last word) and its cemetery for the scope. A term of one word reads its dictionary words'
 * ranges in burial-date order (`primeira`: a word's first place in its name); a term of several
 * reads the names whose word ends with its first part and whose rest begins with the others.
 * Not written by the application.
 */
export const falecidoPalavra = pgTable(
  'falecido_palavra',
  {
    palavra: text().notNull(),
    resto: text(),
    primeira: boolean().notNull(),
    falecidoId: integer().notNull(),
    cemiterioId: integer().notNull(),
    dataSepultamento: date({ mode: 'string' }).notNull(),
    nomeBusca: text().notNull(),
  },
  (t) => [
    index('falecido_palavra_data_idx')
      .on(t.palavra, t.dataSepultamento, t.falecidoId, t.cemiterioId, t.nomeBusca)
      .where(sql`${t.primeira}`),
    index('falecido_palavra_resto_idx').on(
      t.palavra,
      sql`${t.resto} text_pattern_ops`,
      t.dataSepultamento,
      t.falecidoId,
      t.cemiterioId,
    ),
    index('falecido_palavra_falecido_idx').on(t.falecidoId),
  ],
);

/** Every word ever met in a burial's name (same triggers): a term is looked up here to find its words. */
export const falecidoPalavraBusca = pgTable('falecido_palavra_busca', { palavra: text().primaryKey() }, (t) => [
  index('falecido_palavra_busca_trgm_idx').using('gin', sql`${t.palavra} gin_trgm_ops`),
]);

/**
 * A receivable a concession generated (issue 20): an installment of its grant, renewal or
 * conversion to perpetual. One row per receivable; the installment's number within its origin
 * and event keeps a retried request from adding a second one.
 */
export const arrendatarioParcela = pgTable(
  'arrendatario_parcela',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    arrendatarioId: integer()
      .notNull()
      .references(() => arrendatario.id),
    contaAReceberId: integer()
      .notNull()
      .references(() => contaAReceber.id),
    /** CONCESSAO, RENOVACAO or CONVERSAO. */
    origem: text().notNull(),
    /** The event's day (the grant's start, the new term, the conversion's day). */
    referencia: date({ mode: 'string' }).notNull(),
    numero: integer().notNull(),
    de: integer().notNull(),
    criadoEm: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('arrendatario_parcela_conta_uq').on(t.contaAReceberId),
    uniqueIndex('arrendatario_parcela_evento_uq').on(t.arrendatarioId, t.origem, t.referencia, t.numero),
  ],
);
