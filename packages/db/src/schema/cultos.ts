import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { planoConta, planoOfertas } from './financeiro.js';
import { organizacao } from './organizacoes.js';
import { pessoa } from './pessoas.js';

/**
 * Worship services (spec §3): the offering's scope and destination come from the offering plan
 * of the date (`planoOfertasId`) or were typed in when there was none. The offering's ledger
 * entry points back here through `lancamento_caixa.origem = 'CULTO'`.
 */
export const culto = pgTable(
  'culto',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    organizacaoId: integer()
      .notNull()
      .references(() => organizacao.id),
    data: date({ mode: 'string' }).notNull(),
    hora: text().notNull(),
    santaCeia: boolean().notNull().default(false),
    presentes: integer().notNull().default(0),
    ofertas: numeric({ precision: 14, scale: 2 }).notNull().default('0'),
    abrangencia: text(),
    destino: text(),
    sermao: text(),
    dataCredito: date({ mode: 'string' }),
    planoContaId: integer().references(() => planoConta.id),
    planoOfertasId: integer().references(() => planoOfertas.id),
    /** Brought by a migration run (issue 23) as history: the source system and the record's key there. */
    origem: text(),
    chaveLegada: text(),
    criadoEm: timestamp({ withTimezone: true }).notNull().defaultNow(),
    atualizadoEm: timestamp({ withTimezone: true }).notNull().defaultNow(),
    excluidoEm: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('culto_organizacao_data_idx').on(t.organizacaoId, t.data),
    // A migrated service once per organization and source key (two runs confirmed at once cannot both write it).
    uniqueIndex('culto_chave_legada_uq')
      .on(t.organizacaoId, t.origem, t.chaveLegada)
      .where(sql`${t.chaveLegada} is not null and ${t.excluidoEm} is null`),
  ],
);

/** The people who celebrated a service (spec §3 celebrants). */
export const cultoCelebrante = pgTable(
  'culto_celebrante',
  {
    cultoId: integer()
      .notNull()
      .references(() => culto.id),
    pessoaId: integer()
      .notNull()
      .references(() => pessoa.id),
  },
  (t) => [primaryKey({ columns: [t.cultoId, t.pessoaId] }), index('culto_celebrante_pessoa_idx').on(t.pessoaId)],
);
