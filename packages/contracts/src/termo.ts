import { z } from 'zod';
import { type CampoCadastro, esquemaDosCampos } from './cadastros.js';
import { busca, id, listaDaConsulta } from './comum.js';
import { listQuery, paged } from './paginacao.js';
import { STATUS_PESSOA } from './pessoa.js';
import { referencia } from './referencias.js';

/**
 * Consent terms (spec §2 /termos, §3 Term, §5; issue 22): a term's versions share an
 * `idCompartilhado`; a draft is edited, then published as a new immutable version, the one
 * published before it superseded. A published version is sent to people (requests), each with a
 * personal link to the public page where they accept or decline it.
 */
export const ACESSO_TERMOS = 'Termos';
export const ACESSO_CADEIA_CONSENTIMENTOS = 'CadeiaConsentimentos';

export const CATEGORIAS_TERMO = ['TERMOS_USO', 'CONSENTIMENTO_DADOS'] as const;
export const SITUACOES_TERMO = ['RASCUNHO', 'PUBLICADO', 'SUBSTITUIDO'] as const;
export type SituacaoTermo = (typeof SITUACOES_TERMO)[number];
/** A request's state (spec §3): waiting, accepted, or declined (disregarded). */
export const SITUACOES_SOLICITACAO = ['PENDENTE', 'ACEITO', 'DESCONSIDERADO'] as const;
export type SituacaoSolicitacao = (typeof SITUACOES_SOLICITACAO)[number];

/** The variable the e-mail body must hold (spec §5): where each person's link goes. */
export const VARIAVEL_LINK = '{{link}}';
/** Days a request's link stays valid after it was sent. */
export const DIAS_VALIDADE_LINK = 30;

export const CAMPOS_TERMO = [
  { nome: 'organizacaoId', tipo: 'referencia', referencia: 'organizacao', obrigatorio: true },
  { nome: 'nome', tipo: 'texto', obrigatorio: true, max: 150 },
  { nome: 'categoriaTermo', tipo: 'opcao', opcoes: CATEGORIAS_TERMO, obrigatorio: true, padrao: 'CONSENTIMENTO_DADOS' },
  { nome: 'remetente', tipo: 'texto', obrigatorio: true, max: 150 },
  { nome: 'assuntoEmail', tipo: 'texto', obrigatorio: true, max: 200 },
  { nome: 'corpoEmail', tipo: 'textoLongo', obrigatorio: true, max: 5_000 },
  { nome: 'texto', tipo: 'textoLongo', obrigatorio: true, max: 100_000 },
] as const satisfies readonly CampoCadastro[];

export const termoInput = esquemaDosCampos(CAMPOS_TERMO, (v, ctx) => {
  if (typeof v.corpoEmail === 'string' && !v.corpoEmail.includes(VARIAVEL_LINK))
    ctx.addIssue({ code: 'custom', path: ['corpoEmail'], message: 'validacao:termoSemLink' });
});
export type TermoInput = z.infer<typeof termoInput>;

export const termo = z.object({
  id: z.number().int(),
  idCompartilhado: z.string(),
  organizacaoId: z.number().int(),
  organizacaoNome: z.string(),
  nome: z.string(),
  categoriaTermo: z.enum(CATEGORIAS_TERMO),
  versao: z.number().int(),
  situacaoTermo: z.enum(SITUACOES_TERMO),
  remetente: z.string(),
  assuntoEmail: z.string(),
  corpoEmail: z.string(),
  texto: z.string(),
  publicadoEm: z.string().nullable(),
  criadoEm: z.string(),
  atualizadoEm: z.string(),
});
export type Termo = z.infer<typeof termo>;

/** A term in the list: its latest version, and whether it has a draft and a published version. */
export const termoResumo = termo.omit({ corpoEmail: true, texto: true }).extend({
  temRascunho: z.boolean(),
  versaoPublicada: z.number().int().nullable(),
  pendentes: z.number().int(),
  aceitos: z.number().int(),
  desconsiderados: z.number().int(),
});
export type TermoResumo = z.infer<typeof termoResumo>;

export const termoListQuery = listQuery.extend({
  organizacaoId: referencia('organizacao', id).optional(),
  nome: busca(150),
  categoriaTermo: z.enum(CATEGORIAS_TERMO).optional(),
});
export const termoPagina = paged(termoResumo);
export type TermoPagina = z.infer<typeof termoPagina>;

export const idCompartilhadoParams = z.object({ idCompartilhado: z.uuid() });
export const historicoTermo = z.array(termo);

/** Who a published version is sent to (spec's people filters): an organization's subtree, people's status. */
export const envioTermoInput = z.object({
  organizacaoId: referencia('organizacao', id),
  status: z.array(z.enum(STATUS_PESSOA)).min(1).max(STATUS_PESSOA.length).default(['ATIVO']),
});
export type EnvioTermoInput = z.infer<typeof envioTermoInput>;

/** A sending's progress: requests created and how many of their e-mails are in the outbox yet. */
export const envioTermo = z.object({
  id: z.number().int(),
  termoId: z.number().int(),
  total: z.number().int(),
  enviados: z.number().int(),
  concluido: z.boolean(),
  criadoEm: z.string(),
});
export type EnvioTermo = z.infer<typeof envioTermo>;

export const solicitacaoTermo = z.object({
  id: z.number().int(),
  termoId: z.number().int(),
  versao: z.number().int(),
  pessoaId: z.number().int(),
  pessoaNome: z.string(),
  email: z.string(),
  situacaoSolicitacao: z.enum(SITUACOES_SOLICITACAO),
  enviadoEm: z.string().nullable(),
  expiraEm: z.string().nullable(),
  respondidoEm: z.string().nullable(),
  ip: z.string().nullable(),
  navegador: z.string().nullable(),
});
export type SolicitacaoTermo = z.infer<typeof solicitacaoTermo>;

export const solicitacaoTermoListQuery = listQuery.extend({
  situacaoSolicitacao: z.preprocess(
    listaDaConsulta,
    z.array(z.enum(SITUACOES_SOLICITACAO)).max(SITUACOES_SOLICITACAO.length).optional(),
  ),
  nome: busca(150),
});
export const solicitacaoTermoPagina = paged(solicitacaoTermo);
export type SolicitacaoTermoPagina = z.infer<typeof solicitacaoTermoPagina>;
export const solicitacaoParams = idCompartilhadoParams.extend({ id });

/** The public page's term, read by the request's personal token. */
export const tokenTermoParams = z.object({ token: z.string().min(20).max(100) });
export const termoPublico = z.object({
  nome: z.string(),
  categoriaTermo: z.enum(CATEGORIAS_TERMO),
  versao: z.number().int(),
  organizacaoNome: z.string(),
  pessoaNome: z.string(),
  texto: z.string(),
  /** sha256 of the text shown, sent back with the answer: the answer is to this exact text. */
  hashTexto: z.string(),
  /** An answered link shows its answer again (a clear page, not an error). */
  situacaoSolicitacao: z.enum(SITUACOES_SOLICITACAO),
  respondidoEm: z.string().nullable(),
});
export type TermoPublico = z.infer<typeof termoPublico>;
export const respostaTermoInput = z.object({
  decisao: z.enum(['ACEITO', 'DESCONSIDERADO']),
  hashTexto: z.string().regex(/^[0-9a-f]{64}$/),
});
export type RespostaTermoInput = z.infer<typeof respostaTermoInput>;
export const respostaTermo = z.object({
  situacaoSolicitacao: z.enum(SITUACOES_SOLICITACAO),
  respondidoEm: z.string(),
});

/** The consent ledger's check: every row's hash and its link to the one before. */
export const verificacaoCadeia = z.object({
  valida: z.boolean(),
  total: z.number().int(),
  /** The first row whose hash or link does not hold. */
  primeiraInvalidaId: z.number().int().nullable(),
});
export type VerificacaoCadeia = z.infer<typeof verificacaoCadeia>;

/** A published version's coverage in one community: its requests by state (issue 22 item 4). */
export const coberturaTermo = z.array(
  z.object({
    organizacaoId: z.number().int(),
    organizacaoNome: z.string(),
    aceitos: z.number().int(),
    pendentes: z.number().int(),
    desconsiderados: z.number().int(),
    total: z.number().int(),
  }),
);
export type CoberturaTermo = z.infer<typeof coberturaTermo>;
