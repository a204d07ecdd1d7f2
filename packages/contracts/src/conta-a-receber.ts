import { z } from 'zod';
import type { CampoCadastro } from './cadastros.js';
import { dataNoIntervalo, dinheiro, id, listaDaConsulta, MSG, textoOpcional } from './comum.js';
import { listQuery, pagedComTotais } from './paginacao.js';
import { referencia } from './referencias.js';

/**
 * Accounts receivable and their charges (spec §2 /conta-a-receber, /cobranca; §3 Accounts
 * receivable; §4 statuses; §5 person or organization, minimum charge, installments).
 */
export const STATUS_CONTA_A_RECEBER = [
  'ABERTO',
  'VENCIDO',
  'PAGO',
  'CANCELADO',
  'EXCLUIDO',
  'ESTORNADO',
  'PENDENTE',
  'FECHADO',
] as const;
export type StatusContaAReceber = (typeof STATUS_CONTA_A_RECEBER)[number];
/** Only these may still be edited or charged. */
export const STATUS_EDITAVEIS: readonly StatusContaAReceber[] = ['ABERTO', 'VENCIDO'];

export const TIPOS_CONTA_A_RECEBER = ['CONTRIBUICAO', 'DIZIMO', 'OFERTA', 'EVENTO', 'ARRENDAMENTO', 'OUTROS'] as const;
export const FORMAS_PAGAMENTO = ['BOLETO', 'PIX', 'CARTAO', 'DINHEIRO', 'TRANSFERENCIA', 'OUTRA'] as const;
/** What the provider can charge (spec §2 /cobranca). */
export const FORMAS_COBRANCA = ['BOLETO', 'PIX', 'CARTAO'] as const;

/** Spec §5/§9: a charge is at least R$ 5,00 (raised to it after the user confirms). */
export const VALOR_MINIMO_COBRANCA = '5.00';
/** Spec §5/§9: fewer than 12 installments. */
export const MAX_PARCELAS = 11;

const positivo = dinheiro.refine((v) => Number(v) > 0, { message: 'validacao:valorPositivo' });
const parcelas = z.coerce.number().int().min(1).max(MAX_PARCELAS);

/** A due date whose day exists in its month (spec §5 "day 1 to 31 consistent with the month"). */
const vencimento = z
  .string()
  .regex(/^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/, { message: MSG.dataInvalida, abort: true })
  .refine((v) => dataNoIntervalo(v), { message: MSG.dataForaDoIntervalo, abort: true })
  .refine((v) => new Date(`${v}T00:00:00Z`).toISOString().slice(0, 10) === v, {
    message: MSG.diaInvalidoParaMes,
  });

export const contaAReceberInput = z
  .object({
    /** The owner; the user's organization when left out. */
    organizacaoId: referencia('organizacao', id).nullish(),
    pessoaId: referencia('pessoa', id).nullish(),
    organizacaoTitularId: referencia('organizacao', id).nullish(),
    tipo: z.enum(TIPOS_CONTA_A_RECEBER),
    mesCompetencia: z.coerce.number().int().min(1).max(12),
    anoCompetencia: z.coerce.number().int().min(1900).max(2200),
    vencimento,
    valorPrevisto: positivo,
    formaPagamento: z.enum(FORMAS_PAGAMENTO).nullish(),
    descricao: textoOpcional(500),
    parcelas: parcelas.default(1),
  })
  .superRefine((v, ctx) => {
    // Spec §5: fill a person or an organization — exactly one holder.
    if (!v.pessoaId === !v.organizacaoTitularId)
      ctx.addIssue({ code: 'custom', path: ['pessoaId'], message: 'validacao:pessoaOuOrganizacaoTitular' });
  });
export type ContaAReceberInput = z.infer<typeof contaAReceberInput>;

export const contaAReceber = z.object({
  id: z.number().int(),
  organizacaoId: z.number().int(),
  organizacaoNome: z.string(),
  pessoaId: z.number().int().nullable(),
  organizacaoTitularId: z.number().int().nullable(),
  titularNome: z.string(),
  tipo: z.enum(TIPOS_CONTA_A_RECEBER),
  mesCompetencia: z.number().int(),
  anoCompetencia: z.number().int(),
  vencimento: z.string(),
  valorPrevisto: z.string(),
  valorPago: z.string().nullable(),
  dataPagamento: z.string().nullable(),
  dataCredito: z.string().nullable(),
  formaPagamento: z.string().nullable(),
  linkPagamento: z.string().nullable(),
  descricao: z.string().nullable(),
  status: z.enum(STATUS_CONTA_A_RECEBER),
  /** Why it was cancelled (status CANCELADO by hand). */
  motivoCancelamento: z.string().nullable(),
  cobrancaGerada: z.boolean(),
  parcelas: z.number().int(),
  /** Brought from the previous system: no bill, no receipt (spec §8). */
  migrada: z.boolean(),
  /** The standing receipt that covers it, if any. */
  reciboId: z.number().int().nullable(),
  criadoEm: z.string(),
  atualizadoEm: z.string(),
});
export type ContaAReceber = z.infer<typeof contaAReceber>;

/** Cancelling a receivable by hand (status CANCELADO) takes its reason. */
export const cancelamentoContaAReceberInput = z.object({ motivo: z.string().trim().min(3).max(500) });
export type CancelamentoContaAReceberInput = z.infer<typeof cancelamentoContaAReceberInput>;

export const ORDENACOES_CONTA_A_RECEBER = [
  'vencimento',
  'valorPrevisto',
  'status',
  'competencia',
  'titular',
  'id',
] as const;

export const contaAReceberListQuery = listQuery
  .extend({
    ordenarPor: z.enum(ORDENACOES_CONTA_A_RECEBER).optional(),
    pessoaId: referencia('pessoa', id).optional(),
    organizacaoTitularId: referencia('organizacao', id).optional(),
    status: z.preprocess(listaDaConsulta, z.array(z.enum(STATUS_CONTA_A_RECEBER)).max(8).optional()),
    mesCompetencia: z.coerce.number().int().min(1).max(12).optional(),
    anoCompetencia: z.coerce.number().int().min(1900).max(2200).optional(),
    vencimentoDe: vencimento.optional(),
    vencimentoAte: vencimento.optional(),
    /** An organization of the scope: its receivables and those of the organizations below it. */
    organizacaoId: referencia('organizacao', id).optional(),
    cobrancaGerada: z.enum(['true', 'false']).optional(),
    /** Only those not in a standing receipt (the receipt screen's choice). */
    semRecibo: z.enum(['true', 'false']).optional(),
    /** Excluded receivables (deleted, or undone with their batch) are left out unless asked for. */
    incluirExcluidos: z.enum(['true', 'false']).optional(),
  })
  .refine((q) => !q.vencimentoDe || !q.vencimentoAte || q.vencimentoDe <= q.vencimentoAte, {
    path: ['vencimentoAte'],
    message: MSG.dataFimAntesInicio,
  });
export type ContaAReceberListQuery = z.infer<typeof contaAReceberListQuery>;

/** A page of receivables and what the whole filtered set sums (the list's totals row). */
export const contaAReceberPagina = pagedComTotais(contaAReceber, { valorPrevisto: z.string(), valorPago: z.string() });
export type ContaAReceberPagina = z.infer<typeof contaAReceberPagina>;

export const cobrancaInput = z.object({
  contaAReceberId: referencia('conta-a-receber', id),
  forma: z.enum(FORMAS_COBRANCA),
  parcelas: parcelas.default(1),
  /** The user agreed to raise a charge below the minimum to it (spec §5). */
  confirmarMinimo: z.boolean().default(false),
});
export type CobrancaInput = z.infer<typeof cobrancaInput>;

export const cobrancaCancelamentoQuery = z.object({
  /** Cancel the receivable too, instead of leaving it open for another charge. */
  cancelarConta: z.enum(['true', 'false']).default('false'),
});

export const cobranca = z.object({
  id: z.number().int(),
  contaAReceberId: z.number().int(),
  provedorId: z.string(),
  parcelamentoId: z.string().nullable(),
  numeroParcela: z.number().int().nullable(),
  forma: z.enum(FORMAS_COBRANCA),
  valor: z.string(),
  vencimento: z.string(),
  status: z.enum(STATUS_CONTA_A_RECEBER),
  statusProvedor: z.string(),
  urlFatura: z.string().nullable(),
  urlBoleto: z.string().nullable(),
  dataPagamento: z.string().nullable(),
  dataCredito: z.string().nullable(),
  canceladaEm: z.string().nullable(),
  criadoEm: z.string(),
});
export type Cobranca = z.infer<typeof cobranca>;

export const linhaDigitavel = z.object({
  linhaDigitavel: z.string(),
  codigoBarras: z.string(),
  nossoNumero: z.string(),
});
export const qrCodePix = z.object({
  imagemPngBase64: z.string(),
  copiaECola: z.string(),
  expiraEm: z.string().nullable(),
});

/** The receivable form's fields, as the registry engine's web controls draw them. */
export const CAMPOS_CONTA_A_RECEBER: readonly CampoCadastro[] = [
  { nome: 'pessoaId', tipo: 'referencia', referencia: 'pessoa' },
  { nome: 'organizacaoTitularId', tipo: 'referencia', referencia: 'organizacao' },
  {
    nome: 'tipo',
    tipo: 'opcao',
    opcoes: TIPOS_CONTA_A_RECEBER,
    rotuloOpcoes: 'campos:opcao.tipoContaAReceber',
    obrigatorio: true,
  },
  { nome: 'mesCompetencia', tipo: 'inteiro', min: 1, max: 12, obrigatorio: true },
  { nome: 'anoCompetencia', tipo: 'inteiro', min: 1900, max: 2200, obrigatorio: true },
  { nome: 'vencimento', tipo: 'data', obrigatorio: true },
  { nome: 'valorPrevisto', tipo: 'dinheiro', obrigatorio: true },
  { nome: 'formaPagamento', tipo: 'opcao', opcoes: FORMAS_PAGAMENTO },
  { nome: 'parcelas', tipo: 'inteiro', min: 1, max: MAX_PARCELAS, padrao: 1 },
  { nome: 'descricao', tipo: 'textoLongo', max: 500 },
];

/** The charges list (spec §2 /cobranca): every charge of the scope, whatever its receivable. */
export const ORDENACOES_COBRANCA = ['vencimento', 'valor', 'status', 'criadoEm', 'titular'] as const;
export const cobrancaListQuery = listQuery
  .extend({
    ordenarPor: z.enum(ORDENACOES_COBRANCA).optional(),
    status: z.preprocess(listaDaConsulta, z.array(z.enum(STATUS_CONTA_A_RECEBER)).max(8).optional()),
    forma: z.preprocess(listaDaConsulta, z.array(z.enum(FORMAS_COBRANCA)).max(3).optional()),
    vencimentoDe: vencimento.optional(),
    vencimentoAte: vencimento.optional(),
    /** Part of the holder's name, accents and case ignored. */
    titular: z.string().trim().max(200).optional(),
    /** An organization of the scope: its charges and those of the organizations below it. */
    organizacaoId: referencia('organizacao', id).optional(),
    /** Cancelled charges are left out unless asked for. */
    incluirCanceladas: z.enum(['true', 'false']).optional(),
  })
  .refine((q) => !q.vencimentoDe || !q.vencimentoAte || q.vencimentoDe <= q.vencimentoAte, {
    path: ['vencimentoAte'],
    message: MSG.dataFimAntesInicio,
  });
export type CobrancaListQuery = z.infer<typeof cobrancaListQuery>;

export const cobrancaResumo = cobranca.extend({
  titularNome: z.string(),
  organizacaoNome: z.string(),
  mesCompetencia: z.number().int(),
  anoCompetencia: z.number().int(),
});
export type CobrancaResumo = z.infer<typeof cobrancaResumo>;
