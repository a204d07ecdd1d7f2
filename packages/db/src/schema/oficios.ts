import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { usuario } from './acesso.js';
import { processamentoLote } from './lote.js';
import { organizacao } from './organizacoes.js';
import { pessoa } from './pessoas.js';

/**
 * An office-letter template of an organization (spec §3, issue 22): subject, header, body and
 * footer holding merge fields (`{{pessoa.nome}}`), and the page it prints on.
 */
export const oficioTemplate = pgTable(
  'oficio_template',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    organizacaoId: integer()
      .notNull()
      .references(() => organizacao.id),
    nome: text().notNull(),
    tipoOficio: text().notNull(),
    assunto: text().notNull(),
    cabecalho: text(),
    /** The body as plain text: the rich body's text, or the body itself of a template written before it (docs/adr/0028). */
    corpo: text().notNull(),
    /** The rich body (`DocumentoOficio`, validated by its contracts schema); null on plain-text templates. */
    corpoRico: jsonb(),
    rodape: text(),
    /** Prints the issuer's logo, name, CNPJ and address above the header. */
    mostrarEmissor: boolean().notNull().default(true),
    tamanhoPapel: text().notNull().default('A4'),
    orientacao: text().notNull().default('RETRATO'),
    margemMm: smallint().notNull().default(25),
    ativo: boolean().notNull().default(true),
    criadoEm: timestamp({ withTimezone: true }).notNull().defaultNow(),
    atualizadoEm: timestamp({ withTimezone: true }).notNull().defaultNow(),
    excluidoEm: timestamp({ withTimezone: true }),
  },
  (t) => [index('oficio_template_organizacao_idx').on(t.organizacaoId)],
);

/**
 * A letter as issued: numbered per issuing organization and year, its merged text kept as it
 * was printed (later changes to the template or the person do not change it).
 */
export const oficio = pgTable(
  'oficio',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    templateId: integer()
      .notNull()
      .references(() => oficioTemplate.id),
    organizacaoId: integer()
      .notNull()
      .references(() => organizacao.id),
    ano: smallint().notNull(),
    numero: integer().notNull(),
    data: date({ mode: 'string' }).notNull(),
    pessoaId: integer().references(() => pessoa.id),
    organizacaoDestinatariaId: integer().references(() => organizacao.id),
    destinatario: text().notNull(),
    assunto: text().notNull(),
    cabecalho: text(),
    texto: text().notNull(),
    /** The merged rich body as printed; null when the template was plain text (`texto` prints). */
    textoRico: jsonb(),
    rodape: text(),
    mostrarEmissor: boolean().notNull(),
    tamanhoPapel: text().notNull(),
    orientacao: text().notNull(),
    margemMm: smallint().notNull(),
    emitidoPor: integer().references(() => usuario.id),
    emitidoEm: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** The batch that issued it (letters for a people filter); one letter per person and batch. */
    loteId: integer().references(() => processamentoLote.id),
    /** Printed as the letter's QR: the public page confirms the letter by it. */
    codigoVerificacao: text().notNull(),
  },
  (t) => [
    uniqueIndex('oficio_numero_uq').on(t.organizacaoId, t.ano, t.numero),
    uniqueIndex('oficio_codigo_verificacao_uq').on(t.codigoVerificacao),
    uniqueIndex('oficio_lote_pessoa_uq').on(t.loteId, t.pessoaId),
    index('oficio_pessoa_idx').on(t.pessoaId),
    index('oficio_template_idx').on(t.templateId),
  ],
);
