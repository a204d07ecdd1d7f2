/**
 * Receivables: the receivables themselves, their batch, the overdue marking and the receivables
 * report. Other modules use only this file.
 */

export { contaAReceberRoutes } from './conta-a-receber.routes.js';
export {
  alterarConta,
  contaParaMudar,
  criarContasNaTransacao,
  listarContas,
  REGRA_CONTA_A_RECEBER,
} from './conta-a-receber.service.js';
export { contasAReceberLoteRoutes } from './contas-a-receber-lote.routes.js';
export { TIPO_CONTAS_A_RECEBER } from './contas-a-receber-lote.tipo.js';
export { inadimplenciaRoutes } from './inadimplencia.routes.js';
export { relatorioContasReceberRoutes } from './relatorio-contas-receber.routes.js';
export { TAREFA_MARCAR_VENCIDAS } from './vencimento.job.js';
