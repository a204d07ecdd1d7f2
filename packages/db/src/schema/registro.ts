import { sql } from 'drizzle-orm';
import { boolean, customType, integer, type PgColumn, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * Columns every simple registry shares (the CRUD engine reads and writes them). Deletes are
 * logical (`excluidoEm`): a registry row may be named by history and by deleted records.
 */
export const colunasRegistro = () => ({
  id: integer().primaryKey().generatedAlwaysAsIdentity(),
  nome: text().notNull(),
  ativo: boolean().notNull().default(true),
  criadoEm: timestamp({ withTimezone: true }).notNull().defaultNow(),
  atualizadoEm: timestamp({ withTimezone: true }).notNull().defaultNow(),
  excluidoEm: timestamp({ withTimezone: true }),
});

/** A seeded reference row's English label (issue 18): lists read it for an English reader, else `nome`. */
export const colunaNomeEn = () => ({ nomeEn: text() });

/**
 * Case-insensitive uniqueness among rows not deleted; named `<tabela>_<coluna>_uq`, which is
 * how the engine tells which field a unique violation is about.
 */
export const unicoSemExcluidos = (tabela: string, coluna: string, texto: PgColumn, excluidoEm: PgColumn) =>
  uniqueIndex(`${tabela}_${coluna}_uq`).on(sql`lower(${texto})`).where(sql`${excluidoEm} is null`);

/**
 * A jsonb column whose values come back as stored. Both drivers (pg and PGlite) already parse
 * jsonb; drizzle's own `jsonb` parses a string value once more, so a stored "1200.00" or
 * "89010000" came back as a number. For columns holding any field's value (the change history).
 */
export const jsonbValor = customType<{ data: unknown; driverData: unknown }>({
  dataType: () => 'jsonb',
  toDriver: (v) => JSON.stringify(v),
});
