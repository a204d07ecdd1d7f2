import { z } from 'zod';
import { type CampoCadastro, esquemaDosCampos, type TAMANHOS_PAPEL } from './cadastros.js';
import { busca, data, id, MSG, periodoValido } from './comum.js';
import { documentoOficio, MARCADOR_MESCLAGEM } from './oficio-documento.js';
import { listQuery, paged } from './paginacao.js';
import { idsPessoas, pessoaListQuery } from './pessoa.js';
import { referencia } from './referencias.js';

/**
 * Office letters (spec §2 /template-oficio, §3; issue 22): an organization's templates, whose
 * texts hold merge fields (`{{pessoa.nome}}`), and the letters issued from them — numbered per
 * issuing organization and year, their merged text kept as issued.
 */
export const ACESSO_OFICIOS = 'Oficios';

export const TIPOS_OFICIO = [
  'TRANSFERENCIA',
  'DECLARACAO_MEMBRESIA',
  'CONVITE',
  'CERTIFICADO_MINISTERIAL',
  'OUTRO',
] as const;
/** The label sheets' paper sizes (their millimetres in `TAMANHOS_PAPEL`). */
export const PAPEIS_OFICIO = ['A4', 'CARTA', 'OFICIO'] as const satisfies readonly (keyof typeof TAMANHOS_PAPEL)[];
export const ORIENTACOES_PAPEL = ['RETRATO', 'PAISAGEM'] as const;

/**
 * The merge fields a template may hold: the recipient person's, the issuing organization's, the
 * recipient (a person or an organization), the person's minister data (ministry certificates,
 * issue 21) and the letter's own number and date. Labels
 * `oficios:mesclagem.<campo>`.
 */
export const CAMPOS_MESCLAGEM = [
  'destinatario.nome',
  'pessoa.nome',
  'pessoa.cpf',
  'pessoa.dataNascimento',
  'pessoa.email',
  'pessoa.organizacao',
  'organizacao.nome',
  'organizacao.razaoSocial',
  'organizacao.cnpj',
  'organizacao.endereco',
  'ministro.tipoMinisterio',
  'ministro.registroMinisterial',
  'ministro.dataOrdenacao',
  'ministro.localOrdenacao',
  'ministro.ordenante',
  'oficio.numero',
  'oficio.data',
] as const;
export type CampoMesclagem = (typeof CAMPOS_MESCLAGEM)[number];
/** The names a text holds that are no merge field, in order of appearance, once each. */
export const camposDesconhecidos = (texto: string | null | undefined): string[] => [
  ...new Set(
    [...(texto ?? '').matchAll(MARCADOR_MESCLAGEM)]
      .map((m) => m[1]!)
      .filter((c) => !(CAMPOS_MESCLAGEM as readonly string[]).includes(c)),
  ),
];
/** The template's texts that hold merge fields, checked when saved. */
export const TEXTOS_TEMPLATE = ['assunto', 'cabecalho', 'corpo', 'rodape'] as const;

export const CAMPOS_TEMPLATE_OFICIO = [
  { nome: 'organizacaoId', tipo: 'referencia', referencia: 'organizacao', obrigatorio: true },
  { nome: 'nome', tipo: 'texto', obrigatorio: true, max: 150 },
  { nome: 'tipoOficio', tipo: 'opcao', opcoes: TIPOS_OFICIO, obrigatorio: true, padrao: 'OUTRO' },
  { nome: 'assunto', tipo: 'texto', obrigatorio: true, max: 300 },
  { nome: 'cabecalho', tipo: 'textoLongo', max: 2_000 },
  { nome: 'corpo', tipo: 'textoLongo', obrigatorio: true, max: 20_000 },
  { nome: 'rodape', tipo: 'textoLongo', max: 2_000 },
  { nome: 'mostrarEmissor', tipo: 'booleano', padrao: true },
  { nome: 'tamanhoPapel', tipo: 'opcao', opcoes: PAPEIS_OFICIO, obrigatorio: true, padrao: 'A4' },
  { nome: 'orientacao', tipo: 'opcao', opcoes: ORIENTACOES_PAPEL, obrigatorio: true, padrao: 'RETRATO' },
  { nome: 'margemMm', tipo: 'inteiro', min: 10, max: 50, obrigatorio: true, padrao: 25 },
  { nome: 'ativo', tipo: 'booleano', padrao: true },
] as const satisfies readonly CampoCadastro[];

/**
 * `corpoRico`: the body written in the rich editor; when sent, the server keeps its text as
 * `corpo` (whatever `corpo` says). Without it the body is plain text, as templates were before.
 */
export const templateOficioInput = esquemaDosCampos(CAMPOS_TEMPLATE_OFICIO).extend({
  corpoRico: documentoOficio.nullish(),
});
export type TemplateOficioInput = z.infer<typeof templateOficioInput>;

export const templateOficio = z.object({
  id: z.number().int(),
  organizacaoId: z.number().int(),
  organizacaoNome: z.string(),
  nome: z.string(),
  tipoOficio: z.enum(TIPOS_OFICIO),
  assunto: z.string(),
  cabecalho: z.string().nullable(),
  corpo: z.string(),
  corpoRico: documentoOficio.nullable(),
  rodape: z.string().nullable(),
  mostrarEmissor: z.boolean(),
  tamanhoPapel: z.enum(PAPEIS_OFICIO),
  orientacao: z.enum(ORIENTACOES_PAPEL),
  margemMm: z.number().int(),
  ativo: z.boolean(),
  /** Letters issued from it. */
  emitidos: z.number().int(),
  criadoEm: z.string(),
  atualizadoEm: z.string(),
});
export type TemplateOficio = z.infer<typeof templateOficio>;

export const templateOficioListQuery = listQuery.extend({
  organizacaoId: referencia('organizacao', id).optional(),
  nome: busca(150),
  tipoOficio: z.enum(TIPOS_OFICIO).optional(),
  ativo: z.enum(['true', 'false']).optional(),
});
export const templateOficioPagina = paged(templateOficio);
export type TemplateOficioPagina = z.infer<typeof templateOficioPagina>;

/** Who a letter goes to: a person of the registry or an organization, exactly one. */
const destino = {
  pessoaId: referencia('pessoa').optional(),
  organizacaoDestinatariaId: referencia('organizacao').optional(),
};
const umDestino = (v: { pessoaId?: number; organizacaoDestinatariaId?: number }, ctx: z.RefinementCtx) => {
  if (!v.pessoaId === !v.organizacaoDestinatariaId)
    ctx.addIssue({ code: 'custom', path: ['pessoaId'], message: 'validacao:oficioUmDestinatario' });
};

/** The live preview: the form's texts (saved or not) merged for a recipient, or with sample data. */
export const previaOficioInput = z.object({
  organizacaoId: referencia('organizacao'),
  assunto: z.string().max(300),
  cabecalho: z.string().max(2_000).nullish(),
  corpo: z.string().max(20_000),
  corpoRico: documentoOficio.nullish(),
  rodape: z.string().max(2_000).nullish(),
  ...destino,
});
export type PreviaOficioInput = z.infer<typeof previaOficioInput>;
/** The preview PDF: the form's texts and page, printed by the letters' PDF engine. */
export const previaPdfOficioInput = previaOficioInput.extend({
  mostrarEmissor: z.boolean().optional(),
  tamanhoPapel: z.enum(PAPEIS_OFICIO),
  orientacao: z.enum(ORIENTACOES_PAPEL),
  margemMm: z.number().int().min(10).max(50),
});
export type PreviaPdfOficioInput = z.infer<typeof previaPdfOficioInput>;
export const previaOficio = z.object({
  assunto: z.string(),
  cabecalho: z.string().nullable(),
  texto: z.string(),
  rodape: z.string().nullable(),
  destinatario: z.string(),
});
export type PreviaOficio = z.infer<typeof previaOficio>;

export const emissaoOficioInput = z
  .object({ templateId: referencia('template-oficio'), ...destino, data: data.optional() })
  .superRefine(umDestino);
export type EmissaoOficioInput = z.infer<typeof emissaoOficioInput>;

export const oficio = z.object({
  id: z.number().int(),
  templateId: z.number().int(),
  templateNome: z.string(),
  tipoOficio: z.enum(TIPOS_OFICIO),
  organizacaoId: z.number().int(),
  organizacaoNome: z.string(),
  ano: z.number().int(),
  numero: z.number().int(),
  /** `12/2026`: the number as printed. */
  numeroAno: z.string(),
  data: z.string(),
  pessoaId: z.number().int().nullable(),
  organizacaoDestinatariaId: z.number().int().nullable(),
  destinatario: z.string(),
  assunto: z.string(),
  cabecalho: z.string().nullable(),
  texto: z.string(),
  rodape: z.string().nullable(),
  emitidoPorNome: z.string().nullable(),
  emitidoEm: z.string(),
  /** Printed as the letter's QR; the public page confirms the letter by it. */
  codigoVerificacao: z.string(),
});
export type Oficio = z.infer<typeof oficio>;
/** A list row: the letter without its texts. */
export const oficioResumo = oficio.omit({ cabecalho: true, texto: true, rodape: true });
export type OficioResumo = z.infer<typeof oficioResumo>;

export const oficioListQuery = listQuery
  .extend({
    organizacaoId: referencia('organizacao', id).optional(),
    templateId: referencia('template-oficio', id).optional(),
    pessoaId: referencia('pessoa', id).optional(),
    tipoOficio: z.enum(TIPOS_OFICIO).optional(),
    ano: z.coerce.number().int().min(1900).max(2999).optional(),
    destinatario: busca(150),
    dataDe: data.optional(),
    dataAte: data.optional(),
  })
  .refine((q) => periodoValido(q.dataDe, q.dataAte), { path: ['dataAte'], message: MSG.dataFimAntesInicio });
export const oficioPagina = paged(oficioResumo);
export type OficioPagina = z.infer<typeof oficioPagina>;

/**
 * Letters for a people filter (issue 22): the people chosen by the people list's filters (or one
 * by one) each get a numbered letter from the template, issued by an OFICIOS batch; the batch's
 * letters then download as one PDF or a ZIP of PDFs.
 */
export const oficioLoteInput = pessoaListQuery.and(
  z.object({ templateId: referencia('template-oficio'), data: data.optional(), pessoasIds: idsPessoas.optional() }),
);
export type OficioLoteInput = z.infer<typeof oficioLoteInput>;

/** The code printed as a letter's QR (12 letters and digits; read case-insensitively). */
export const codigoVerificacaoParams = z.object({
  codigo: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[0-9A-Z]{12}$/, { message: 'validacao:codigoVerificacaoInvalido' }),
});
/** What the public page confirms of a letter: nothing more than this. */
export const verificacaoOficio = z.object({
  numeroAno: z.string(),
  data: z.string(),
  organizacao: z.string(),
  destinatario: z.string(),
});
export type VerificacaoOficio = z.infer<typeof verificacaoOficio>;
