import type { AppTeste } from './app-teste.js';

/**
 * The books' registries a posting needs, created through the API (201 or the test fails): a
 * cash account (a till unless told) and an analytic revenue ledger account unless told.
 */
export const contaCaixaPelaApi = (
  t: AppTeste,
  token: string,
  campos: { nome: string; dataSaldoInicial: string } & Record<string, unknown>,
) => t.criar('/api/conta-caixa', { tipoContaCaixa: 'CAIXA', ...campos }, token);

export const planoContaPelaApi = (
  t: AppTeste,
  token: string,
  campos: { codigoInterno: string; nome: string } & Record<string, unknown>,
) => t.criar('/api/plano-de-conta', { tipoPlanoConta: 'ANALITICA', naturezaPlanoConta: 'RECEITA', ...campos }, token);

/** An open accounting period of a cash account, from `dataInicio` to `dataFim`. */
export const periodoPelaApi = (t: AppTeste, token: string, contaCaixaId: number, dataInicio: string, dataFim: string) =>
  t.criar('/api/periodo-contabil', { contaCaixaId, dataInicio, dataFim }, token);
