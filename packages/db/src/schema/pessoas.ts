import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  type PgColumnBuilderBase,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import {
  cargo,
  grauParentesco,
  profissao,
  setor,
  situacao,
  tipoCelebracaoOficio,
  tipoMoradia,
  tipoPessoa,
} from './cadastros.js';
import { organizacao } from './organizacoes.js';
import { banco, cidade, estado, pais, tipoContato, tipoEndereco } from './tabelas.js';

const excluidoEm = () => timestamp({ withTimezone: true });

/**
 * The person record (spec §3 "Person"). `nomeBusca` is the full name lower-cased and without
 * accents, written by the service: a trigram index on it finds anyone among a million by any
 * part of the name.
 */
export const pessoa = pgTable(
  'pessoa',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    nome: text().notNull(),
    sobrenome: text().notNull().default(''),
    sobrenomeFamilia: text(),
    nomeBusca: text().notNull().default(''),
    cpf: text(),
    email: text(),
    rg: text(),
    rgOrgaoEmissor: text(),
    rgDataEmissao: date({ mode: 'string' }),
    tituloEleitor: text(),
    nitPis: text(),
    cnh: text(),
    sexo: text(),
    estadoCivil: text(),
    nacionalidade: text(),
    dataNascimento: date({ mode: 'string' }),
    naturalidadeEstadoId: integer().references(() => estado.id),
    naturalidadeCidadeId: integer().references(() => cidade.id),
    dataFalecimento: date({ mode: 'string' }),
    tipoPessoaId: integer().references(() => tipoPessoa.id),
    status: text().notNull().default('ATIVO'),
    motivoStatus: text(),
    situacaoId: integer().references(() => situacao.id),
    titular: boolean().notNull().default(false),
    preCadastro: boolean().notNull().default(false),
    nomeMae: text(),
    nomePai: text(),
    organizacaoId: integer()
      .notNull()
      .references(() => organizacao.id),
    setorId: integer().references(() => setor.id),
    deficienciaFisica: boolean().notNull().default(false),
    deficienciaVisual: boolean().notNull().default(false),
    deficienciaAuditiva: boolean().notNull().default(false),
    deficienciaIntelectual: boolean().notNull().default(false),
    planoSaude: text(),
    recebeInformativo: boolean().notNull().default(false),
    recebeJornal: boolean().notNull().default(false),
    codigoOutroSistema: text(),
    observacao: text(),
    /** A record brought by a migration: its source system and its key there (issue 23, reruns match on them). */
    origem: text(),
    chaveLegada: text(),
    /** Set when the person's data was anonymized (LGPD): the row stays for rites and finance. */
    anonimizadoEm: timestamp({ withTimezone: true }),
    excluidoEm: excluidoEm(),
    criadoEm: timestamp({ withTimezone: true }).notNull().defaultNow(),
    atualizadoEm: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('pessoa_cpf_uq').on(t.cpf).where(sql`${t.cpf} is not null and ${t.excluidoEm} is null`),
    // The list reads a subtree's (organization, name, id) from this one alone (index-only scans).
    index('pessoa_organizacao_idx').on(t.organizacaoId, t.nomeBusca, t.id).where(sql`${t.excluidoEm} is null`),
    // The list's walk by name that stops at the page, taken only when a term matches more than the
    // count's cap. `id > 0` (always true) keeps other queries off it: ordered by name with a limit,
    // the planner walks it for any term, and a rare clustered one (a first name) reads most of the
    // table (1 s for "maria" in a 2,000-row export batch) where the trigram index finds it at once.
    index('pessoa_nome_busca_idx')
      .on(t.nomeBusca, t.id, t.organizacaoId)
      .where(sql`${t.excluidoEm} is null and ${t.id} > 0`),
    index('pessoa_nome_busca_trgm_idx').using('gin', sql`${t.nomeBusca} gin_trgm_ops`),
    index('pessoa_nascimento_idx').on(t.dataNascimento),
    index('pessoa_chave_legada_idx')
      .on(t.chaveLegada, t.origem)
      .where(sql`${t.chaveLegada} is not null and ${t.excluidoEm} is null`),
  ],
);

/**
 * One row per word of a living person's `nomeBusca`, kept by triggers on `pessoa` and on
 * `organizacao` (migrations 0026, 0028): the name search reads a word's people from one index,
 * already in name order and with the organization's path beside them, so a page and its capped
 * count need no table row and no trigram recheck. The second index holds a word's people by path:
 * those within a subtree are one range of it, so a search inside a synod or a parish counts only
 * them. Not written by the application.
 */
export const pessoaPalavra = pgTable(
  'pessoa_palavra',
  {
    palavra: text().notNull(),
    nomeBusca: text().notNull(),
    pessoaId: integer().notNull(),
    /** The person's organization's `caminho`. */
    caminho: text().notNull(),
  },
  (t) => [
    index('pessoa_palavra_idx').on(t.palavra, t.nomeBusca, t.pessoaId, t.caminho),
    index('pessoa_palavra_caminho_idx').on(t.palavra, sql`${t.caminho} text_pattern_ops`, t.nomeBusca, t.pessoaId),
  ],
);

/** Every word ever met in a name (same triggers): a search term is looked up here to find its words. */
export const palavraBusca = pgTable('palavra_busca', { palavra: text().primaryKey() }, (t) => [
  index('palavra_busca_trgm_idx').using('gin', sql`${t.palavra} gin_trgm_ops`),
]);

/**
 * How many living people each organization holds, kept by triggers on `pessoa` (migration 0027):
 * a list without filters other than the organization reads its exact total from here instead of
 * counting index entries. Not written by the application.
 */
export const organizacaoPessoas = pgTable('organizacao_pessoas', {
  organizacaoId: integer().primaryKey(),
  pessoas: integer().notNull().default(0),
});

/**
 * The registry indicator's roll-up (spec §2 /indicadores/cadastros), kept by triggers on `pessoa`
 * and `organizacao` (migration 0036): living people counted by type, status, sex, birth year,
 * holder and complete record, once for their organization alone (`subarvore` false) and once for
 * it and each organization above it (`subarvore` true), so a subtree's figures are its root's
 * rows alone. `tipoPessoaId` 0, `sexo` '' and `anoNascimento` 0 stand for "not informed".
 * Not written by the application.
 */
export const pessoaResumo = pgTable(
  'pessoa_resumo',
  {
    organizacaoId: integer().notNull(),
    subarvore: boolean().notNull(),
    tipoPessoaId: integer().notNull(),
    status: text().notNull(),
    sexo: text().notNull(),
    anoNascimento: integer().notNull(),
    titular: boolean().notNull(),
    completo: boolean().notNull(),
    pessoas: integer().notNull(),
  },
  (t) => [
    primaryKey({
      name: 'pessoa_resumo_pk',
      columns: [t.organizacaoId, t.subarvore, t.tipoPessoaId, t.status, t.sexo, t.anoNascimento, t.titular, t.completo],
    }),
  ],
);

/** The same without sex and birth year (same triggers): the ranked table of the organizations below one. */
export const pessoaResumoOrganizacao = pgTable(
  'pessoa_resumo_organizacao',
  {
    organizacaoId: integer().notNull(),
    subarvore: boolean().notNull(),
    tipoPessoaId: integer().notNull(),
    status: text().notNull(),
    titular: boolean().notNull(),
    completo: boolean().notNull(),
    pessoas: integer().notNull(),
  },
  (t) => [
    primaryKey({
      name: 'pessoa_resumo_organizacao_pk',
      columns: [t.organizacaoId, t.subarvore, t.tipoPessoaId, t.status, t.titular, t.completo],
    }),
  ],
);

const dePessoa = () =>
  integer()
    .notNull()
    .references((): AnyPgColumn => pessoa.id);

export const pessoaEndereco = pgTable(
  'pessoa_endereco',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    pessoaId: dePessoa(),
    tipoEnderecoId: integer().references(() => tipoEndereco.id),
    cep: text(),
    logradouro: text().notNull(),
    numero: text(),
    bairro: text(),
    estadoId: integer().references(() => estado.id),
    cidadeId: integer().references(() => cidade.id),
    paisId: integer().references(() => pais.id),
    complemento: text(),
    pontoReferencia: text(),
    tipoMoradiaId: integer().references(() => tipoMoradia.id),
    caixaPostal: text(),
    correspondencia: boolean().notNull().default(false),
    ativo: boolean().notNull().default(true),
    preferencial: boolean().notNull().default(false),
    mudanca: boolean().notNull().default(false),
    cobranca: boolean().notNull().default(false),
    excluidoEm: excluidoEm(),
  },
  (t) => [index('pessoa_endereco_pessoa_idx').on(t.pessoaId)],
);

export const pessoaContato = pgTable(
  'pessoa_contato',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    pessoaId: dePessoa(),
    tipoContatoId: integer()
      .notNull()
      .references(() => tipoContato.id),
    valor: text().notNull(),
    principal: boolean().notNull().default(false),
    observacao: text(),
    excluidoEm: excluidoEm(),
  },
  (t) => [index('pessoa_contato_pessoa_idx').on(t.pessoaId)],
);

/** Family links, kept in both directions (the other side gets the reciprocal degree). */
export const pessoaFamilia = pgTable(
  'pessoa_familia',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    pessoaId: dePessoa(),
    parenteId: dePessoa(),
    grauParentescoId: integer()
      .notNull()
      .references(() => grauParentesco.id),
    excluidoEm: excluidoEm(),
  },
  (t) => [
    index('pessoa_familia_pessoa_idx').on(t.pessoaId),
    index('pessoa_familia_parente_idx').on(t.parenteId),
    uniqueIndex('pessoa_familia_uq').on(t.pessoaId, t.parenteId).where(sql`${t.excluidoEm} is null`),
  ],
);

/** Income and contribution (at most one per person; the finance module reads it). */
export const pessoaContribuicao = pgTable(
  'pessoa_contribuicao',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    pessoaId: dePessoa(),
    valor: numeric({ precision: 14, scale: 2 }),
    percentualDesconto: numeric({ precision: 5, scale: 2 }),
    rendaFamiliar: numeric({ precision: 14, scale: 2 }),
    tipoContribuinte: text(),
    dizimista: boolean().notNull().default(false),
    permiteAlterarValor: boolean().notNull().default(false),
    ignorarReajuste: boolean().notNull().default(false),
    emiteCarne: boolean().notNull().default(false),
    excluidoEm: excluidoEm(),
  },
  (t) => [uniqueIndex('pessoa_contribuicao_uq').on(t.pessoaId).where(sql`${t.excluidoEm} is null`)],
);

export const pessoaContaBancaria = pgTable(
  'pessoa_conta_bancaria',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    pessoaId: dePessoa(),
    tipo: text().notNull(),
    bancoId: integer()
      .notNull()
      .references(() => banco.id),
    agencia: text().notNull(),
    conta: text().notNull(),
    tipoChavePix: text(),
    chavePix: text(),
    titular: text(),
    excluidoEm: excluidoEm(),
  },
  (t) => [index('pessoa_conta_bancaria_pessoa_idx').on(t.pessoaId)],
);

/** Celebrations and offices (rites): baptism, confirmation, marriage, burial... */
export const pessoaCelebracao = pgTable(
  'pessoa_celebracao',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    pessoaId: dePessoa(),
    tipoCelebracaoOficioId: integer()
      .notNull()
      .references(() => tipoCelebracaoOficio.id),
    data: date({ mode: 'string' }).notNull(),
    local: text(),
    oficiante: text(),
    livro: text(),
    folha: text(),
    registro: text(),
    padrinhos: text(),
    excluidoEm: excluidoEm(),
  },
  (t) => [index('pessoa_celebracao_pessoa_idx').on(t.pessoaId)],
);

/**
 * Gifts test (spec §2): an answer key lists the gifts and the questions, each question scoring
 * one gift (named by the gift's key); a test is one person's answers to a key, scored per gift.
 */
export const gabaritoDons = pgTable('gabarito_dons', {
  id: integer().primaryKey().generatedAlwaysAsIdentity(),
  nome: text().notNull(),
  descricao: text(),
  escalaMaxima: integer().notNull().default(3),
  ativo: boolean().notNull().default(true),
  criadoEm: timestamp({ withTimezone: true }).notNull().defaultNow(),
  atualizadoEm: timestamp({ withTimezone: true }).notNull().defaultNow(),
  excluidoEm: excluidoEm(),
});

export const gabaritoDom = pgTable(
  'gabarito_dom',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    gabaritoId: integer()
      .notNull()
      .references(() => gabaritoDons.id),
    chave: text().notNull(),
    nome: text().notNull(),
    descricao: text(),
    excluidoEm: excluidoEm(),
  },
  (t) => [
    uniqueIndex('gabarito_dom_chave_uq').on(t.gabaritoId, sql`lower(${t.chave})`).where(sql`${t.excluidoEm} is null`),
  ],
);

export const gabaritoPergunta = pgTable(
  'gabarito_pergunta',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    gabaritoId: integer()
      .notNull()
      .references(() => gabaritoDons.id),
    ordem: integer().notNull().default(0),
    texto: text().notNull(),
    dom: text().notNull(),
    excluidoEm: excluidoEm(),
  },
  (t) => [index('gabarito_pergunta_gabarito_idx').on(t.gabaritoId)],
);

export const testeDons = pgTable(
  'teste_dons',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    gabaritoId: integer()
      .notNull()
      .references(() => gabaritoDons.id),
    pessoaId: integer()
      .notNull()
      .references((): AnyPgColumn => pessoa.id),
    organizacaoId: integer()
      .notNull()
      .references(() => organizacao.id),
    /** Answer per question id (0 … the key's scale). */
    respostas: jsonb().$type<Record<string, number>>().notNull(),
    /** Points per gift key, computed when the test is saved. */
    pontuacao: jsonb().$type<Record<string, number>>().notNull(),
    realizadoEm: timestamp({ withTimezone: true }).notNull().defaultNow(),
    excluidoEm: excluidoEm(),
  },
  (t) => [index('teste_dons_pessoa_idx').on(t.pessoaId), index('teste_dons_organizacao_idx').on(t.organizacaoId)],
);

/**
 * Integration into and withdrawal from the organization (spec §2, §4): a withdrawal marks the
 * person DESLIGADO (out of the organization's members), a later integration makes them ATIVO again.
 */
export const pessoaIntegracao = pgTable(
  'pessoa_integracao',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    pessoaId: dePessoa(),
    tipo: text().notNull(),
    data: date({ mode: 'string' }).notNull(),
    forma: text().notNull(),
    organizacaoId: integer()
      .notNull()
      .references(() => organizacao.id),
    outraOrganizacao: text(),
    motivo: text(),
    observacao: text(),
    criadoEm: timestamp({ withTimezone: true }).notNull().defaultNow(),
    excluidoEm: excluidoEm(),
  },
  (t) => [
    index('pessoa_integracao_pessoa_idx').on(t.pessoaId, t.data),
    // The registry indicator's movements of a period: one range of dates, read from the index alone.
    index('pessoa_integracao_data_idx')
      .on(t.data, t.organizacaoId, t.tipo, t.forma, t.pessoaId)
      .where(sql`${t.excluidoEm} is null`),
  ],
);

/**
 * The registry indicator's movements (spec §2 /indicadores/cadastros), kept by triggers on
 * `pessoa_integracao`, `pessoa` and `organizacao` (migration 0066, ADR 0033): living integration
 * and withdrawal records counted per kind (`movimento`: the indicator's `admissoes`,
 * `transferenciasRecebidas`, `desligamentos`, `falecimentos`, `transferenciasEnviadas`), per unit
 * (`grao` 0 day, 1 month, 2 year, `inicio` its first day) and per the recorded person's attributes
 * as they are now (type, 0 for none; status; holder; complete record; not deleted, `ativa`), once
 * for the organization that recorded them alone (`subarvore` false) and once for it and each
 * organization above it (`subarvore` true), so a subtree's period, under any person filter, is a
 * few ranges of its root's rows. Not written by the application.
 */
export const pessoaMovimentoPerfil = pgTable(
  'pessoa_movimento_perfil',
  {
    organizacaoId: integer().notNull(),
    subarvore: boolean().notNull(),
    grao: smallint().notNull(),
    inicio: date({ mode: 'string' }).notNull(),
    movimento: text().notNull(),
    tipoPessoaId: integer().notNull(),
    status: text().notNull(),
    titular: boolean().notNull(),
    completo: boolean().notNull(),
    ativa: boolean().notNull(),
    quantidade: integer().notNull(),
  },
  (t) => [
    primaryKey({
      name: 'pessoa_movimento_perfil_pk',
      columns: [
        t.organizacaoId,
        t.subarvore,
        t.grao,
        t.inicio,
        t.movimento,
        t.tipoPessoaId,
        t.status,
        t.titular,
        t.completo,
        t.ativa,
      ],
    }),
  ],
);

/** A sub-record table of the person: id, the person (indexed), its own columns, logical delete. */
function tabelaDaPessoa<C extends Record<string, PgColumnBuilderBase>>(nome: string, colunas: C) {
  return pgTable(
    nome,
    {
      id: integer().primaryKey().generatedAlwaysAsIdentity(),
      pessoaId: dePessoa(),
      ...colunas,
      excluidoEm: excluidoEm(),
    },
    (t) => [index(`${nome}_pessoa_idx`).on(t.pessoaId)],
  );
}

/** Marriages: the spouse is a person of the registry or, when not in it, a name. */
export const pessoaCasamento = tabelaDaPessoa('pessoa_casamento', {
  conjugeId: integer().references((): AnyPgColumn => pessoa.id),
  nomeConjuge: text(),
  dataCasamentoCivil: date({ mode: 'string' }),
  dataCasamentoReligioso: date({ mode: 'string' }),
  local: text(),
  oficiante: text(),
  regimeBens: text(),
  dataTermino: date({ mode: 'string' }),
  motivoTermino: text(),
});

export const pessoaHistoricoProfissional = tabelaDaPessoa('pessoa_historico_profissional', {
  empresa: text().notNull(),
  profissaoId: integer().references(() => profissao.id),
  funcao: text(),
  dataInicio: date({ mode: 'string' }),
  dataFim: date({ mode: 'string' }),
  observacao: text(),
});

/** Training: schooling, courses and theological education. */
export const pessoaFormacao = tabelaDaPessoa('pessoa_formacao', {
  nivelFormacao: text().notNull(),
  curso: text().notNull(),
  instituicao: text(),
  dataInicio: date({ mode: 'string' }),
  dataConclusao: date({ mode: 'string' }),
  concluido: boolean().notNull().default(false),
});

/** Church activities: offices held in an organization (council, treasurer, choir…). */
export const pessoaAtividadeIgreja = tabelaDaPessoa('pessoa_atividade_igreja', {
  organizacaoId: integer()
    .notNull()
    .references(() => organizacao.id),
  cargoId: integer().references(() => cargo.id),
  descricao: text(),
  dataInicio: date({ mode: 'string' }).notNull(),
  dataFim: date({ mode: 'string' }),
});

export const pessoaHabilidade = tabelaDaPessoa('pessoa_habilidade', {
  descricao: text().notNull(),
  nivelConhecimento: text(),
  observacao: text(),
});

export const pessoaIdioma = tabelaDaPessoa('pessoa_idioma', {
  idioma: text().notNull(),
  nivelConhecimento: text(),
  le: boolean().notNull().default(false),
  escreve: boolean().notNull().default(false),
  fala: boolean().notNull().default(false),
});

export const pessoaQualificacao = tabelaDaPessoa('pessoa_qualificacao', {
  descricao: text().notNull(),
  instituicao: text(),
  data: date({ mode: 'string' }),
  validoAte: date({ mode: 'string' }),
  observacao: text(),
});

/** Ministry certificates (ordination, installation, good standing…). */
export const pessoaCertidaoMinisterial = tabelaDaPessoa('pessoa_certidao_ministerial', {
  tipoCertidao: text().notNull(),
  numero: text(),
  orgaoEmissor: text(),
  dataEmissao: date({ mode: 'string' }).notNull(),
  validoAte: date({ mode: 'string' }),
  observacao: text(),
});

/** Ministerial activities: where and as what the person served. */
export const pessoaAtividadeMinisterial = tabelaDaPessoa('pessoa_atividade_ministerial', {
  organizacaoId: integer()
    .notNull()
    .references(() => organizacao.id),
  funcao: text().notNull(),
  dataInicio: date({ mode: 'string' }).notNull(),
  dataFim: date({ mode: 'string' }),
  observacao: text(),
});

/** Minister data (spec §2 /pessoa-ministro): one record per person, with exams and activity terms. */
export const ministro = pgTable(
  'ministro',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    pessoaId: dePessoa(),
    tipoMinisterio: text().notNull(),
    situacaoMinisterial: text().notNull().default('ATIVO'),
    registroMinisterial: text(),
    dataOrdenacao: date({ mode: 'string' }),
    localOrdenacao: text(),
    ordenante: text(),
    dataEmeritacao: date({ mode: 'string' }),
    observacao: text(),
    criadoEm: timestamp({ withTimezone: true }).notNull().defaultNow(),
    atualizadoEm: timestamp({ withTimezone: true }).notNull().defaultNow(),
    excluidoEm: excluidoEm(),
  },
  (t) => [uniqueIndex('ministro_pessoa_uq').on(t.pessoaId).where(sql`${t.excluidoEm} is null`)],
);

const deMinistro = () =>
  integer()
    .notNull()
    .references(() => ministro.id);

export const ministroExame = pgTable(
  'ministro_exame',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    ministroId: deMinistro(),
    descricao: text().notNull(),
    data: date({ mode: 'string' }).notNull(),
    resultado: text().notNull().default('PENDENTE'),
    observacao: text(),
    excluidoEm: excluidoEm(),
  },
  (t) => [index('ministro_exame_ministro_idx').on(t.ministroId)],
);

/** Terms of ministerial activity: an appointment to an organization for a period. */
export const ministroTermo = pgTable(
  'ministro_termo',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    ministroId: deMinistro(),
    organizacaoId: integer()
      .notNull()
      .references(() => organizacao.id),
    tipoTermo: text().notNull(),
    numero: text(),
    dataInicio: date({ mode: 'string' }).notNull(),
    dataFim: date({ mode: 'string' }),
    observacao: text(),
    excluidoEm: excluidoEm(),
  },
  (t) => [index('ministro_termo_ministro_idx').on(t.ministroId)],
);

/**
 * Calls (issue 21): a parish council calls the minister to an organization for a term; the
 * minister is installed, may be on leave, and the call ends. One active call per organization.
 */
export const ministroChamado = pgTable(
  'ministro_chamado',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    ministroId: deMinistro(),
    organizacaoId: integer()
      .notNull()
      .references(() => organizacao.id),
    dataInicio: date({ mode: 'string' }).notNull(),
    dataFimMandato: date({ mode: 'string' }),
    dataInstalacao: date({ mode: 'string' }),
    situacao: text().notNull().default('ATIVO'),
    observacao: text(),
    /** The term's end already e-mailed to the synod (issue 21): once per term, again when it moves. */
    avisoFimMandato: date({ mode: 'string' }),
    excluidoEm: excluidoEm(),
  },
  (t) => [
    index('ministro_chamado_ministro_idx').on(t.ministroId),
    index('ministro_chamado_organizacao_idx').on(t.organizacaoId),
    // The alerts read the open calls by their term's end.
    index('ministro_chamado_fim_idx')
      .on(t.dataFimMandato)
      .where(sql`${t.situacao} <> 'ENCERRADO' and ${t.excluidoEm} is null`),
    uniqueIndex('ministro_chamado_ativo_uq')
      .on(t.ministroId, t.organizacaoId)
      .where(sql`${t.situacao} = 'ATIVO' and ${t.excluidoEm} is null`),
    check('ministro_chamado_periodo', sql`${t.dataFimMandato} is null or ${t.dataFimMandato} >= ${t.dataInicio}`),
  ],
);
