import { z } from 'zod';
import type { CampoCadastro } from './cadastros.js';
import { data, dinheiro, id, MSG, textoOpcional } from './comum.js';
import { listQuery, pagedComTotais } from './paginacao.js';
import { referencia } from './referencias.js';

/**
 * The cash ledger (spec §2 /periodo-contabil, /lancamento-caixa; §3 Accounting period, Cash ledger
 * entry; §4): periods open or closed per cash account, entries only in open periods, transfers
 * between cash accounts, reversals with a justification.
 */
export const SITUACOES_PERIODO = ['ABERTO', 'FECHADO'] as const;
export const TIPOS_LANCAMENTO = ['ENTRADA', 'SAIDA', 'TRANSFERENCIA'] as const;

const positivo = dinheiro.refine((v) => Number(v) > 0, { message: 'validacao:valorPositivo' });

export const periodoInput = z
  .object({ contaCaixaId: referencia('conta-caixa', id), dataInicio: data, dataFim: data })
  .refine((v) => v.dataFim >= v.dataInicio, { path: ['dataFim'], message: MSG.dataFimAntesInicio });
export type PeriodoInput = z.infer<typeof periodoInput>;

/** Closing and reopening change balances: the client says the user confirmed (spec §4). */
export const confirmacaoInput = z.object({
  confirmado: z.literal(true, { message: 'validacao:confirmacaoNecessaria' }),
});

export const periodo = z.object({
  id: z.number().int(),
  contaCaixaId: z.number().int(),
  contaCaixaNome: z.string(),
  organizacaoNome: z.string(),
  dataInicio: z.string(),
  dataFim: z.string(),
  situacao: z.enum(SITUACOES_PERIODO),
  saldoInicial: z.string(),
  /** Initial balance plus the period's entries, as of now. */
  saldoAtual: z.string(),
  saldoFinal: z.string().nullable(),
  fechadoEm: z.string().nullable(),
});
export type Periodo = z.infer<typeof periodo>;

export const periodoListQuery = listQuery.extend({
  contaCaixaId: id.optional(),
  situacao: z.enum(SITUACOES_PERIODO).optional(),
});

export const lancamentoInput = z
  .object({
    data,
    tipo: z.enum(TIPOS_LANCAMENTO),
    contaCaixaId: referencia('conta-caixa', id),
    /** The account money goes to, in a transfer. */
    contaCaixaDestinoId: referencia('conta-caixa', id).nullish(),
    planoContaId: referencia('plano-de-conta', id),
    controleGerencialId: referencia('controle-gerencial', id).nullish(),
    valor: positivo,
    historico: z.string().trim().min(1).max(500),
    documento: textoOpcional(50),
    pessoaId: referencia('pessoa', id).nullish(),
    organizacaoReferenciaId: referencia('organizacao', id).nullish(),
  })
  .superRefine((v, ctx) => {
    if (v.tipo === 'TRANSFERENCIA' && !v.contaCaixaDestinoId)
      ctx.addIssue({ code: 'custom', path: ['contaCaixaDestinoId'], message: 'validacao:obrigatorio' });
    if (v.tipo === 'TRANSFERENCIA' && v.contaCaixaDestinoId === v.contaCaixaId)
      ctx.addIssue({ code: 'custom', path: ['contaCaixaDestinoId'], message: 'validacao:mesmaConta' });
    // Spec §5: fill a person or an organization — one of them at most.
    if (v.pessoaId && v.organizacaoReferenciaId)
      ctx.addIssue({ code: 'custom', path: ['organizacaoReferenciaId'], message: 'validacao:pessoaOuOrganizacao' });
  });
export type LancamentoInput = z.infer<typeof lancamentoInput>;

export const estornoInput = z.object({
  justificativa: z.string().trim().min(5).max(500),
  /** The reversal's date (today by default); it must fall in an open period. */
  data: data.optional(),
});

export const lancamento = z.object({
  id: z.number().int(),
  data: z.string(),
  tipo: z.enum(TIPOS_LANCAMENTO),
  contaCaixaId: z.number().int(),
  contaCaixaNome: z.string(),
  periodoContabilId: z.number().int(),
  valor: z.string(),
  planoContaId: z.number().int(),
  planoContaNome: z.string(),
  controleGerencialId: z.number().int().nullable(),
  historico: z.string(),
  documento: z.string().nullable(),
  pessoaId: z.number().int().nullable(),
  organizacaoReferenciaId: z.number().int().nullable(),
  transferenciaId: z.number().int().nullable(),
  estornoDeId: z.number().int().nullable(),
  estornadoEm: z.string().nullable(),
  justificativaEstorno: z.string().nullable(),
  /** The cash account's balance after this entry (entries in date order). */
  saldo: z.string(),
});
export type Lancamento = z.infer<typeof lancamento>;

/** The ledger's page with the net of the filtered set (money in less money out). */
export const lancamentoPagina = pagedComTotais(lancamento, { valor: z.string() });
export type LancamentoPagina = z.infer<typeof lancamentoPagina>;

export const lancamentoListQuery = listQuery
  .extend({
    contaCaixaId: id.optional(),
    periodoContabilId: id.optional(),
    planoContaId: id.optional(),
    controleGerencialId: id.optional(),
    periodoDe: data.optional(),
    periodoAte: data.optional(),
    historico: z.string().trim().max(200).optional(),
  })
  .refine((q) => !q.periodoDe || !q.periodoAte || q.periodoDe <= q.periodoAte, {
    path: ['periodoAte'],
    message: MSG.dataFimAntesInicio,
  });
export type LancamentoListQuery = z.infer<typeof lancamentoListQuery>;

/** The entry form's fields, as the registry engine's web controls draw them. */
export const CAMPOS_LANCAMENTO: readonly CampoCadastro[] = [
  { nome: 'data', tipo: 'data', obrigatorio: true },
  { nome: 'tipo', tipo: 'opcao', opcoes: TIPOS_LANCAMENTO, obrigatorio: true },
  { nome: 'contaCaixaId', tipo: 'referencia', referencia: 'conta-caixa', obrigatorio: true },
  { nome: 'contaCaixaDestinoId', tipo: 'referencia', referencia: 'conta-caixa' },
  { nome: 'planoContaId', tipo: 'referencia', referencia: 'plano-de-conta', obrigatorio: true },
  { nome: 'controleGerencialId', tipo: 'referencia', referencia: 'controle-gerencial' },
  { nome: 'valor', tipo: 'dinheiro', obrigatorio: true },
  { nome: 'historico', tipo: 'texto', max: 500, obrigatorio: true },
  { nome: 'documento', tipo: 'texto', max: 50 },
  { nome: 'pessoaId', tipo: 'referencia', referencia: 'pessoa' },
  { nome: 'organizacaoReferenciaId', tipo: 'referencia', referencia: 'organizacao' },
];
