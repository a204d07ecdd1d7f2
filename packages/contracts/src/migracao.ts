import { z } from 'zod';
import { cadeia, id } from './comum.js';
import { listQuery } from './paginacao.js';

/**
 * Migration (spec §2 /migracao, issue 23): a parish's spreadsheet (CSV or XLSX) brought in as
 * records, through a column mapping, a dry run that writes nothing and, once confirmed, a bulk
 * batch. Every row is checked with the same schema as the record's form.
 */
export const TIPOS_MIGRACAO = ['PESSOAS', 'FAMILIAS', 'CONTAS_A_RECEBER', 'ORGANIZACOES', 'CULTOS'] as const;
export type TipoMigracao = (typeof TIPOS_MIGRACAO)[number];

/** Largest file accepted (the upload is streamed to disk, never held whole). */
export const TAMANHO_MAXIMO_MIGRACAO = 50 * 1024 * 1024;

/** An address's columns, as a people or an organizations sheet names them. */
const CABECALHOS_ENDERECO = {
  cep: ['cep', 'codigo postal'],
  logradouro: ['endereco', 'logradouro', 'rua'],
  numero: ['numero', 'num', 'n'],
  complemento: ['complemento', 'compl'],
  bairro: ['bairro'],
  cidade: ['cidade', 'municipio'],
  uf: ['uf', 'estado'],
} as const;

/**
 * The fields a people sheet may fill, with the headers they are usually found under (compared
 * without accents, case or punctuation). `chaveLegada` is the row's key in the source system.
 */
export const CAMPOS_MIGRACAO = {
  PESSOAS: {
    chaveLegada: ['codigo', 'cod', 'id', 'chave', 'matricula', 'codigo legado', 'codigo membro', 'registro'],
    nomeCompleto: ['nome completo', 'membro', 'nome do membro'],
    nome: ['nome', 'primeiro nome', 'prenome'],
    sobrenome: ['sobrenome', 'ultimo nome'],
    cpf: ['cpf', 'documento', 'cpf membro'],
    dataNascimento: ['data nascimento', 'nascimento', 'data de nascimento', 'dt nasc', 'nasc'],
    sexo: ['sexo', 'genero'],
    estadoCivil: ['estado civil', 'est civil'],
    email: ['email', 'e mail', 'correio eletronico'],
    rg: ['rg', 'identidade'],
    nomeMae: ['mae', 'nome da mae', 'nome mae'],
    nomePai: ['pai', 'nome do pai', 'nome pai'],
    observacao: ['observacao', 'obs', 'observacoes'],
    ...CABECALHOS_ENDERECO,
    telefone: ['telefone', 'fone', 'tel', 'telefone fixo'],
    celular: ['celular', 'cel', 'whatsapp', 'telefone celular'],
  },
  /**
   * Households: one row per member, grouped by the source's family key or, without one, by address
   * and surname (then only proposed, for review); the head of each is whoever the degree calls so.
   */
  FAMILIAS: {
    chaveFamilia: ['familia', 'codigo familia', 'codigo da familia', 'grupo familiar', 'chave familia'],
    pessoaChave: ['codigo membro', 'codigo do membro', 'codigo', 'matricula', 'membro', 'codigo pessoa'],
    cpf: ['cpf', 'cpf membro', 'documento'],
    parentesco: ['parentesco', 'grau parentesco', 'grau de parentesco', 'relacao', 'vinculo'],
    logradouro: ['endereco', 'logradouro', 'rua'],
    numero: ['numero', 'num', 'n'],
    cep: ['cep', 'codigo postal'],
  },
  /**
   * Receivables with their payments, as history: the person by their key in the source system
   * (as the people sheet gave it) or CPF; organization and category by name.
   */
  CONTAS_A_RECEBER: {
    chaveLegada: ['codigo', 'cod', 'id', 'chave', 'lancamento', 'codigo lancamento', 'numero lancamento'],
    pessoaChave: ['codigo membro', 'codigo do membro', 'membro', 'matricula', 'codigo pessoa', 'codigo contribuinte'],
    cpf: ['cpf', 'cpf membro', 'cpf do membro', 'cpf contribuinte'],
    organizacao: ['organizacao', 'paroquia', 'comunidade', 'congregacao'],
    categoria: ['categoria', 'categoria contribuicao', 'plano'],
    tipo: ['tipo', 'tipo lancamento'],
    competencia: ['competencia', 'referencia', 'mes referencia', 'mes ano'],
    vencimento: ['vencimento', 'data vencimento', 'data de vencimento', 'venc'],
    valorPrevisto: ['valor', 'valor previsto', 'valor devido', 'valor cobrado'],
    descricao: ['descricao', 'historico', 'observacao'],
    valorPago: ['valor pago', 'pago', 'valor recebido'],
    dataPagamento: ['data pagamento', 'data de pagamento', 'pago em', 'data do pagamento'],
    dataCredito: ['data credito', 'data de credito', 'data do credito', 'credito'],
    formaPagamento: ['forma pagamento', 'forma de pagamento', 'forma', 'meio de pagamento'],
  },
  /**
   * Organizations: type by name, the parent by the source key of one imported before from the
   * same source (earlier in the file too) or an existing one's code, name or CNPJ; one address
   * and the phone and e-mail contacts.
   */
  ORGANIZACOES: {
    chaveLegada: ['codigo', 'cod', 'id', 'chave', 'codigo organizacao', 'codigo legado'],
    nomeFantasia: ['nome', 'nome fantasia', 'organizacao', 'comunidade', 'paroquia', 'congregacao'],
    razaoSocial: ['razao social', 'razao', 'nome oficial', 'nome juridico'],
    tipo: ['tipo', 'tipo organizacao', 'tipo de organizacao'],
    organizacaoPai: ['organizacao pai', 'organizacao superior', 'superior', 'pai', 'codigo pai', 'vinculada a'],
    cnpj: ['cnpj'],
    situacao: ['situacao', 'status'],
    dataCriacao: ['data criacao', 'data de criacao', 'fundacao', 'data fundacao', 'data de fundacao', 'fundada em'],
    ...CABECALHOS_ENDERECO,
    telefone: ['telefone', 'fone', 'tel'],
    email: ['email', 'e mail', 'correio eletronico'],
  },
  /**
   * Worship services with their offerings, as history: the organization by code, name or CNPJ;
   * the offering's scope, destination and ledger account as the service's form has them.
   */
  CULTOS: {
    chaveLegada: ['codigo', 'cod', 'id', 'chave', 'codigo culto', 'registro'],
    organizacao: ['organizacao', 'comunidade', 'paroquia', 'congregacao', 'local'],
    data: ['data', 'data culto', 'data do culto', 'dia'],
    hora: ['hora', 'horario', 'hora culto', 'hora do culto'],
    santaCeia: ['santa ceia', 'ceia', 'comunhao'],
    presentes: ['presentes', 'presenca', 'publico', 'participantes', 'frequencia'],
    ofertas: ['ofertas', 'oferta', 'valor oferta', 'valor ofertas', 'coleta'],
    dataCredito: ['data credito', 'data de credito', 'credito', 'depositado em'],
    abrangencia: ['abrangencia', 'abrangencia oferta'],
    destino: ['destino', 'destino oferta', 'destino da oferta', 'finalidade'],
    planoConta: ['plano de conta', 'plano conta', 'conta contabil', 'conta'],
    sermao: ['sermao', 'texto biblico', 'pregacao', 'tema', 'liturgia'],
  },
} as const satisfies Record<TipoMigracao, Record<string, readonly string[]>>;
export type CampoMigracaoPessoa = keyof (typeof CAMPOS_MIGRACAO)['PESSOAS'];

/**
 * The fields a sheet cannot do without, each group one of: a person's name (whole, or first and
 * last); a receivable's own key (what makes a rerun update it), its holder, due date and amount.
 */
export const CAMPOS_OBRIGATORIOS_MIGRACAO: Record<TipoMigracao, readonly (readonly string[])[]> = {
  PESSOAS: [['nomeCompleto', 'nome']],
  FAMILIAS: [
    ['pessoaChave', 'cpf'],
    ['chaveFamilia', 'logradouro'],
  ],
  CONTAS_A_RECEBER: [['chaveLegada'], ['pessoaChave', 'cpf'], ['vencimento'], ['valorPrevisto']],
  ORGANIZACOES: [['chaveLegada'], ['nomeFantasia', 'razaoSocial'], ['tipo']],
  CULTOS: [['chaveLegada'], ['data'], ['hora']],
};

export const STATUS_MIGRACAO = ['ENVIADA', 'ANALISANDO', 'ANALISADA', 'IMPORTANDO', 'CONCLUIDA', 'DESFEITA'] as const;
export type StatusMigracao = (typeof STATUS_MIGRACAO)[number];

export const ACOES_LINHA_MIGRACAO = ['CRIAR', 'ATUALIZAR', 'IGNORAR', 'REVISAR', 'ERRO'] as const;
export type AcaoLinhaMigracao = (typeof ACOES_LINHA_MIGRACAO)[number];

/** Target field → the file's header it is read from (null: not in this file). */
export const mapeamentoMigracao = z.record(cadeia().max(60), cadeia().max(200).nullable());
export type MapeamentoMigracao = z.infer<typeof mapeamentoMigracao>;

/** The upload's query (the body is the file itself). */
export const envioMigracaoQuery = z.object({
  tipo: z.enum(TIPOS_MIGRACAO),
  nomeArquivo: cadeia().trim().min(1).max(200),
  /** The source system's name, kept on every record with its key there. */
  origem: cadeia().trim().min(1).max(60).default('planilha'),
});
export type EnvioMigracaoQuery = z.infer<typeof envioMigracaoQuery>;

export const analiseMigracaoInput = z.object({ mapeamento: mapeamentoMigracao });
export type AnaliseMigracaoInput = z.infer<typeof analiseMigracaoInput>;

export const migracao = z.object({
  id: z.number().int(),
  tipo: z.enum(TIPOS_MIGRACAO),
  organizacaoId: z.number().int(),
  organizacaoNome: z.string(),
  criadoPorNome: z.string(),
  nomeArquivo: z.string(),
  formato: z.enum(['CSV', 'XLSX']),
  origem: z.string(),
  status: z.enum(STATUS_MIGRACAO),
  cabecalhos: z.array(z.string()),
  mapeamento: mapeamentoMigracao,
  linhas: z.number().int(),
  criados: z.number().int(),
  atualizados: z.number().int(),
  ignorados: z.number().int(),
  revisar: z.number().int(),
  falhas: z.number().int(),
  /** The batch that writes the run, once confirmed: its progress, cancel and undo. */
  loteId: z.number().int().nullable(),
  loteStatus: z.string().nullable(),
  lotePendentes: z.number().int().nullable(),
  /** The dry run, worked in the background: rows checked so far and the share of the file read. */
  analisadas: z.number().int(),
  progressoAnalise: z.number().int(),
  /** Why the last dry run stopped on the file (in the reader's language), until the next one. */
  erroAnalise: z.string().nullable(),
  criadoEm: z.string(),
  analisadoEm: z.string().nullable(),
  confirmadoEm: z.string().nullable(),
});
export type Migracao = z.infer<typeof migracao>;

export const migracaoListQuery = listQuery.extend({
  tipo: z.enum(TIPOS_MIGRACAO).optional(),
  ordenarPor: z.enum(['criadoEm', 'id']).optional(),
});
export type MigracaoListQuery = z.infer<typeof migracaoListQuery>;

export const diferencaMigracao = z.object({
  campo: z.string(),
  antes: z.unknown(),
  depois: z.unknown(),
});

/** What the user chose for a row left for review: a new record, the suggested one, or nothing. */
export const DECISOES_LINHA_MIGRACAO = ['CRIAR', 'VINCULAR', 'IGNORAR'] as const;
export type DecisaoLinhaMigracao = (typeof DECISOES_LINHA_MIGRACAO)[number];

export const decisaoLinhaMigracaoInput = z.object({ decisao: z.enum(DECISOES_LINHA_MIGRACAO) });
export type DecisaoLinhaMigracaoInput = z.infer<typeof decisaoLinhaMigracaoInput>;

export const linhaMigracaoParams = z.object({ id, linhaId: id });

export const linhaMigracao = z.object({
  id: z.number().int(),
  numero: z.number().int(),
  chaveLegada: z.string().nullable(),
  acao: z.enum(ACOES_LINHA_MIGRACAO),
  /** What the row names: the person's name; a receivable's holder, competence and amount. */
  descricao: z.string(),
  diferencas: z.array(diferencaMigracao),
  /** Each problem in the request's language, with its field. */
  mensagens: z.array(z.object({ campo: z.string(), mensagem: z.string() })),
  alvoId: z.number().int().nullable(),
  /** The choice made for a row left for review (REVISAR); null until made. */
  decisao: z.enum(DECISOES_LINHA_MIGRACAO).nullable(),
  aplicada: z.boolean(),
  desfeita: z.boolean(),
});
export type LinhaMigracao = z.infer<typeof linhaMigracao>;

export const linhasMigracaoQuery = listQuery.extend({
  acao: z.enum(ACOES_LINHA_MIGRACAO).optional(),
});
export type LinhasMigracaoQuery = z.infer<typeof linhasMigracaoQuery>;
