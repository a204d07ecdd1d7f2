import { z } from 'zod';
import { data, id, listaDaConsulta, MSG } from './comum.js';
import { baldeIndicador, periodoIndicador } from './indicadores.js';
import { referencia } from './referencias.js';

/**
 * The books read back (spec §2 /relatorio-financeiro, /relatorio-gerencial,
 * /lancamento-caixa/formExportar): balances and movements of a period, by cash account, ledger
 * account and cost centre, and the accounting file of one organization.
 */
const periodo = z.object({ periodoDe: data, periodoAte: data });
const periodoValido = <T extends { periodoDe: string; periodoAte: string }>(q: T) => q.periodoDe <= q.periodoAte;
const erroPeriodo = { path: ['periodoAte'], message: MSG.dataFimAntesInicio };
const ids = z.preprocess(listaDaConsulta, z.array(id).max(200)).optional();

export const FORMATOS_RELATORIO = ['json', 'pdf', 'xlsx'] as const;

export const relatorioFinanceiroQuery = periodo
  .extend({
    /** The organization reported on (the one acted for by default), with its descendants unless `somenteOrganizacao`. */
    organizacaoId: referencia('organizacao', id).optional(),
    somenteOrganizacao: z
      .enum(['true', 'false'])
      .transform((v) => v === 'true')
      .optional(),
    contasCaixaIds: ids,
    controlesGerenciaisIds: ids,
    formato: z.enum(FORMATOS_RELATORIO).default('json'),
  })
  .refine(periodoValido, erroPeriodo);
export type RelatorioFinanceiroQuery = z.infer<typeof relatorioFinanceiroQuery>;

const dinheiro = z.string();

export const saldoContaCaixa = z.object({
  contaCaixaId: z.number().int(),
  contaCaixaNome: z.string(),
  organizacaoNome: z.string(),
  /** The balance before the period: opening balance plus every earlier entry. */
  saldoAnterior: dinheiro,
  entradas: dinheiro,
  saidas: dinheiro,
  saldoFinal: dinheiro,
});

export const movimentoPlanoConta = z.object({
  planoContaId: z.number().int(),
  codigoInterno: z.string(),
  codigoContabil: z.string().nullable(),
  nome: z.string(),
  natureza: z.string(),
  entradas: dinheiro,
  saidas: dinheiro,
  total: dinheiro,
});

export const relatorioFinanceiro = z.object({
  contas: z.array(saldoContaCaixa),
  planos: z.array(movimentoPlanoConta),
  totais: z.object({ saldoAnterior: dinheiro, entradas: dinheiro, saidas: dinheiro, saldoFinal: dinheiro }),
});
export type RelatorioFinanceiro = z.infer<typeof relatorioFinanceiro>;

export const relatorioGerencialQuery = periodo
  .extend({
    organizacaoId: referencia('organizacao', id).optional(),
    formato: z.enum(FORMATOS_RELATORIO).default('json'),
  })
  .refine(periodoValido, erroPeriodo);
export type RelatorioGerencialQuery = z.infer<typeof relatorioGerencialQuery>;

/** A cost centre with its own movements and its subtree's (itself included). */
export const linhaGerencial = z.object({
  controleGerencialId: z.number().int(),
  paiId: z.number().int().nullable(),
  nivel: z.number().int(),
  codigo: z.string(),
  nome: z.string(),
  saldoInicial: dinheiro,
  entradas: dinheiro,
  saidas: dinheiro,
  /** Initial balance plus the movements, the subtree's included. */
  saldo: dinheiro,
});
export const relatorioGerencial = z.object({ linhas: z.array(linhaGerencial) });
export type RelatorioGerencial = z.infer<typeof relatorioGerencial>;

/** `/lancamento-caixa/formExportar`: the period and the organization of the accounting file. */
export const exportacaoContabilQuery = periodo
  .extend({ organizacaoId: referencia('organizacao', id).optional() })
  .refine(periodoValido, erroPeriodo);
export type ExportacaoContabilQuery = z.infer<typeof exportacaoContabilQuery>;

/** One bucket of the financial indicator's series: money in and out (positive). */
const totaisFinanceiros = {
  entradas: dinheiro,
  saidas: dinheiro,
  /** Money in less money out in the period. */
  resultado: dinheiro,
};
const baldeFinanceiro = baldeIndicador.extend({ entradas: dinheiro, saidas: dinheiro });
const valorPorChave = z.object({ chave: z.string(), valor: dinheiro });

/** Spec §2 /indicadores/financeiros: money in and out of the books, without transfers between cash accounts. */
export const indicadorFinanceiros = z.object({
  ...periodoIndicador,
  ...totaisFinanceiros,
  /** The same figures over the previous period. */
  anterior: z.object(totaisFinanceiros),
  entradasPorConta: z.array(valorPorChave),
  saidasPorConta: z.array(valorPorChave),
  serie: z.array(baldeFinanceiro),
  serieAnterior: z.array(baldeFinanceiro),
});
export type IndicadorFinanceiros = z.infer<typeof indicadorFinanceiros>;
