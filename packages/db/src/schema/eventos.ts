import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { organizacao } from './organizacoes.js';
import { pessoa } from './pessoas.js';
import { contaAReceber } from './receber.js';

/**
 * An event of an organizer organization (spec §2 /evento, /evento-com-inscricao; issue 19): a
 * calendar entry, or with registration its lots, workshops and form. `visibilidade` says whether
 * the organizations below the organizer see it too.
 */
export const evento = pgTable(
  'evento',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    organizacaoId: integer()
      .notNull()
      .references(() => organizacao.id),
    comInscricao: boolean().notNull().default(false),
    tipoEvento: text().notNull(),
    codigo: text().notNull(),
    nome: text().notNull(),
    descricao: text(),
    inicio: timestamp({ withTimezone: true }).notNull(),
    fim: timestamp({ withTimezone: true }).notNull(),
    local: text(),
    visibilidade: text().notNull().default('HIERARQUIA'),
    prazoInscricao: timestamp({ withTimezone: true }),
    formasPagamento: text().array().notNull().default(sql`'{}'::text[]`),
    diasVencimento: integer().notNull().default(3),
    /** Which form sections are asked and required, plus custom questions (contracts `FormularioEvento`). */
    formulario: jsonb().notNull().default({}),
    criadoEm: timestamp({ withTimezone: true }).notNull().defaultNow(),
    atualizadoEm: timestamp({ withTimezone: true }).notNull().defaultNow(),
    excluidoEm: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex('evento_codigo_uq').on(sql`lower(${t.codigo})`),
    index('evento_organizacao_idx').on(t.organizacaoId, t.inicio),
    check('evento_fim_ck', sql`${t.fim} >= ${t.inicio}`),
  ],
);

/** A price lot: the next opens when the previous sells out or its window closes. */
export const eventoLote = pgTable(
  'evento_lote',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    eventoId: integer()
      .notNull()
      .references(() => evento.id),
    numero: integer().notNull(),
    valor: numeric({ precision: 14, scale: 2 }).notNull(),
    quantidade: integer().notNull(),
    inicio: date({ mode: 'string' }),
    fim: date({ mode: 'string' }),
  },
  (t) => [
    uniqueIndex('evento_lote_numero_uq').on(t.eventoId, t.numero),
    check('evento_lote_valores_ck', sql`${t.valor} >= 0 and ${t.quantidade} >= 0`),
  ],
);

/** A workshop of an event; a registrant picks at most one per time slot. */
export const eventoOficina = pgTable(
  'evento_oficina',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    eventoId: integer()
      .notNull()
      .references(() => evento.id),
    nome: text().notNull(),
    vagas: integer().notNull(),
    categoria: text(),
    horario: text(),
  },
  (t) => [index('evento_oficina_evento_idx').on(t.eventoId), check('evento_oficina_vagas_ck', sql`${t.vagas} >= 0`)],
);

/**
 * A registration: the registrant's data (the sections of the event's form in `dados`), the lot it
 * pays, its receivable, and its state. One standing registration per CPF and per e-mail and event
 * (a cancelled or expired one frees both).
 */
export const inscricaoEvento = pgTable(
  'inscricao_evento',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    eventoId: integer()
      .notNull()
      .references(() => evento.id),
    loteId: integer().references(() => eventoLote.id),
    pessoaId: integer().references(() => pessoa.id),
    nome: text().notNull(),
    cpf: text(),
    email: text().notNull(),
    telefone: text(),
    dataNascimento: date({ mode: 'string' }),
    responsavelNome: text(),
    responsavelConsentimento: boolean().notNull().default(false),
    comunidadeId: integer().references(() => organizacao.id),
    dados: jsonb().notNull().default({}),
    status: text().notNull(),
    formaPagamento: text(),
    valor: numeric({ precision: 14, scale: 2 }).notNull().default('0'),
    motivoCortesia: text(),
    contaAReceberId: integer().references(() => contaAReceber.id),
    /** Unpaid after this day, the held seat is released (the EXPIRADA job). */
    vencimento: date({ mode: 'string' }),
    /** The registrant's link (see and cancel) and the code the check-in reads. */
    token: text().notNull(),
    codigo: text().notNull(),
    checkInEm: timestamp({ withTimezone: true }),
    /** The registrant's language (pt-BR, en) from the public page; null when staff registered them. */
    idioma: text(),
    /** The provider's message when it refused the charge for good (a 4xx): the job stops retrying. */
    falhaCobranca: text(),
    criadoEm: timestamp({ withTimezone: true }).notNull().defaultNow(),
    atualizadoEm: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('inscricao_evento_token_uq').on(t.token),
    uniqueIndex('inscricao_evento_codigo_uq').on(t.codigo),
    uniqueIndex('inscricao_evento_cpf_uq')
      .on(t.eventoId, t.cpf)
      .where(sql`${t.status} not in ('CANCELADA', 'EXPIRADA') and ${t.cpf} is not null`),
    uniqueIndex('inscricao_evento_email_uq')
      .on(t.eventoId, sql`lower(${t.email})`)
      .where(sql`${t.status} not in ('CANCELADA', 'EXPIRADA')`),
    index('inscricao_evento_evento_idx').on(t.eventoId, t.status, t.loteId),
    index('inscricao_evento_conta_idx').on(t.contaAReceberId),
  ],
);

/** The workshops a registration holds a seat in. */
export const inscricaoOficina = pgTable(
  'inscricao_oficina',
  {
    inscricaoId: integer()
      .notNull()
      .references(() => inscricaoEvento.id),
    oficinaId: integer()
      .notNull()
      .references(() => eventoOficina.id),
  },
  (t) => [
    primaryKey({ columns: [t.inscricaoId, t.oficinaId] }),
    index('inscricao_oficina_oficina_idx').on(t.oficinaId),
  ],
);
