import { z } from 'zod';
import type { CampoCadastro, DefinicaoCadastro, FilhoCadastro, Recurso } from './cadastros.js';
import { formaCadastro } from './cadastros.js';
import { data, email, hojeNoBrasil, id, listaDaConsulta, MSG, senha } from './comum.js';
import { TIPOS_CHAVE_PIX, TIPOS_CONTA_BANCARIA } from './organizacao.js';
import { listQuery } from './paginacao.js';
import { referencia } from './referencias.js';

/**
 * The person record (spec §2 People, §3 Person) declared like a registry: the general-data
 * fields and each tab's sub-records are `CampoCadastro`/`FilhoCadastro`, so one zod schema
 * checks the API and the form, and the web builds each tab from its declaration. The person
 * has its own service (search over a million rows, scope, family links), not the generic engine.
 */
export const SEXOS = ['F', 'M'] as const;
/** The fields a record may lack, each a people filter ("not informed" slices of the registry indicator). */
export const CAMPOS_NAO_INFORMADOS = ['sexo', 'tipoPessoa', 'dataNascimento'] as const;
export const ESTADOS_CIVIS = ['SOLTEIRO', 'CASADO', 'UNIAO_ESTAVEL', 'SEPARADO', 'DIVORCIADO', 'VIUVO'] as const;
export const STATUS_PESSOA = ['ATIVO', 'INATIVO', 'FALECIDO', 'DESLIGADO'] as const;
export const TIPOS_CONTRIBUINTE = ['INDIVIDUAL', 'FAMILIAR'] as const;
export const REGIMES_BENS = [
  'COMUNHAO_PARCIAL',
  'COMUNHAO_UNIVERSAL',
  'SEPARACAO_TOTAL',
  'PARTICIPACAO_FINAL',
] as const;
export const MOTIVOS_TERMINO_CASAMENTO = ['DIVORCIO', 'VIUVEZ', 'ANULACAO'] as const;
export const NIVEIS_FORMACAO = [
  'FUNDAMENTAL',
  'MEDIO',
  'TECNICO',
  'GRADUACAO',
  'ESPECIALIZACAO',
  'MESTRADO',
  'DOUTORADO',
  'TEOLOGIA',
] as const;
export const NIVEIS_CONHECIMENTO = ['BASICO', 'INTERMEDIARIO', 'AVANCADO', 'FLUENTE'] as const;

const t = (nome: string, max = 100, extra: Partial<CampoCadastro> = {}): CampoCadastro => ({
  nome,
  tipo: 'texto',
  max,
  ...extra,
});
const b = (nome: string, padrao = false): CampoCadastro => ({ nome, tipo: 'booleano', padrao });
const ref = (nome: string, referencia: Recurso, obrigatorio = false): CampoCadastro => ({
  nome,
  tipo: 'referencia',
  referencia,
  obrigatorio,
});
const d = (nome: string, obrigatorio = false): CampoCadastro => ({ nome, tipo: 'data', obrigatorio });
const op = (nome: string, opcoes: readonly string[], obrigatorio = false): CampoCadastro => ({
  nome,
  tipo: 'opcao',
  opcoes,
  obrigatorio,
});
const obs = t('observacao', 500);

/** The general-data fields a registration needs to be complete (and a pre-registration to be kept). */
export const CAMPOS_CADASTRO_COMPLETO = ['sobrenome', 'sexo', 'dataNascimento', 'tipoPessoaId'] as const;

/** General data, grouped as the form shows them. */
export const GRUPOS_PESSOA: readonly {
  grupo: 'identificacao' | 'documentos' | 'vinculo' | 'saude' | 'comunicacao';
  campos: readonly CampoCadastro[];
}[] = [
  {
    grupo: 'identificacao',
    campos: [
      t('nome', 100, { obrigatorio: true }),
      t('sobrenome', 100, { obrigatorio: true }),
      t('sobrenomeFamilia'),
      { nome: 'sexo', tipo: 'opcao', opcoes: SEXOS },
      d('dataNascimento'),
      { nome: 'estadoCivil', tipo: 'opcao', opcoes: ESTADOS_CIVIS },
      t('nacionalidade', 60),
      ref('naturalidadeEstadoId', 'estado'),
      ref('naturalidadeCidadeId', 'cidade'),
      t('nomeMae', 150),
      t('nomePai', 150),
    ],
  },
  {
    grupo: 'documentos',
    campos: [
      { nome: 'cpf', tipo: 'cpf' },
      t('rg', 20),
      t('rgOrgaoEmissor', 20),
      d('rgDataEmissao'),
      t('tituloEleitor', 20),
      t('nitPis', 20),
      t('cnh', 20),
    ],
  },
  {
    grupo: 'vinculo',
    campos: [
      ref('organizacaoId', 'organizacao', true),
      ref('tipoPessoaId', 'tipo-pessoa'),
      { nome: 'status', tipo: 'opcao', opcoes: STATUS_PESSOA, obrigatorio: true, padrao: 'ATIVO' },
      t('motivoStatus', 200),
      ref('situacaoId', 'situacao'),
      ref('setorId', 'setor'),
      b('titular'),
      b('preCadastro'),
      d('dataFalecimento'),
      t('codigoOutroSistema', 50),
    ],
  },
  {
    grupo: 'saude',
    campos: [
      b('deficienciaFisica'),
      b('deficienciaVisual'),
      b('deficienciaAuditiva'),
      b('deficienciaIntelectual'),
      t('planoSaude'),
    ],
  },
  {
    grupo: 'comunicacao',
    campos: [
      { nome: 'email', tipo: 'email' },
      b('recebeInformativo'),
      b('recebeJornal'),
      { nome: 'observacao', tipo: 'textoLongo', max: 2000 },
    ],
  },
];

export const CAMPOS_PESSOA: readonly CampoCadastro[] = GRUPOS_PESSOA.flatMap((g) => g.campos);

/** The tabs with sub-records, in the form's order. */
export const FILHOS_PESSOA: readonly FilhoCadastro[] = [
  {
    nome: 'enderecos',
    campos: [
      ref('tipoEnderecoId', 'tipo-endereco'),
      { nome: 'cep', tipo: 'cep' },
      t('logradouro', 200, { obrigatorio: true }),
      t('numero', 20),
      t('complemento', 100),
      t('bairro', 100),
      ref('estadoId', 'estado'),
      ref('cidadeId', 'cidade'),
      ref('paisId', 'pais'),
      t('pontoReferencia', 200),
      ref('tipoMoradiaId', 'tipo-moradia'),
      t('caixaPostal', 20),
      b('correspondencia'),
      b('ativo', true),
      b('preferencial'),
      b('mudanca'),
      b('cobranca'),
    ],
    max: 20,
  },
  {
    nome: 'contatos',
    campos: [
      ref('tipoContatoId', 'tipo-contato', true),
      t('valor', 200, { obrigatorio: true }),
      b('principal'),
      t('observacao', 200),
    ],
    max: 30,
  },
  {
    nome: 'familia',
    campos: [ref('parenteId', 'pessoa', true), ref('grauParentescoId', 'grau-parentesco', true)],
    max: 50,
    unicos: ['parenteId'],
  },
  {
    nome: 'contribuicao',
    campos: [
      { nome: 'valor', tipo: 'dinheiro' },
      { nome: 'percentualDesconto', tipo: 'decimal', min: 0, max: 100 },
      { nome: 'rendaFamiliar', tipo: 'dinheiro' },
      { nome: 'tipoContribuinte', tipo: 'opcao', opcoes: TIPOS_CONTRIBUINTE },
      b('dizimista'),
      b('permiteAlterarValor'),
      b('ignorarReajuste'),
      b('emiteCarne'),
    ],
    max: 1,
  },
  {
    nome: 'contasBancarias',
    campos: [
      { nome: 'tipo', tipo: 'opcao', opcoes: TIPOS_CONTA_BANCARIA, obrigatorio: true },
      ref('bancoId', 'banco', true),
      t('agencia', 10, { obrigatorio: true }),
      t('conta', 20, { obrigatorio: true }),
      { nome: 'tipoChavePix', tipo: 'opcao', opcoes: TIPOS_CHAVE_PIX },
      t('chavePix', 140),
      t('titular', 200),
    ],
    max: 10,
  },
  {
    nome: 'celebracoes',
    campos: [
      ref('tipoCelebracaoOficioId', 'tipo-celebracao-oficio', true),
      d('data', true),
      t('local', 200),
      t('oficiante', 200),
      t('livro', 20),
      t('folha', 20),
      t('registro', 20),
      { nome: 'padrinhos', tipo: 'textoLongo', max: 1000 },
    ],
    max: 50,
  },
  {
    nome: 'casamentos',
    campos: [
      ref('conjugeId', 'pessoa'),
      t('nomeConjuge', 200),
      d('dataCasamentoCivil'),
      d('dataCasamentoReligioso'),
      t('local', 200),
      t('oficiante', 200),
      op('regimeBens', REGIMES_BENS),
      d('dataTermino'),
      op('motivoTermino', MOTIVOS_TERMINO_CASAMENTO),
    ],
    max: 10,
    periodos: [
      ['dataCasamentoCivil', 'dataTermino'],
      ['dataCasamentoReligioso', 'dataTermino'],
    ],
    passado: ['dataCasamentoCivil', 'dataCasamentoReligioso', 'dataTermino'],
  },
  {
    nome: 'historicoProfissional',
    campos: [
      t('empresa', 200, { obrigatorio: true }),
      ref('profissaoId', 'profissao'),
      t('funcao', 100),
      d('dataInicio'),
      d('dataFim'),
      obs,
    ],
    max: 30,
    periodos: [['dataInicio', 'dataFim']],
    passado: ['dataInicio'],
  },
  {
    nome: 'formacoes',
    campos: [
      op('nivelFormacao', NIVEIS_FORMACAO, true),
      t('curso', 200, { obrigatorio: true }),
      t('instituicao', 200),
      d('dataInicio'),
      d('dataConclusao'),
      b('concluido'),
    ],
    max: 30,
    periodos: [['dataInicio', 'dataConclusao']],
    passado: ['dataInicio'],
  },
  {
    nome: 'atividadesIgreja',
    campos: [
      ref('organizacaoId', 'organizacao', true),
      ref('cargoId', 'cargo'),
      t('descricao', 200),
      d('dataInicio', true),
      d('dataFim'),
    ],
    max: 50,
    periodos: [['dataInicio', 'dataFim']],
    passado: ['dataInicio'],
  },
  {
    nome: 'habilidades',
    campos: [t('descricao', 200, { obrigatorio: true }), op('nivelConhecimento', NIVEIS_CONHECIMENTO), obs],
    max: 50,
    unicos: ['descricao'],
  },
  {
    nome: 'idiomas',
    campos: [
      t('idioma', 60, { obrigatorio: true }),
      op('nivelConhecimento', NIVEIS_CONHECIMENTO),
      b('le'),
      b('escreve'),
      b('fala'),
    ],
    max: 20,
    unicos: ['idioma'],
  },
  {
    nome: 'qualificacoes',
    campos: [t('descricao', 200, { obrigatorio: true }), t('instituicao', 200), d('data'), d('validoAte'), obs],
    max: 30,
    periodos: [['data', 'validoAte']],
    passado: ['data'],
  },
  {
    nome: 'certidoesMinisteriais',
    campos: [
      t('tipoCertidao', 100, { obrigatorio: true }),
      t('numero', 30),
      t('orgaoEmissor', 100),
      d('dataEmissao', true),
      d('validoAte'),
      obs,
    ],
    max: 30,
    periodos: [['dataEmissao', 'validoAte']],
    passado: ['dataEmissao'],
  },
  {
    nome: 'atividadesMinisteriais',
    campos: [
      ref('organizacaoId', 'organizacao', true),
      t('funcao', 100, { obrigatorio: true }),
      d('dataInicio', true),
      d('dataFim'),
      obs,
    ],
    max: 50,
    periodos: [['dataInicio', 'dataFim']],
    passado: ['dataInicio'],
  },
];

export const DEFINICAO_PESSOA: DefinicaoCadastro = {
  recurso: 'pessoa',
  acesso: 'Pessoa',
  campos: CAMPOS_PESSOA,
  filhos: FILHOS_PESSOA,
  rotulo: 'nome',
  ordemPadrao: 'nome',
  // Spec §5: dates not in the future where they record the past, end not before start, one preferential address.
  refinar: (v, ctx) => {
    const agora = hojeNoBrasil();
    for (const campo of ['dataNascimento', 'rgDataEmissao', 'dataFalecimento'] as const) {
      const valor = v[campo] as string | null;
      if (valor && valor > agora) ctx.addIssue({ code: 'custom', path: [campo], message: 'validacao:dataFutura' });
    }
    const nascimento = v.dataNascimento as string | null;
    const falecimento = v.dataFalecimento as string | null;
    if (nascimento && falecimento && falecimento < nascimento)
      ctx.addIssue({ code: 'custom', path: ['dataFalecimento'], message: MSG.dataFimAntesInicio });
    const enderecos = (v.enderecos ?? []) as { preferencial?: boolean }[];
    if (enderecos.filter((e) => e.preferencial).length > 1)
      ctx.addIssue({ code: 'custom', path: ['enderecos'], message: 'validacao:umPreferencial' });
    // A marriage names the spouse: a person of the registry or, when they are not in it, a name.
    const casamentos = (v.casamentos ?? []) as { conjugeId?: number | null; nomeConjuge?: string | null }[];
    casamentos.forEach((c, i) => {
      if (!c.conjugeId && !c.nomeConjuge)
        ctx.addIssue({ code: 'custom', path: ['casamentos', i, 'nomeConjuge'], message: 'validacao:informeConjuge' });
    });
    // Spec §5: a pre-registered person must complete the general-data tab.
    if (v.preCadastro)
      for (const campo of CAMPOS_CADASTRO_COMPLETO)
        if (v[campo] === null || v[campo] === undefined || v[campo] === '')
          ctx.addIssue({ code: 'custom', path: [campo], message: 'validacao:completarPreCadastro' });
  },
};

/**
 * The person's user account (spec §3: login, e-mail, password and confirmation, force password
 * change): the e-mail is the login. Creating an account needs a password; on an existing one a
 * password given replaces the old (and ends its sessions), none keeps it.
 */
export const contaUsuarioPessoa = z
  .object({
    email,
    senha: z.union([senha, z.literal('')]).nullish(),
    confirmacaoSenha: z.string().max(200).nullish(),
    trocarSenha: z.boolean().default(true),
    ativo: z.boolean().default(true),
  })
  .superRefine((v, ctx) => {
    if ((v.senha || '') !== (v.confirmacaoSenha || ''))
      ctx.addIssue({ code: 'custom', path: ['confirmacaoSenha'], message: MSG.senhasDiferentes });
  });
export type ContaUsuarioPessoa = z.infer<typeof contaUsuarioPessoa>;

export const pessoaInput = z
  .object(formaCadastro(DEFINICAO_PESSOA))
  .extend({ usuario: contaUsuarioPessoa.nullish() })
  .superRefine((v, ctx) => DEFINICAO_PESSOA.refinar!(v, ctx));
export type PessoaInput = z.infer<typeof pessoaInput>;

/** The account as the person's record shows it (never the password). */
export const contaUsuarioLida = z
  .object({ id: z.number().int(), email: z.string(), trocarSenha: z.boolean(), ativo: z.boolean() })
  .nullable();
export type ContaUsuarioLida = z.infer<typeof contaUsuarioLida>;

const simNao = z
  .enum(['true', 'false'])
  .transform((v) => v === 'true')
  .optional();

/** The list's filters (spec §2 People): name, CPF, types, status, situation, organization, holder, birth range, registration state. */
export const pessoaListQuery = listQuery
  .extend({
    nome: z.string().trim().max(200).optional(),
    cpf: z.string().trim().max(20).optional(),
    tiposPessoaIds: z.preprocess(listaDaConsulta, z.array(referencia('tipo-pessoa', id)).max(50)).optional(),
    status: z.preprocess(listaDaConsulta, z.array(z.enum(STATUS_PESSOA)).max(4)).optional(),
    sexo: z.preprocess(listaDaConsulta, z.array(z.enum(SEXOS)).max(2)).optional(),
    situacaoId: referencia('situacao', id).optional(),
    organizacaoId: referencia('organizacao', id).optional(),
    somenteMinhaOrganizacao: simNao,
    titular: simNao,
    nascimentoDe: data.optional(),
    nascimentoAte: data.optional(),
    preCadastro: simNao,
    cadastroCompleto: simNao,
    naoInformado: z.preprocess(listaDaConsulta, z.array(z.enum(CAMPOS_NAO_INFORMADOS)).max(3)).optional(),
    ordenarPor: z.enum(['nome', 'dataNascimento', 'criadoEm', 'id']).optional(),
  })
  .refine((q) => !q.nascimentoDe || !q.nascimentoAte || q.nascimentoDe <= q.nascimentoAte, {
    path: ['nascimentoAte'],
    message: MSG.dataFimAntesInicio,
  });
export type PessoaListQuery = z.infer<typeof pessoaListQuery>;

/** One row of the list. */
export const pessoaResumo = z.object({
  id: z.number().int(),
  nome: z.string(),
  sobrenome: z.string(),
  cpf: z.string().nullable().optional(),
  dataNascimento: z.string().nullable(),
  status: z.string(),
  titular: z.boolean(),
  preCadastro: z.boolean(),
  organizacaoId: z.number().int(),
  organizacaoNome: z.string(),
  tipoPessoaNome: z.string().nullable(),
});
export type PessoaResumo = z.infer<typeof pessoaResumo>;

/** The people selector's configured maximum (spec §5), when the parameter is missing or invalid. */
export const MAXIMO_SELECAO_PADRAO = 500;
export const NOME_PARAMETRO_MAXIMO_SELECAO = 'Máximo de pessoas por seleção';

/** Ids of people chosen one by one (a comma list in the address). */
export const idsPessoas = z.preprocess(
  (v) => (typeof v === 'string' ? v.split(',').filter(Boolean) : v),
  z.array(referencia('pessoa', id)).max(10_000),
);
