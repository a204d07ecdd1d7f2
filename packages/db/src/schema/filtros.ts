import { sql } from 'drizzle-orm';
import { boolean, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { usuario } from './acesso.js';

/** Spec §3 saved filter: a user's named set of list filters for one screen, at most one default. */
export const filtroSalvo = pgTable(
  'filtro_salvo',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    usuarioId: integer()
      .notNull()
      .references(() => usuario.id),
    acesso: text().notNull(),
    nome: text().notNull(),
    padrao: boolean().notNull().default(false),
    filtros: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    criadoEm: timestamp({ withTimezone: true }).notNull().defaultNow(),
    atualizadoEm: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('filtro_salvo_nome_uq').on(t.usuarioId, t.acesso, sql`lower(${t.nome})`),
    uniqueIndex('filtro_salvo_padrao_uq').on(t.usuarioId, t.acesso).where(sql`${t.padrao}`),
  ],
);
