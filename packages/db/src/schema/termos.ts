import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { usuario } from './acesso.js';
import { organizacao } from './organizacoes.js';
import { pessoa } from './pessoas.js';

/**
 * A version of a consent term (issue 22); `id_compartilhado` groups a term's versions. A draft
 * is edited in place; publishing turns it into an immutable version and the published one before
 * it into SUBSTITUIDO. The partial unique indexes keep one draft and one published version per
 * term even when two requests race.
 */
export const termo = pgTable(
  'termo',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    idCompartilhado: uuid().notNull(),
    organizacaoId: integer()
      .notNull()
      .references(() => organizacao.id),
    nome: text().notNull(),
    categoriaTermo: text().notNull(),
    versao: integer().notNull(),
    situacaoTermo: text().notNull().default('RASCUNHO'),
    remetente: text().notNull(),
    assuntoEmail: text().notNull(),
    corpoEmail: text().notNull(),
    texto: text().notNull(),
    /** A required term of use: a signed-in user with a pending request of it is held at sign-in until they accept. */
    obrigatorio: boolean().notNull().default(false),
    publicadoEm: timestamp({ withTimezone: true }),
    criadoEm: timestamp({ withTimezone: true }).notNull().defaultNow(),
    atualizadoEm: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('termo_versao_uq').on(t.idCompartilhado, t.versao),
    uniqueIndex('termo_publicado_uq').on(t.idCompartilhado).where(sql`${t.situacaoTermo} = 'PUBLICADO'`),
    uniqueIndex('termo_rascunho_uq').on(t.idCompartilhado).where(sql`${t.situacaoTermo} = 'RASCUNHO'`),
    index('termo_organizacao_idx').on(t.organizacaoId),
  ],
);

/** One sending of a published version to the people a filter chose; its requests count its progress. */
export const termoEnvio = pgTable('termo_envio', {
  id: integer().primaryKey().generatedAlwaysAsIdentity(),
  termoId: integer()
    .notNull()
    .references(() => termo.id),
  filtro: jsonb().notNull(),
  total: integer().notNull(),
  usuarioId: integer().references(() => usuario.id),
  criadoEm: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/**
 * A person asked to accept a version. Only the hash of the personal token is kept (the token
 * travels in the e-mail alone); a resend replaces it, so an older link stops working.
 */
export const termoSolicitacao = pgTable(
  'termo_solicitacao',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    termoId: integer()
      .notNull()
      .references(() => termo.id),
    pessoaId: integer()
      .notNull()
      .references(() => pessoa.id),
    envioId: integer().references(() => termoEnvio.id),
    email: text().notNull(),
    tokenHash: text(),
    /** The revocation link's token (hash), sent in every e-mail beside the acceptance link. */
    tokenRevogacaoHash: text(),
    /** The older version's request whose acceptance this one supersedes (the person must accept again). */
    anteriorId: integer().references((): AnyPgColumn => termoSolicitacao.id),
    situacaoSolicitacao: text().notNull().default('PENDENTE'),
    enviadoEm: timestamp({ withTimezone: true }),
    expiraEm: timestamp({ withTimezone: true }),
    respondidoEm: timestamp({ withTimezone: true }),
    revogadoEm: timestamp({ withTimezone: true }),
    criadoEm: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('termo_solicitacao_pessoa_uq').on(t.termoId, t.pessoaId),
    uniqueIndex('termo_solicitacao_token_uq').on(t.tokenHash),
    uniqueIndex('termo_solicitacao_revogacao_uq').on(t.tokenRevogacaoHash),
    // The pending-term flag (usuario.termo_pendente) is recounted from a person's pending requests.
    index('termo_solicitacao_pessoa_pendente_idx').on(t.pessoaId).where(sql`${t.situacaoSolicitacao} = 'PENDENTE'`),
    index('termo_solicitacao_envio_idx').on(t.envioId, t.enviadoEm),
  ],
);

/**
 * The consent ledger (issue 22 item 4): acceptances, refusals, revocations and supersessions, append-only (a trigger refuses updates and deletes) and
 * chained: each row holds the previous row's hash and its own, over its content and that link,
 * so a changed or removed row breaks the chain `GET /api/termos/verificar-cadeia` walks.
 */
export const termoAceite = pgTable(
  'termo_aceite',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    solicitacaoId: integer()
      .notNull()
      .references(() => termoSolicitacao.id),
    termoId: integer()
      .notNull()
      .references(() => termo.id),
    pessoaId: integer()
      .notNull()
      .references(() => pessoa.id),
    versao: integer().notNull(),
    decisao: text().notNull(),
    /** sha256 of the exact text the person was shown. */
    hashTexto: text().notNull(),
    registradoEm: timestamp({ withTimezone: true, precision: 3 }).notNull(),
    ip: text(),
    navegador: text(),
    /** For a minor: the guardian who answered, and how they are related. */
    responsavelNome: text(),
    responsavelRelacao: text(),
    hashAnterior: text().notNull(),
    hash: text().notNull(),
  },
  (t) => [
    // A request's answer, then perhaps its revocation or its supersession: one row of each.
    uniqueIndex('termo_aceite_solicitacao_decisao_uq').on(t.solicitacaoId, t.decisao),
    // Two rows on one predecessor would fork the chain.
    uniqueIndex('termo_aceite_anterior_uq').on(t.hashAnterior),
  ],
);
