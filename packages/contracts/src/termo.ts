import { z } from 'zod';
import { type CampoCadastro, esquemaDosCampos } from './cadastros.js';
import { busca, id, listaDaConsulta } from './comum.js';
import { listQuery, paged, pagedComTotais } from './paginacao.js';
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
/**
 * A request's state (spec §3): waiting, accepted, or declined (disregarded); an accepted one may
 * later be revoked by the person, or superseded by a newer version (then a new request asks again).
 */
export const SITUACOES_SOLICITACAO = ['PENDENTE', 'ACEITO', 'DESCONSIDERADO', 'REVOGADO', 'SUBSTITUIDO'] as const;
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
  { nome: 'obrigatorio', tipo: 'booleano', padrao: false },
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
  obrigatorio: z.boolean(),
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
  revogadoEm: z.string().nullable(),
  /** An older version's acceptance this request asks again for. */
  reaceite: z.boolean(),
  ip: z.string().nullable(),
  navegador: z.string().nullable(),
  organizacaoNome: z.string(),
});
export type SolicitacaoTermo = z.infer<typeof solicitacaoTermo>;

export const solicitacaoTermoListQuery = listQuery.extend({
  situacaoSolicitacao: z.preprocess(
    listaDaConsulta,
    z.array(z.enum(SITUACOES_SOLICITACAO)).max(SITUACOES_SOLICITACAO.length).optional(),
  ),
  nome: busca(150),
  /** The community of the people asked (the coverage's drill-down). */
  organizacaoId: referencia('organizacao', id).optional(),
  /** Only the published version's requests. */
  publicada: z.enum(['true', 'false']).optional(),
  /** Only requests asking again after a superseded acceptance. */
  reaceite: z.enum(['true', 'false']).optional(),
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
  /** Under 18 (by the birth date on record): a guardian answers, giving their name and relationship. */
  menor: z.boolean(),
});
export type TermoPublico = z.infer<typeof termoPublico>;
export const RELACOES_RESPONSAVEL = ['MAE', 'PAI', 'TUTOR', 'OUTRO'] as const;
export const respostaTermoInput = z.object({
  decisao: z.enum(['ACEITO', 'DESCONSIDERADO']),
  hashTexto: z.string().regex(/^[0-9a-f]{64}$/),
  responsavelNome: z.string().trim().min(3).max(150).optional(),
  responsavelRelacao: z.enum(RELACOES_RESPONSAVEL).optional(),
});
export type RespostaTermoInput = z.infer<typeof respostaTermoInput>;
export const respostaTermo = z.object({
  situacaoSolicitacao: z.enum(SITUACOES_SOLICITACAO),
  respondidoEm: z.string(),
});

/** The revocation page (issue 22 item 4): the consent a revocation link withdraws, and its state. */
export const revogacaoPublica = z.object({
  nome: z.string(),
  versao: z.number().int(),
  organizacaoNome: z.string(),
  pessoaNome: z.string(),
  situacaoSolicitacao: z.enum(SITUACOES_SOLICITACAO),
  respondidoEm: z.string().nullable(),
  revogadoEm: z.string().nullable(),
});
export type RevogacaoPublica = z.infer<typeof revogacaoPublica>;

/** A required term of use the signed-in user must accept before anything else (the sign-in gate). */
export const termoObrigatorioPendente = z.object({
  solicitacaoId: z.number().int(),
  nome: z.string(),
  versao: z.number().int(),
  organizacaoNome: z.string(),
  texto: z.string(),
  hashTexto: z.string(),
});
export const termosObrigatoriosPendentes = z.array(termoObrigatorioPendente);
export type TermoObrigatorioPendente = z.infer<typeof termoObrigatorioPendente>;
export const aceiteObrigatorioInput = z.object({ hashTexto: z.string().regex(/^[0-9a-f]{64}$/) });
export const solicitacaoIdParams = z.object({ solicitacaoId: id });

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
    revogados: z.number().int(),
    /** Accepted an older version, asked again for this one and not answered yet. */
    substituidos: z.number().int(),
    total: z.number().int(),
  }),
);
export type CoberturaTermo = z.infer<typeof coberturaTermo>;

/**
 * The coverage screen's list (`/api/termo-cobertura/paginado?idCompartilhado=…`): the same rows,
 * filtered by an organization's subtree and the community's name, a page at a time, with the
 * whole filtered set's totals.
 */
export const linhaCobertura = coberturaTermo.element;
export type LinhaCobertura = z.infer<typeof linhaCobertura>;
export const coberturaListQuery = listQuery.extend({
  idCompartilhado: z.uuid(),
  organizacaoId: referencia('organizacao', id).optional(),
  nome: busca(150),
});
const contagemCobertura = z.number().int();
export const coberturaPagina = pagedComTotais(linhaCobertura, {
  aceitos: contagemCobertura,
  pendentes: contagemCobertura,
  desconsiderados: contagemCobertura,
  revogados: contagemCobertura,
  substituidos: contagemCobertura,
  total: contagemCobertura,
});
export type CoberturaPagina = z.infer<typeof coberturaPagina>;
