import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  numeric,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { organizacao } from './organizacoes.js';
import { colunaNomeEn, colunasRegistro, unicoSemExcluidos } from './registro.js';

/**
 * Simple registries served by the CRUD engine (one declaration each in
 * `@sig/contracts` CADASTROS): a name, an active flag, a logical delete, a unique name.
 */
const simples = <N extends string>(nome: N) =>
  pgTable(nome, { ...colunasRegistro(), ...colunaNomeEn() }, (t) => [
    unicoSemExcluidos(nome, 'nome', t.nome, t.excluidoEm),
  ]);

export const cargo = simples('cargo');
export const profissao = simples('profissao');
export const situacao = simples('situacao');
export const setor = simples('setor');
export const tipoPessoa = simples('tipo_pessoa');
export const tipoCelebracaoOficio = simples('tipo_celebracao_oficio');
export const tipoMoradia = simples('tipo_moradia');
/** Relationship degrees; `reciprocoId` is the degree seen from the other side (Pai → Filho(a)). */
export const grauParentesco = pgTable(
  'grau_parentesco',
  { ...colunasRegistro(), ...colunaNomeEn(), reciprocoId: integer().references((): AnyPgColumn => grauParentesco.id) },
  (t) => [unicoSemExcluidos('grau_parentesco', 'nome', t.nome, t.excluidoEm)],
);

/** System parameters (name → value) kept as a registry. */
export const parametro = pgTable(
  'parametro',
  { ...colunasRegistro(), valor: text().notNull(), ordem: integer().notNull().default(0) },
  (t) => [unicoSemExcluidos('parametro', 'nome', t.nome, t.excluidoEm)],
);

/** Ticket classifications: a tree through `classificacaoPaiId` (the engine refuses cycles). */
export const classificacao = pgTable(
  'classificacao',
  {
    ...colunasRegistro(),
    classificacaoPaiId: integer().references((): AnyPgColumn => classificacao.id),
    descricao: text(),
  },
  (t) => [index('classificacao_pai_idx').on(t.classificacaoPaiId)],
);

/** Characteristic types and their options (key, value, order, active). */
export const caracteristica = pgTable('caracteristica', { ...colunasRegistro(), descricao: text() }, (t) => [
  unicoSemExcluidos('caracteristica', 'nome', t.nome, t.excluidoEm),
]);

export const caracteristicaOpcao = pgTable(
  'caracteristica_opcao',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    caracteristicaId: integer()
      .notNull()
      .references(() => caracteristica.id),
    chave: text().notNull(),
    valor: text().notNull(),
    ordem: integer().notNull().default(0),
    ativo: boolean().notNull().default(true),
    excluidoEm: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex('caracteristica_opcao_chave_uq')
      .on(t.caracteristicaId, sql`lower(${t.chave})`)
      .where(sql`${t.excluidoEm} is null`),
  ],
);

/** Classes group characteristics; each may be required. */
export const classe = pgTable('classe', { ...colunasRegistro(), descricao: text() }, (t) => [
  unicoSemExcluidos('classe', 'nome', t.nome, t.excluidoEm),
]);

export const classeCaracteristica = pgTable(
  'classe_caracteristica',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    classeId: integer()
      .notNull()
      .references(() => classe.id),
    caracteristicaId: integer()
      .notNull()
      .references(() => caracteristica.id),
    obrigatorio: boolean().notNull().default(false),
    ordem: integer().notNull().default(0),
    excluidoEm: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex('classe_caracteristica_uq').on(t.classeId, t.caracteristicaId).where(sql`${t.excluidoEm} is null`),
    index('classe_caracteristica_caracteristica_idx').on(t.caracteristicaId),
  ],
);

export const colecao = pgTable('colecao', { ...colunasRegistro(), descricao: text() }, (t) => [
  unicoSemExcluidos('colecao', 'nome', t.nome, t.excluidoEm),
]);

/** Saved views: a named set of columns for a screen. */
export const visualizacao = pgTable(
  'visualizacao',
  {
    ...colunasRegistro(),
    tela: text().notNull(),
    colunas: text(),
    padrao: boolean().notNull().default(false),
  },
  (t) => [unicoSemExcluidos('visualizacao', 'nome', t.nome, t.excluidoEm)],
);

/** Contribution categories of an organization; `acessivelHierarquia` shares them with the ones below. */
export const categoriaContribuicao = pgTable(
  'categoria_contribuicao',
  {
    ...colunasRegistro(),
    organizacaoId: integer()
      .notNull()
      .references(() => organizacao.id),
    valor: numeric({ precision: 14, scale: 2 }).notNull(),
    periodicidadeContribuicao: text().notNull(),
    periodicidadeCobranca: text().notNull(),
    diaVencimento: smallint(),
    mesVencimento: smallint(),
    acessivelHierarquia: boolean().notNull().default(false),
  },
  (t) => [
    uniqueIndex('categoria_contribuicao_nome_uq')
      .on(t.organizacaoId, sql`lower(${t.nome})`)
      .where(sql`${t.excluidoEm} is null`),
  ],
);

/** Notice board: notices of an organization, optionally shown to the ones below, until an expiry date. */
export const aviso = pgTable(
  'aviso',
  {
    ...colunasRegistro(),
    organizacaoId: integer()
      .notNull()
      .references(() => organizacao.id),
    mensagem: text().notNull(),
    validoAte: date({ mode: 'string' }),
    paraSubordinadas: boolean().notNull().default(false),
  },
  (t) => [index('aviso_organizacao_idx').on(t.organizacaoId)],
);

/** Label sheet layouts (spec §2 /configuracao-etiquetas): paper, grid and sizes in millimetres. */
export const configuracaoEtiqueta = pgTable(
  'configuracao_etiqueta',
  {
    ...colunasRegistro(),
    tamanhoPapel: text().notNull(),
    linhas: smallint().notNull(),
    colunas: smallint().notNull(),
    quantidade: smallint().notNull(),
    margemSuperior: doublePrecision().notNull().default(0),
    margemEsquerda: doublePrecision().notNull().default(0),
    larguraEtiqueta: doublePrecision().notNull(),
    alturaEtiqueta: doublePrecision().notNull(),
    espacoHorizontal: doublePrecision().notNull().default(0),
    espacoVertical: doublePrecision().notNull().default(0),
  },
  (t) => [unicoSemExcluidos('configuracao_etiqueta', 'nome', t.nome, t.excluidoEm)],
);
