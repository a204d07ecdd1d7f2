import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  date,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { usuario } from './acesso.js';
import { caracteristica, classe, classificacao } from './cadastros.js';
import { organizacao } from './organizacoes.js';
import { colunasRegistro, unicoSemExcluidos } from './registro.js';

/** Teams of users (tickets are assigned to them); at least one participant. */
export const time = pgTable('time', { ...colunasRegistro(), descricao: text() }, (t) => [
  unicoSemExcluidos('time', 'nome', t.nome, t.excluidoEm),
]);

export const timeParticipante = pgTable(
  'time_participante',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    timeId: integer()
      .notNull()
      .references(() => time.id),
    usuarioId: integer()
      .notNull()
      .references(() => usuario.id),
    excluidoEm: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex('time_participante_uq').on(t.timeId, t.usuarioId).where(sql`${t.excluidoEm} is null`),
    index('time_participante_usuario_idx').on(t.usuarioId),
  ],
);

/** Icons (a registry): a name and a glyph of the bundled set (contracts SIMBOLOS_ICONE) that categories show. */
export const icone = pgTable('icone', { ...colunasRegistro(), simbolo: text().notNull() }, (t) => [
  unicoSemExcluidos('icone', 'nome', t.nome, t.excluidoEm),
]);

/** Ticket categories (a registry): what may be asked, the requirement text shown to the requester, its classes. */
export const categoriaAtendimento = pgTable(
  'categoria_atendimento',
  {
    ...colunasRegistro(),
    descricao: text(),
    requisito: text(),
    iconeId: integer().references(() => icone.id),
  },
  (t) => [
    unicoSemExcluidos('categoria_atendimento', 'nome', t.nome, t.excluidoEm),
    index('categoria_atendimento_icone_idx').on(t.iconeId),
  ],
);

export const categoriaAtendimentoClasse = pgTable(
  'categoria_atendimento_classe',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    categoriaAtendimentoId: integer()
      .notNull()
      .references(() => categoriaAtendimento.id),
    classeId: integer()
      .notNull()
      .references(() => classe.id),
    excluidoEm: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex('categoria_atendimento_classe_uq')
      .on(t.categoriaAtendimentoId, t.classeId)
      .where(sql`${t.excluidoEm} is null`),
    index('categoria_atendimento_classe_classe_idx').on(t.classeId),
  ],
);

/**
 * A service ticket. `numero` is the identity; `protocolo` (year + number) is what people quote.
 * A ticket without a team (`timeId`) is waiting in the triage of its destination organization.
 */
export const atendimento = pgTable(
  'atendimento',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    protocolo: text().notNull(),
    assunto: text().notNull(),
    descricao: text().notNull(),
    categoriaAtendimentoId: integer()
      .notNull()
      .references(() => categoriaAtendimento.id),
    solicitanteUsuarioId: integer()
      .notNull()
      .references(() => usuario.id),
    organizacaoOrigemId: integer()
      .notNull()
      .references(() => organizacao.id),
    organizacaoDestinoId: integer()
      .notNull()
      .references(() => organizacao.id),
    timeId: integer().references(() => time.id),
    responsavelUsuarioId: integer()
      .notNull()
      .references(() => usuario.id),
    status: text().notNull(),
    classificacaoId: integer().references(() => classificacao.id),
    atendimentoPaiId: integer().references((): AnyPgColumn => atendimento.id),
    dataRetornoPrevista: date({ mode: 'string' }),
    criadoEm: timestamp({ withTimezone: true }).notNull().defaultNow(),
    atualizadoEm: timestamp({ withTimezone: true }).notNull().defaultNow(),
    excluidoEm: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex('atendimento_protocolo_uq').on(t.protocolo),
    // One index per queue, so that its first page and its capped count read only its rows:
    // the requester's (newest first), a team's within the scope, triage's (no team yet), the scope's.
    // The requester's and the teams' hold every column their queue filters on, live tickets only,
    // so the capped count reads the index alone.
    index('atendimento_solicitante_idx')
      .on(t.solicitanteUsuarioId, t.id.desc(), t.organizacaoOrigemId, t.status)
      .where(sql`${t.excluidoEm} is null`),
    index('atendimento_time_idx').on(t.timeId, t.organizacaoDestinoId).where(sql`${t.excluidoEm} is null`),
    index('atendimento_triagem_idx').on(t.organizacaoDestinoId, t.id.desc()).where(sql`${t.timeId} is null`),
    index('atendimento_destino_idx').on(t.organizacaoDestinoId, t.id.desc()),
    index('atendimento_origem_idx').on(t.organizacaoOrigemId),
    index('atendimento_responsavel_idx').on(t.responsavelUsuarioId),
    index('atendimento_pai_idx').on(t.atendimentoPaiId),
  ],
);

/** Participants, observers and interested users of a ticket (`papel`). */
export const atendimentoEnvolvido = pgTable(
  'atendimento_envolvido',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    atendimentoId: integer()
      .notNull()
      .references(() => atendimento.id),
    usuarioId: integer()
      .notNull()
      .references(() => usuario.id),
    papel: text().notNull(),
    excluidoEm: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex('atendimento_envolvido_uq')
      .on(t.atendimentoId, t.usuarioId, t.papel)
      .where(sql`${t.excluidoEm} is null`),
    index('atendimento_envolvido_usuario_idx').on(t.usuarioId),
  ],
);

/** Comments; `interno` ones are never shown to the requester. */
export const atendimentoComentario = pgTable(
  'atendimento_comentario',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    atendimentoId: integer()
      .notNull()
      .references(() => atendimento.id),
    usuarioId: integer()
      .notNull()
      .references(() => usuario.id),
    texto: text().notNull(),
    interno: boolean().notNull().default(false),
    criadoEm: timestamp({ withTimezone: true }).notNull().defaultNow(),
    excluidoEm: timestamp({ withTimezone: true }),
  },
  (t) => [index('atendimento_comentario_atendimento_idx').on(t.atendimentoId)],
);

export const atendimentoTarefa = pgTable(
  'atendimento_tarefa',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    atendimentoId: integer()
      .notNull()
      .references(() => atendimento.id),
    descricao: text().notNull(),
    responsavelUsuarioId: integer()
      .notNull()
      .references(() => usuario.id),
    prazo: date({ mode: 'string' }),
    concluidaEm: timestamp({ withTimezone: true }),
    criadoEm: timestamp({ withTimezone: true }).notNull().defaultNow(),
    excluidoEm: timestamp({ withTimezone: true }),
  },
  (t) => [index('atendimento_tarefa_atendimento_idx').on(t.atendimentoId)],
);

/** The activity history: creation, triage, every status change with its required opinion. */
export const atendimentoAtividade = pgTable(
  'atendimento_atividade',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    atendimentoId: integer()
      .notNull()
      .references(() => atendimento.id),
    usuarioId: integer()
      .notNull()
      .references(() => usuario.id),
    tipo: text().notNull(),
    statusAnterior: text(),
    statusNovo: text(),
    parecer: text(),
    criadoEm: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('atendimento_atividade_atendimento_idx').on(t.atendimentoId)],
);

/** Attached documents: the bytes live under DATA_DIR; the hash refuses the same document twice. */
export const atendimentoAnexo = pgTable(
  'atendimento_anexo',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    atendimentoId: integer()
      .notNull()
      .references(() => atendimento.id),
    usuarioId: integer()
      .notNull()
      .references(() => usuario.id),
    nomeArquivo: text().notNull(),
    tipoConteudo: text().notNull(),
    tamanho: integer().notNull(),
    sha256: text().notNull(),
    caminho: text().notNull(),
    criadoEm: timestamp({ withTimezone: true }).notNull().defaultNow(),
    excluidoEm: timestamp({ withTimezone: true }),
  },
  (t) => [uniqueIndex('atendimento_anexo_sha256_uq').on(t.atendimentoId, t.sha256).where(sql`${t.excluidoEm} is null`)],
);

/** Values of the characteristics the category's classes ask for. */
export const atendimentoCaracteristica = pgTable(
  'atendimento_caracteristica',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    atendimentoId: integer()
      .notNull()
      .references(() => atendimento.id),
    caracteristicaId: integer()
      .notNull()
      .references(() => caracteristica.id),
    valor: text().notNull(),
  },
  (t) => [uniqueIndex('atendimento_caracteristica_uq').on(t.atendimentoId, t.caracteristicaId)],
);
