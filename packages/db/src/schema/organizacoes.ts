import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { banco, cidade, estado, tipoCampoTrabalho, tipoContato, tipoEndereco, tipoOrganizacao } from './tabelas.js';

/**
 * The organization tree. `caminho` is the materialized path of ids (`/1/5/23/`): a subtree
 * is one indexed prefix match, on PGlite and PostgreSQL alike.
 */
export const organizacao = pgTable(
  'organizacao',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    razaoSocial: text().notNull(),
    nomeFantasia: text().notNull(),
    cnpj: text(),
    inscricaoEstadual: text(),
    inscricaoMunicipal: text(),
    tipoOrganizacaoId: integer()
      .notNull()
      .references(() => tipoOrganizacao.id),
    situacao: text().notNull().default('ATIVA'),
    organizacaoPaiId: integer(),
    caminho: text().notNull().default(''),
    nivel: smallint().notNull().default(0),
    dataCriacao: date(),
    dataDissolucao: date(),
    registroEstatuto: text(),
    tokenAsaasCifrado: text(),
    logo: text(),
    diaVencimentoContribuicao: smallint(),
    valorPadraoContribuicao: numeric({ precision: 14, scale: 2 }),
    tipoValorContribuicao: text(),
    lancamentoCaixaAutomatico: boolean().notNull().default(false),
    /** Whether people may register themselves here as members (a community's default). */
    aceitaCadastro: boolean().notNull().default(false),
    contaCultoId: integer(),
    contaCaixaEntradaId: integer(),
    contaCaixaSaidaId: integer(),
    contaCreditoId: integer(),
    contaDebitoId: integer(),
    /** Brought by a migration run (issue 23): the source system and the record's key there. */
    origem: text(),
    chaveLegada: text(),
    excluidoEm: timestamp({ withTimezone: true }),
    criadoEm: timestamp({ withTimezone: true }).notNull().defaultNow(),
    atualizadoEm: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('organizacao_caminho_idx').on(sql`${t.caminho} text_pattern_ops`),
    index('organizacao_pai_idx').on(t.organizacaoPaiId),
    uniqueIndex('organizacao_cnpj_uq').on(t.cnpj).where(sql`${t.cnpj} is not null and ${t.excluidoEm} is null`),
    // A migrated organization once per source key: a rerun or a second run finds it, never doubles it.
    uniqueIndex('organizacao_chave_legada_uq')
      .on(t.origem, t.chaveLegada)
      .where(sql`${t.chaveLegada} is not null and ${t.excluidoEm} is null`),
  ],
);

/**
 * The tree's version: one row, bumped in the same transaction by a statement trigger on every
 * write to `organizacao` (migration 0067). Read with each request's session,
 * it tells the API whether its copy of the tree in memory (platform/arvore.ts) is still the
 * database's.
 */
export const organizacaoVersao = pgTable(
  'organizacao_versao',
  {
    id: smallint().primaryKey().default(1),
    versao: bigint({ mode: 'number' }).notNull().default(0),
  },
  (t) => [check('organizacao_versao_uma_ck', sql`${t.id} = 1`)],
);

export const organizacaoEndereco = pgTable(
  'organizacao_endereco',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    organizacaoId: integer()
      .notNull()
      .references(() => organizacao.id),
    tipoEnderecoId: integer().references(() => tipoEndereco.id),
    cep: text().notNull(),
    logradouro: text().notNull(),
    numero: text(),
    bairro: text(),
    estadoId: integer().references(() => estado.id),
    cidadeId: integer().references(() => cidade.id),
    complemento: text(),
    pontoReferencia: text(),
    caixaPostal: text(),
    correspondencia: boolean().notNull().default(false),
    ativo: boolean().notNull().default(true),
    preferencial: boolean().notNull().default(false),
  },
  (t) => [index('organizacao_endereco_org_idx').on(t.organizacaoId)],
);

export const organizacaoContato = pgTable(
  'organizacao_contato',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    organizacaoId: integer()
      .notNull()
      .references(() => organizacao.id),
    tipoContatoId: integer()
      .notNull()
      .references(() => tipoContato.id),
    valor: text().notNull(),
    observacao: text(),
    principal: boolean().notNull().default(false),
  },
  (t) => [index('organizacao_contato_org_idx').on(t.organizacaoId)],
);

export const organizacaoContaBancaria = pgTable(
  'organizacao_conta_bancaria',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    organizacaoId: integer()
      .notNull()
      .references(() => organizacao.id),
    tipo: text().notNull(),
    bancoId: integer()
      .notNull()
      .references(() => banco.id),
    agencia: text().notNull(),
    conta: text().notNull(),
    tipoChavePix: text(),
    chavePix: text(),
    titular: text(),
  },
  (t) => [index('organizacao_conta_bancaria_org_idx').on(t.organizacaoId)],
);

export const organizacaoCampoTrabalho = pgTable(
  'organizacao_campo_trabalho',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    organizacaoId: integer()
      .notNull()
      .references(() => organizacao.id),
    tipoCampoTrabalhoId: integer()
      .notNull()
      .references(() => tipoCampoTrabalho.id),
    descricao: text(),
  },
  (t) => [index('organizacao_campo_trabalho_org_idx').on(t.organizacaoId)],
);
