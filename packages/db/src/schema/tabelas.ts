import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * Small reference tables the platform needs from day one (their screens are registries).
 * Each has `ativo` so that nothing referenced is ever physically deleted.
 */
const registro = {
  id: integer().primaryKey().generatedAlwaysAsIdentity(),
  nome: text().notNull(),
  ativo: boolean().notNull().default(true),
  criadoEm: timestamp({ withTimezone: true }).notNull().defaultNow(),
};

export const tipoOrganizacao = pgTable(
  'tipo_organizacao',
  { ...registro, nivel: smallint().notNull().default(0) },
  (t) => [uniqueIndex('tipo_organizacao_nome_uq').on(sql`lower(${t.nome})`)],
);

export const pais = pgTable('pais', { ...registro, sigla: text() }, (t) => [
  uniqueIndex('pais_nome_uq').on(sql`lower(${t.nome})`),
]);

export const estado = pgTable(
  'estado',
  { ...registro, sigla: text().notNull(), paisId: integer().references(() => pais.id) },
  (t) => [uniqueIndex('estado_sigla_uq').on(t.paisId, t.sigla)],
);

export const cidade = pgTable(
  'cidade',
  {
    ...registro,
    estadoId: integer().references(() => estado.id),
    paisId: integer().references(() => pais.id),
    codigoIbge: text(),
  },
  (t) => [index('cidade_estado_idx').on(t.estadoId)],
);

export const banco = pgTable('banco', {
  ...registro,
  codigo: text().notNull().unique(),
  urlImagem: text(),
  ordem: integer().notNull().default(0),
});

export const tipoEndereco = pgTable('tipo_endereco', registro);
export const tipoContato = pgTable('tipo_contato', { ...registro, mascara: text() });
export const tipoCampoTrabalho = pgTable('tipo_campo_trabalho', registro);
