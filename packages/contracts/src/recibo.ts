import { z } from 'zod';
import type { CampoCadastro } from './cadastros.js';
import {
  competencia as competenciaValida,
  data,
  dinheiro,
  id,
  listaDaConsulta,
  MSG,
  periodoValido,
  textoOpcional,
} from './comum.js';
import { STATUS_CONTA_A_RECEBER } from './conta-a-receber.js';
import { listQuery } from './paginacao.js';
import { referencia } from './referencias.js';
import { FORMATOS_RELATORIO } from './relatorio-financeiro.js';

/**
 * Manual payments, receipts and the receivables report (spec §2 /pagamento, /lista-de-recibos,
 * /relatorio-contas-receber; §4 reversal with a justification; §5 receipt rules).
 */

/** How a payment recorded by hand was made (outside the provider's charge). */
export const FORMAS_PAGAMENTO_MANUAL = ['DINHEIRO', 'TRANSFERENCIA', 'PIX', 'OUTRA'] as const;

/** Spec §4: a reversal needs a justification; this short it would say nothing. */
export const JUSTIFICATIVA_MINIMA = 10;
export const justificativaEstornoInput = z.object({
  justificativa: z.string().trim().min(JUSTIFICATIVA_MINIMA).max(500),
});
export type JustificativaEstornoInput = z.infer<typeof justificativaEstornoInput>;

const positivo = dinheiro.refine((v) => Number(v) > 0, { message: 'validacao:valorPositivo' });

export const pagamentoInput = z
  .object({
    contaAReceberId: referencia('conta-a-receber', id),
    valor: positivo,
    dataPagamento: data,
    dataCredito: data,
    forma: z.enum(FORMAS_PAGAMENTO_MANUAL),
    observacao: textoOpcional(500),
  })
  // The money cannot be credited before it was paid.
  .refine((v) => periodoValido(v.dataPagamento, v.dataCredito), {
    path: ['dataCredito'],
    message: MSG.dataFimAntesInicio,
  });
export type PagamentoInput = z.infer<typeof pagamentoInput>;

/** The payment form's fields (the receivable is chosen apart), as the engine's web controls draw them. */
export const CAMPOS_PAGAMENTO: readonly CampoCadastro[] = [
  { nome: 'valor', tipo: 'dinheiro', obrigatorio: true },
  {
    nome: 'forma',
    tipo: 'opcao',
    opcoes: FORMAS_PAGAMENTO_MANUAL,
    rotuloOpcoes: 'campos:opcao.formaPagamento',
    obrigatorio: true,
  },
  { nome: 'dataPagamento', tipo: 'data', obrigatorio: true },
  { nome: 'dataCredito', tipo: 'data', obrigatorio: true },
  { nome: 'observacao', tipo: 'textoLongo', max: 500 },
];

export const pagamento = z.object({
  id: z.number().int(),
  contaAReceberId: z.number().int(),
  titularNome: z.string(),
  valor: z.string(),
  dataPagamento: z.string(),
  dataCredito: z.string(),
  forma: z.enum(FORMAS_PAGAMENTO_MANUAL),
  observacao: z.string().nullable(),
  /** Whether the provider's charge was marked received in cash. */
  recebidoNoProvedor: z.boolean(),
  estornadoEm: z.string().nullable(),
  justificativaEstorno: z.string().nullable(),
  criadoEm: z.string(),
});
export type Pagamento = z.infer<typeof pagamento>;

export const pagamentoListQuery = z.object({ contaAReceberId: id });

export const reciboInput = z.object({
  contaAReceberIds: z.array(referencia('conta-a-receber', id)).min(1).max(200),
  /** The receipt's date; today when left out. */
  data: data.optional(),
});
export type ReciboInput = z.infer<typeof reciboInput>;

export const reciboItem = z.object({
  contaAReceberId: z.number().int(),
  descricao: z.string().nullable(),
  tipo: z.string(),
  mesCompetencia: z.number().int(),
  anoCompetencia: z.number().int(),
  vencimento: z.string(),
  dataPagamento: z.string().nullable(),
  valor: z.string(),
});

export const reciboResumo = z.object({
  id: z.number().int(),
  organizacaoId: z.number().int(),
  organizacaoNome: z.string(),
  numero: z.number().int(),
  data: z.string(),
  pessoaId: z.number().int().nullable(),
  organizacaoTitularId: z.number().int().nullable(),
  titularNome: z.string(),
  /** The holder's CPF (a person) or CNPJ (an organization), digits only. */
  titularDocumento: z.string().nullable(),
  total: z.string(),
  estornadoEm: z.string().nullable(),
  justificativaEstorno: z.string().nullable(),
  criadoEm: z.string(),
  quantidadeItens: z.number().int(),
});
export type ReciboResumo = z.infer<typeof reciboResumo>;
export const recibo = reciboResumo.extend({ itens: z.array(reciboItem) });
export type Recibo = z.infer<typeof recibo>;

/**
 * A member's annual contribution statement (for the income-tax return): what the person paid in a
 * calendar year, by payment date, to the organizations of the reader's scope.
 */
export const declaracaoAnualQuery = z.object({
  pessoaId: referencia('pessoa', id),
  ano: z.coerce.number().int().min(1900).max(2999),
});
export type DeclaracaoAnualQuery = z.infer<typeof declaracaoAnualQuery>;

/** Where a receipt was sent by e-mail. */
export const reciboEmailResposta = z.object({ para: z.string() });

export const ORDENACOES_RECIBO = ['numero', 'data', 'total', 'titular'] as const;

export const reciboListQuery = listQuery
  .extend({
    ordenarPor: z.enum(ORDENACOES_RECIBO).optional(),
    pessoaId: referencia('pessoa', id).optional(),
    organizacaoTitularId: referencia('organizacao', id).optional(),
    numero: z.coerce.number().int().positive().max(2_147_483_647).optional(),
    dataDe: data.optional(),
    dataAte: data.optional(),
    situacao: z.enum(['emitidos', 'estornados']).optional(),
  })
  .refine((q) => periodoValido(q.dataDe, q.dataAte), { path: ['dataAte'], message: MSG.dataFimAntesInicio });
export type ReciboListQuery = z.infer<typeof reciboListQuery>;

/** `YYYY-MM`: a competence month. */
const competencia = competenciaValida(MSG.dataInvalida);

export const relatorioContasReceberQuery = z
  .object({
    /** The organization reported on (the one acted for by default), with those below it. */
    organizacaoId: referencia('organizacao', id).optional(),
    pessoaId: referencia('pessoa', id).optional(),
    organizacaoTitularId: referencia('organizacao', id).optional(),
    status: z.preprocess(listaDaConsulta, z.array(z.enum(STATUS_CONTA_A_RECEBER)).max(8).optional()),
    competenciaDe: competencia.optional(),
    competenciaAte: competencia.optional(),
    vencimentoDe: data.optional(),
    vencimentoAte: data.optional(),
    /** Excluded receivables count in no total unless asked for. */
    incluirExcluidos: z.enum(['true', 'false']).optional(),
    formato: z.enum(FORMATOS_RELATORIO).default('json'),
  })
  .refine((q) => periodoValido(q.competenciaDe, q.competenciaAte), {
    path: ['competenciaAte'],
    message: MSG.dataFimAntesInicio,
  })
  .refine((q) => periodoValido(q.vencimentoDe, q.vencimentoAte), {
    path: ['vencimentoAte'],
    message: MSG.dataFimAntesInicio,
  });
export type RelatorioContasReceberQuery = z.infer<typeof relatorioContasReceberQuery>;

const totais = z.object({ quantidade: z.number().int(), previsto: z.string(), pago: z.string() });
export const relatorioContasReceber = z.object({
  porStatus: z.array(totais.extend({ status: z.enum(STATUS_CONTA_A_RECEBER) })),
  /** By competence month, `YYYY-MM`. */
  porPeriodo: z.array(totais.extend({ periodo: z.string() })),
  totais,
});
export type RelatorioContasReceber = z.infer<typeof relatorioContasReceber>;
