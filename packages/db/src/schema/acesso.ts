import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { organizacao } from './organizacoes.js';
import { pessoa } from './pessoas.js';
import { jsonbValor } from './registro.js';

const criadoEm = () => timestamp({ withTimezone: true }).notNull().defaultNow();

export const perfil = pgTable(
  'perfil',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    nome: text().notNull(),
    descricao: text(),
    ativo: boolean().notNull().default(true),
    /** Given to self-registered users. */
    padraoCadastro: boolean().notNull().default(false),
    /** Whoever acts with this profile confirms a second factor at sign-in (the app's, or a code by e-mail). */
    exige2FA: boolean().notNull().default(false),
    /** Bumped on every change so cached permission sets know they are stale. */
    versao: integer().notNull().default(1),
    excluidoEm: timestamp({ withTimezone: true }),
    criadoEm: criadoEm(),
  },
  (t) => [uniqueIndex('perfil_nome_uq').on(sql`lower(${t.nome})`).where(sql`${t.excluidoEm} is null`)],
);

export const perfilPermissao = pgTable(
  'perfil_permissao',
  {
    perfilId: integer()
      .notNull()
      .references(() => perfil.id),
    acesso: text().notNull(),
    listar: boolean().notNull().default(false),
    visualizar: boolean().notNull().default(false),
    criar: boolean().notNull().default(false),
    atualizar: boolean().notNull().default(false),
    excluir: boolean().notNull().default(false),
    somentePropriaOrganizacao: boolean().notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.perfilId, t.acesso] })],
);

/** Per-field exceptions to the screen's rule: null inherits, false denies. */
export const perfilCampo = pgTable(
  'perfil_campo',
  {
    perfilId: integer()
      .notNull()
      .references(() => perfil.id),
    acesso: text().notNull(),
    campo: text().notNull(),
    visualizar: boolean(),
    atualizar: boolean(),
  },
  (t) => [primaryKey({ columns: [t.perfilId, t.acesso, t.campo] })],
);

export const usuario = pgTable(
  'usuario',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    pessoaId: integer()
      .notNull()
      .references(() => pessoa.id),
    email: text().notNull(),
    senhaHash: text().notNull(),
    trocarSenha: boolean().notNull().default(false),
    ativo: boolean().notNull().default(true),
    totpSegredoCifrado: text(),
    totpAtivo: boolean().notNull().default(false),
    bloqueadoAte: timestamp({ withTimezone: true }),
    senhaAlteradaEm: timestamp({ withTimezone: true }),
    ultimoAcessoEm: timestamp({ withTimezone: true }),
    /**
     * The person has a pending request of a published required term (issue 22 item 5): the session
     * lookup reads it instead of searching the requests on every request. Kept by triggers on
     * `termo_solicitacao`, `termo` and this table (migration 0056), in the transaction of the change.
     */
    termoPendente: boolean().notNull().default(false),
    criadoEm: criadoEm(),
  },
  (t) => [uniqueIndex('usuario_email_uq').on(sql`lower(${t.email})`), uniqueIndex('usuario_pessoa_uq').on(t.pessoaId)],
);

/** A user acts for an organization with the profile of that link. */
export const usuarioOrganizacao = pgTable(
  'usuario_organizacao',
  {
    usuarioId: integer()
      .notNull()
      .references(() => usuario.id),
    organizacaoId: integer()
      .notNull()
      .references(() => organizacao.id),
    perfilId: integer()
      .notNull()
      .references(() => perfil.id),
    padrao: boolean().notNull().default(false),
    criadoEm: criadoEm(),
  },
  (t) => [
    primaryKey({ columns: [t.usuarioId, t.organizacaoId] }),
    index('usuario_organizacao_org_idx').on(t.organizacaoId),
  ],
);

/** Opaque bearer tokens, stored as SHA-256; the raw token exists only in the client. */
export const sessao = pgTable(
  'sessao',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    tokenHash: text().notNull(),
    usuarioId: integer()
      .notNull()
      .references(() => usuario.id),
    organizacaoId: integer()
      .notNull()
      .references(() => organizacao.id),
    perfilId: integer()
      .notNull()
      .references(() => perfil.id),
    /** Signed in with password but the second factor is still due. */
    pendente2FA: boolean().notNull().default(false),
    ip: text(),
    userAgent: text(),
    criadoEm: criadoEm(),
    ultimoUsoEm: timestamp({ withTimezone: true }).notNull().defaultNow(),
    revogadoEm: timestamp({ withTimezone: true }),
  },
  (t) => [uniqueIndex('sessao_token_uq').on(t.tokenHash), index('sessao_usuario_idx').on(t.usuarioId)],
);

/**
 * Failed and successful sign-ins, read by the sign-in throttle (docs/ARCHITECTURE.md, "Signing in"):
 * `login` is the account (`u:<id>`, or the login normalized when it names none), `origem` where the
 * attempt came from (`d:<device hash>` for a device the account trusts, else `ip:<address>`).
 */
export const tentativaLogin = pgTable(
  'tentativa_login',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    login: text().notNull(),
    ip: text().notNull(),
    origem: text().notNull().default(''),
    /** From a device or address the account signed in from before. */
    confiavel: boolean().notNull().default(false),
    sucesso: boolean().notNull(),
    criadoEm: criadoEm(),
  },
  (t) => [
    index('tentativa_login_login_idx').on(t.login, t.criadoEm),
    index('tentativa_login_par_idx').on(t.login, t.origem, t.criadoEm),
    index('tentativa_login_ip_idx').on(t.ip, t.criadoEm),
  ],
);

/**
 * Devices (`d:<hash of the id the browser keeps>`) and addresses (`ip:<address>`) an account
 * signed in from with its password, or completed a password reset on: they still pass when the
 * account is locked against everyone else.
 */
export const origemConfiavel = pgTable(
  'origem_confiavel',
  {
    usuarioId: integer()
      .notNull()
      .references(() => usuario.id),
    origem: text().notNull(),
    ultimoUsoEm: timestamp({ withTimezone: true }).notNull().defaultNow(),
    criadoEm: criadoEm(),
  },
  (t) => [primaryKey({ columns: [t.usuarioId, t.origem] })],
);

/** Request counters of the public routes' limits, one row per key and window (shared by every API process). */
export const limiteRequisicao = pgTable(
  'limite_requisicao',
  {
    chave: text().primaryKey(),
    contagem: integer().notNull(),
    expiraEm: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index('limite_requisicao_expira_idx').on(t.expiraEm)],
);

/** Single-use codes: password reset links and e-mailed second-factor codes. */
export const codigoVerificacao = pgTable(
  'codigo_verificacao',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    usuarioId: integer()
      .notNull()
      .references(() => usuario.id),
    finalidade: text().notNull(),
    codigoHash: text().notNull(),
    tentativas: smallint().notNull().default(0),
    expiraEm: timestamp({ withTimezone: true }).notNull(),
    usadoEm: timestamp({ withTimezone: true }),
    criadoEm: criadoEm(),
  },
  (t) => [
    index('codigo_verificacao_hash_idx').on(t.codigoHash),
    index('codigo_verificacao_usuario_idx').on(t.usuarioId),
  ],
);

export const auditoriaAcesso = pgTable(
  'auditoria_acesso',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    evento: text().notNull(),
    usuarioId: integer(),
    login: text(),
    organizacaoId: integer(),
    acesso: text(),
    metodo: text(),
    rota: text(),
    status: smallint(),
    ip: text(),
    userAgent: text(),
    duracaoMs: integer(),
    criadoEm: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    index('auditoria_acesso_criado_idx').on(t.criadoEm),
    index('auditoria_acesso_usuario_idx').on(t.usuarioId, t.criadoEm),
    index('auditoria_acesso_org_idx').on(t.organizacaoId, t.criadoEm),
  ],
);

/** The "update history": who changed which field of which record, from what to what. */
export const historicoAlteracao = pgTable(
  'historico_alteracao',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    entidade: text().notNull(),
    entidadeId: integer().notNull(),
    operacao: text().notNull(),
    campo: text(),
    valorAnterior: jsonbValor(),
    valorNovo: jsonbValor(),
    usuarioId: integer(),
    organizacaoId: integer(),
    criadoEm: criadoEm(),
  },
  (t) => [index('historico_alteracao_entidade_idx').on(t.entidade, t.entidadeId, t.criadoEm)],
);

/** Outgoing mail; sent over SMTP when configured, otherwise kept here and shown in the UI. */
export const caixaSaida = pgTable(
  'caixa_saida',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    para: text().notNull(),
    assunto: text().notNull(),
    texto: text().notNull(),
    html: text(),
    /** Files sent with the message (a receipt's PDF): name, type and bytes in base64. */
    anexos: jsonb().$type<{ nome: string; tipo: string; conteudo: string }[]>(),
    situacao: text().notNull().default('PENDENTE'),
    tentativas: smallint().notNull().default(0),
    erro: text(),
    criadoEm: criadoEm(),
    enviadoEm: timestamp({ withTimezone: true }),
  },
  (t) => [index('caixa_saida_situacao_idx').on(t.situacao, t.criadoEm)],
);
