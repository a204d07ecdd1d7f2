import { z } from 'zod';
import { cep, cnpj, dataOpcional, dinheiro, id, MSG, periodoValido, texto, textoOpcional } from './comum.js';
import { listQuery } from './paginacao.js';
import { referencia, type TipoReferencia } from './referencias.js';

export const SITUACOES_ORGANIZACAO = ['ATIVA', 'INATIVA', 'EM_FORMACAO', 'DISSOLVIDA'] as const;
export const TIPOS_VALOR_CONTRIBUICAO = ['FIXO', 'PERCENTUAL_RENDA'] as const;
export const TIPOS_CONTA_BANCARIA = ['CORRENTE', 'POUPANCA', 'PAGAMENTO'] as const;
export const TIPOS_CHAVE_PIX = ['CPF', 'CNPJ', 'EMAIL', 'TELEFONE', 'ALEATORIA'] as const;

const idOpcional = id.nullish().transform((v) => v ?? null);
const referenciaOpcional = (tipo: TipoReferencia) =>
  referencia(tipo, id)
    .nullish()
    .transform((v) => v ?? null);

/**
 * The level of the community type (Igreja 0 … Comunidade 3): members belong to communities, so an
 * organization of this type accepts people registering themselves unless its settings say otherwise.
 */
export const NIVEL_COMUNIDADE = 3;

export const endereco = z.object({
  id: idOpcional,
  tipoEnderecoId: referenciaOpcional('tipo-endereco'),
  cep,
  logradouro: texto(200),
  numero: textoOpcional(20),
  bairro: textoOpcional(100),
  estadoId: referenciaOpcional('estado'),
  cidadeId: referenciaOpcional('cidade'),
  complemento: textoOpcional(100),
  pontoReferencia: textoOpcional(200),
  caixaPostal: textoOpcional(20),
  correspondencia: z.boolean().default(false),
  ativo: z.boolean().default(true),
  preferencial: z.boolean().default(false),
});

export const contato = z.object({
  id: idOpcional,
  tipoContatoId: referencia('tipo-contato', id),
  valor: texto(200),
  observacao: textoOpcional(200),
  principal: z.boolean().default(false),
});

export const contaBancaria = z.object({
  id: idOpcional,
  tipo: z.enum(TIPOS_CONTA_BANCARIA),
  bancoId: referencia('banco', id),
  agencia: texto(10),
  conta: texto(20),
  tipoChavePix: z
    .enum(TIPOS_CHAVE_PIX)
    .nullish()
    .transform((v) => v ?? null),
  chavePix: textoOpcional(140),
  titular: textoOpcional(200),
});

export const campoTrabalho = z.object({
  id: idOpcional,
  tipoCampoTrabalhoId: referencia('tipo-campo-trabalho', id),
  descricao: textoOpcional(200),
});

const umPreferencial = (xs: { preferencial: boolean }[]) => xs.filter((x) => x.preferencial).length <= 1;

/** The books settings: cash accounts of the organization itself, and ledger accounts it sees. */
export const CONTAS_CAIXA_ORGANIZACAO = ['contaCultoId', 'contaCaixaEntradaId', 'contaCaixaSaidaId'] as const;
export const PLANOS_ORGANIZACAO = ['contaCreditoId', 'contaDebitoId'] as const;

/**
 * The organization's settings (spec §2 /configuracoes-organizacao): contribution defaults and the
 * books settings (cash accounts of this organization, ledger accounts it sees). Part of the
 * registry's input, and the settings screen's own.
 */
const camposConfiguracao = {
  diaVencimentoContribuicao: z
    .number()
    .int()
    .min(1)
    .max(31)
    .nullish()
    .transform((v) => v ?? null),
  valorPadraoContribuicao: dinheiro.nullish().transform((v) => v ?? null),
  tipoValorContribuicao: z
    .enum(TIPOS_VALOR_CONTRIBUICAO)
    .nullish()
    .transform((v) => v ?? null),
  lancamentoCaixaAutomatico: z.boolean().default(false),
  /**
   * Whether people may register themselves here as members (`/cadastro`). Left out, it stays as
   * stored; a new organization then takes its type's default (communities accept, others do not).
   */
  aceitaCadastro: z
    .boolean()
    .nullish()
    .transform((v) => v ?? null),
  contaCultoId: referenciaOpcional('conta-caixa'),
  contaCaixaEntradaId: referenciaOpcional('conta-caixa'),
  contaCaixaSaidaId: referenciaOpcional('conta-caixa'),
  contaCreditoId: referenciaOpcional('plano-de-conta'),
  contaDebitoId: referenciaOpcional('plano-de-conta'),
};
export const configuracaoOrganizacaoInput = z.object(camposConfiguracao);
export type ConfiguracaoOrganizacaoInput = z.infer<typeof configuracaoOrganizacaoInput>;
export const CAMPOS_CONFIGURACAO_ORGANIZACAO = Object.keys(
  camposConfiguracao,
) as (keyof ConfiguracaoOrganizacaoInput)[];

export const organizacaoInput = z
  .object({
    razaoSocial: texto(200),
    nomeFantasia: texto(200),
    cnpj: cnpj.nullish().transform((v) => v ?? null),
    inscricaoEstadual: textoOpcional(30),
    inscricaoMunicipal: textoOpcional(30),
    tipoOrganizacaoId: referencia('tipo-organizacao', id),
    situacao: z.enum(SITUACOES_ORGANIZACAO).default('ATIVA'),
    organizacaoPaiId: referenciaOpcional('organizacao'),
    dataCriacao: dataOpcional,
    dataDissolucao: dataOpcional,
    registroEstatuto: textoOpcional(100),
    /** Write-only: the provider key is stored encrypted and never read back. */
    tokenAsaas: textoOpcional(300),
    ...camposConfiguracao,
    enderecos: z.array(endereco).max(50).default([]).refine(umPreferencial, { message: 'validacao:umPreferencial' }),
    contatos: z.array(contato).max(50).default([]),
    contasBancarias: z.array(contaBancaria).max(50).default([]),
    camposTrabalho: z.array(campoTrabalho).max(200).default([]),
  })
  .refine((v) => periodoValido(v.dataCriacao, v.dataDissolucao), {
    message: MSG.dataFimAntesInicio,
    path: ['dataDissolucao'],
  });
export type OrganizacaoInput = z.infer<typeof organizacaoInput>;

/** The organization's logo (spec §3), printed on its receipts, booklets and statements. */
export const LOGO_TAMANHO_MAXIMO = 512 * 1024;
/** Larger images would slow every PDF that carries the logo (2000 × 2000 at most). */
export const LOGO_PIXELS_MAXIMO = 4_000_000;
export const LOGO_TIPOS = { 'image/png': 'png', 'image/jpeg': 'jpg' } as const;
export type TipoLogo = keyof typeof LOGO_TIPOS;
export const logoInput = z.object({
  tipoConteudo: z.enum(Object.keys(LOGO_TIPOS) as [TipoLogo, ...TipoLogo[]]),
  /** The image's bytes, base64 (the web reads the file and sends it as JSON). */
  conteudo: z
    .string()
    .min(1)
    .max(Math.ceil((LOGO_TAMANHO_MAXIMO * 4) / 3) + 4),
});
export type LogoInput = z.infer<typeof logoInput>;

export const organizacaoUpdate = z.intersection(organizacaoInput, z.object({ id }));
export type OrganizacaoUpdate = z.infer<typeof organizacaoUpdate>;

/*
 * Answers are serialized with zod's encode, which refuses transforms: the stored
 * sub-records get plain output schemas instead of the input ones.
 */
const idSaida = z.number().int();
const opcional = z.string().nullable();
const idOpcionalSaida = idSaida.nullable();

export const enderecoSaida = z.object({
  id: idSaida,
  tipoEnderecoId: idOpcionalSaida,
  cep: z.string(),
  logradouro: z.string(),
  numero: opcional,
  bairro: opcional,
  estadoId: idOpcionalSaida,
  cidadeId: idOpcionalSaida,
  complemento: opcional,
  pontoReferencia: opcional,
  caixaPostal: opcional,
  correspondencia: z.boolean(),
  ativo: z.boolean(),
  preferencial: z.boolean(),
});

export const contatoSaida = z.object({
  id: idSaida,
  tipoContatoId: idSaida,
  valor: z.string(),
  observacao: opcional,
  principal: z.boolean(),
});

export const contaBancariaSaida = z.object({
  id: idSaida,
  tipo: z.enum(TIPOS_CONTA_BANCARIA),
  bancoId: idSaida,
  agencia: z.string(),
  conta: z.string(),
  tipoChavePix: z.enum(TIPOS_CHAVE_PIX).nullable(),
  chavePix: opcional,
  titular: opcional,
});

export const campoTrabalhoSaida = z.object({
  id: idSaida,
  tipoCampoTrabalhoId: idSaida,
  descricao: opcional,
});

export const organizacao = z.object({
  id: z.number().int(),
  razaoSocial: z.string(),
  nomeFantasia: z.string(),
  cnpj: z.string().nullable().optional(),
  inscricaoEstadual: z.string().nullable().optional(),
  inscricaoMunicipal: z.string().nullable().optional(),
  tipoOrganizacaoId: z.number().int(),
  tipoOrganizacaoNome: z.string(),
  situacao: z.enum(SITUACOES_ORGANIZACAO),
  organizacaoPaiId: z.number().int().nullable(),
  organizacaoPaiNome: z.string().nullable(),
  dataCriacao: z.string().nullable(),
  dataDissolucao: z.string().nullable(),
  registroEstatuto: z.string().nullable().optional(),
  tokenAsaasConfigurado: z.boolean().optional(),
  /** Whether a logo is stored (`GET /api/organizacao/:id/logo` answers it). */
  temLogo: z.boolean(),
  diaVencimentoContribuicao: z.number().int().nullable().optional(),
  valorPadraoContribuicao: z.string().nullable().optional(),
  tipoValorContribuicao: z.enum(TIPOS_VALOR_CONTRIBUICAO).nullable().optional(),
  lancamentoCaixaAutomatico: z.boolean().optional(),
  aceitaCadastro: z.boolean().optional(),
  contaCultoId: idOpcionalSaida.optional(),
  contaCaixaEntradaId: idOpcionalSaida.optional(),
  contaCaixaSaidaId: idOpcionalSaida.optional(),
  contaCreditoId: idOpcionalSaida.optional(),
  contaDebitoId: idOpcionalSaida.optional(),
  enderecos: z.array(enderecoSaida),
  contatos: z.array(contatoSaida),
  contasBancarias: z.array(contaBancariaSaida),
  camposTrabalho: z.array(campoTrabalhoSaida),
});
export type Organizacao = z.infer<typeof organizacao>;

export const organizacaoResumo = z.object({
  id: z.number().int(),
  nomeFantasia: z.string(),
  razaoSocial: z.string(),
  cnpj: z.string().nullable().optional(),
  tipoOrganizacaoNome: z.string(),
  situacao: z.enum(SITUACOES_ORGANIZACAO),
  organizacaoPaiNome: z.string().nullable(),
  nivel: z.number().int(),
});

export type OrganizacaoResumo = z.infer<typeof organizacaoResumo>;
export type SituacaoOrganizacao = (typeof SITUACOES_ORGANIZACAO)[number];

export const ORDENACOES_ORGANIZACAO = ['nomeFantasia', 'razaoSocial', 'id', 'nivel'] as const;

export const organizacaoListQuery = listQuery.extend({
  busca: z.string().trim().max(100).optional(),
  tipoOrganizacaoId: id.optional(),
  situacao: z.enum(SITUACOES_ORGANIZACAO).optional(),
  organizacaoPaiId: referencia('organizacao', id).optional(),
  cnpj: z.string().trim().max(20).optional(),
  ordenarPor: z.enum(ORDENACOES_ORGANIZACAO).default('nomeFantasia'),
});
export type OrganizacaoListQuery = z.infer<typeof organizacaoListQuery>;

export const organizacaoSelectQuery = z.object({ busca: z.string().trim().max(100).optional() });

export const usuarioOrganizacao = z.object({
  usuarioId: z.number().int(),
  nome: z.string(),
  email: z.string(),
  perfilId: z.number().int(),
  perfilNome: z.string(),
});
export type UsuarioOrganizacao = z.infer<typeof usuarioOrganizacao>;
export const vincularUsuarioBody = z.object({
  usuarioId: referencia('usuarios', id),
  perfilId: referencia('perfil', id),
});
export const usuarioParams = z.object({ id, usuarioId: id });
