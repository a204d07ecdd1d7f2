import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, primaryKey, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { usuario } from './acesso.js';
import { processamentoLote } from './lote.js';
import { organizacao } from './organizacoes.js';

/**
 * A migration run (spec §2 /migracao, issue 23): one uploaded spreadsheet of one kind, its column
 * mapping, its dry run and, once confirmed, the bulk batch that writes it. The counts are those
 * of the dry run until the batch writes, then what was written.
 */
export const migracao = pgTable(
  'migracao',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    organizacaoId: integer()
      .notNull()
      .references(() => organizacao.id),
    criadoPor: integer()
      .notNull()
      .references(() => usuario.id),
    /** PESSOAS, … (contracts TIPOS_MIGRACAO). */
    tipo: text().notNull(),
    nomeArquivo: text().notNull(),
    /** CSV or XLSX; the file itself under DATA_DIR/migracao until the run is confirmed. */
    formato: text().notNull(),
    caminhoArquivo: text(),
    /** The source system, kept on every record the run writes (`origem` beside `chave_legada`). */
    origem: text().notNull(),
    cabecalhos: jsonb().notNull().default([]),
    /** Target field → the file's column header. */
    mapeamento: jsonb().notNull().default({}),
    /** ENVIADA, ANALISANDO, ANALISADA, IMPORTANDO, CONCLUIDA, DESFEITA (the batches tell progress and cancel). */
    status: text().notNull().default('ENVIADA'),
    linhas: integer().notNull().default(0),
    criados: integer().notNull().default(0),
    atualizados: integer().notNull().default(0),
    ignorados: integer().notNull().default(0),
    revisar: integer().notNull().default(0),
    falhas: integer().notNull().default(0),
    loteId: integer().references(() => processamentoLote.id),
    /**
     * The dry run's own batch (one item, worked in the background): rows checked so far, how much
     * of the file was read (percent) and, when it stopped on the file, the error code.
     */
    analiseLoteId: integer().references(() => processamentoLote.id),
    analisadas: integer().notNull().default(0),
    progressoAnalise: smallint().notNull().default(0),
    erroAnalise: text(),
    /**
     * The import's progress in rows: those to write (set on confirm), those the batch's work units
     * have written or failed so far, and the failed ones (a failed row becomes ERRO with its reason).
     */
    aImportar: integer().notNull().default(0),
    importadas: integer().notNull().default(0),
    falhasImportacao: integer().notNull().default(0),
    criadoEm: timestamp({ withTimezone: true }).notNull().defaultNow(),
    analisadoEm: timestamp({ withTimezone: true }),
    confirmadoEm: timestamp({ withTimezone: true }),
  },
  (t) => [index('migracao_organizacao_idx').on(t.organizacaoId, t.criadoEm)],
);

/**
 * One row of the file: what the dry run decided (CRIAR, ATUALIZAR, IGNORAR, REVISAR, ERRO), the
 * values to write, the fields that change and, once written, the record and its values before
 * (what undo restores). `aplicadaEm` is set in the write's own transaction: a row is written once.
 */
export const migracaoLinha = pgTable(
  'migracao_linha',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    migracaoId: integer()
      .notNull()
      .references(() => migracao.id),
    numero: integer().notNull(),
    chaveLegada: text(),
    /** What the row names (the person's name), for the batch's items and the dry run's table. */
    descricao: text().notNull().default(''),
    acao: text().notNull(),
    original: jsonb().notNull(),
    dados: jsonb(),
    diferencas: jsonb().notNull().default([]),
    /** [{campo, mensagem}] with i18n keys, localized when read. */
    mensagens: jsonb().notNull().default([]),
    alvoId: integer(),
    /**
     * What the user chose for a row the dry run left for review (REVISAR): CRIAR as new, VINCULAR
     * to the suggested record, or IGNORAR; the import applies it, a new dry run asks again.
     */
    decisao: text(),
    anteriores: jsonb(),
    aplicadaEm: timestamp({ withTimezone: true }),
    desfeitaEm: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('migracao_linha_migracao_idx').on(t.migracaoId, t.numero),
    index('migracao_linha_erro_idx').on(t.migracaoId, t.numero).where(sql`${t.acao} in ('ERRO', 'REVISAR')`),
  ],
);

/** The column mapping an organization used last for a kind: the next upload starts from it. */
export const migracaoMapeamento = pgTable(
  'migracao_mapeamento',
  {
    organizacaoId: integer()
      .notNull()
      .references(() => organizacao.id),
    tipo: text().notNull(),
    mapeamento: jsonb().notNull(),
    atualizadoEm: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.organizacaoId, t.tipo] })],
);
