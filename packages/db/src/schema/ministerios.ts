import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { organizacao } from './organizacoes.js';
import { pessoa } from './pessoas.js';

/** The kinds of group a ministry is (women's group, youth, choir…): a reference list seeded by migration 0044. */
export const tipoGrupo = pgTable('tipo_grupo', {
  id: integer().primaryKey().generatedAlwaysAsIdentity(),
  nome: text().notNull().unique(),
  nomeEn: text(),
  ativo: boolean().notNull().default(true),
});

/** A ministry of an organization (spec §3 "Ministry with statistics", issue 21). */
export const ministerio = pgTable(
  'ministerio',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    organizacaoId: integer()
      .notNull()
      .references(() => organizacao.id),
    nome: text().notNull(),
    tipoGrupoId: integer()
      .notNull()
      .references(() => tipoGrupo.id),
    coordenadorId: integer()
      .notNull()
      .references(() => pessoa.id),
    reunioesPorAno: integer().notNull(),
    criadoEm: timestamp({ withTimezone: true }).notNull().defaultNow(),
    atualizadoEm: timestamp({ withTimezone: true }).notNull().defaultNow(),
    excluidoEm: timestamp({ withTimezone: true }),
  },
  (t) => [index('ministerio_organizacao_idx').on(t.organizacaoId), index('ministerio_tipo_idx').on(t.tipoGrupoId)],
);

/** The people of a ministry, each with a role; one row per person. */
export const ministerioParticipante = pgTable(
  'ministerio_participante',
  {
    ministerioId: integer()
      .notNull()
      .references(() => ministerio.id),
    pessoaId: integer()
      .notNull()
      .references(() => pessoa.id),
    funcao: text().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.ministerioId, t.pessoaId] }),
    index('ministerio_participante_pessoa_idx').on(t.pessoaId),
  ],
);

/**
 * A ministry's figures of one year. A year with a row was reported: it met (`REUNIU`, with its
 * figures) or did not (`NAO_REUNIU`, figures zero); a year without one was not reported. `origem`
 * says whether the figures were typed or computed from the meetings' attendance.
 */
export const ministerioEstatistica = pgTable(
  'ministerio_estatistica',
  {
    ministerioId: integer()
      .notNull()
      .references(() => ministerio.id),
    ano: integer().notNull(),
    situacao: text().notNull(),
    origem: text().notNull().default('DIGITADA'),
    reunioesRealizadas: integer().notNull(),
    mediaPresentes: integer().notNull(),
    participantesMasculinos: integer().notNull(),
    participantesFemininos: integer().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.ministerioId, t.ano] }),
    index('ministerio_estatistica_ano_idx').on(t.ano),
    check(
      'ministerio_estatistica_nao_reuniu',
      sql`${t.situacao} <> 'NAO_REUNIU' or (${t.reunioesRealizadas} = 0 and ${t.mediaPresentes} = 0)`,
    ),
  ],
);

/** A meeting held, with the visitors who came besides the participants ticked in `ministerio_presenca`. */
export const ministerioReuniao = pgTable(
  'ministerio_reuniao',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    ministerioId: integer()
      .notNull()
      .references(() => ministerio.id),
    data: date({ mode: 'string' }).notNull(),
    visitantes: integer().notNull().default(0),
    criadoEm: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('ministerio_reuniao_data_uq').on(t.ministerioId, t.data)],
);

/** A participant present at a meeting. */
export const ministerioPresenca = pgTable(
  'ministerio_presenca',
  {
    reuniaoId: integer()
      .notNull()
      .references(() => ministerioReuniao.id, { onDelete: 'cascade' }),
    pessoaId: integer()
      .notNull()
      .references(() => pessoa.id),
  },
  (t) => [primaryKey({ columns: [t.reuniaoId, t.pessoaId] }), index('ministerio_presenca_pessoa_idx').on(t.pessoaId)],
);

/**
 * The ministries indicator's roll-up (spec §2 /indicadores/ministerios), kept by triggers on
 * `ministerio` and `organizacao` (migration 0058): living ministries counted by kind, once for
 * their organization alone (`subarvore` false) and once for it and each organization above it
 * (`subarvore` true), so a subtree's figures are its root's rows alone. `tipoGrupoId` 0 holds
 * every kind together (an organization's total, one row to read). Not written by the application.
 */
export const ministerioResumo = pgTable(
  'ministerio_resumo',
  {
    tipoGrupoId: integer().notNull(),
    subarvore: boolean().notNull(),
    organizacaoId: integer().notNull(),
    ministerios: integer().notNull(),
  },
  (t) => [
    primaryKey({ name: 'ministerio_resumo_pk', columns: [t.tipoGrupoId, t.subarvore, t.organizacaoId] }),
    index('ministerio_resumo_organizacao_idx').on(t.organizacaoId, t.subarvore),
  ],
);

/**
 * The same ministries' yearly figures (triggers on `ministerio_estatistica` too): how many reported
 * (a row), met or did not, and the sums the indicator shows; `mediaPresentes` adds up the averages of
 * those that met, so the average of averages is `mediaPresentes / reuniram`.
 */
export const ministerioResumoAno = pgTable(
  'ministerio_resumo_ano',
  {
    ano: integer().notNull(),
    subarvore: boolean().notNull(),
    organizacaoId: integer().notNull(),
    informaram: integer().notNull(),
    reuniram: integer().notNull(),
    naoReuniram: integer().notNull(),
    reunioesRealizadas: integer().notNull(),
    mediaPresentes: integer().notNull(),
    participantesMasculinos: integer().notNull(),
    participantesFemininos: integer().notNull(),
  },
  (t) => [primaryKey({ name: 'ministerio_resumo_ano_pk', columns: [t.ano, t.subarvore, t.organizacaoId] })],
);
