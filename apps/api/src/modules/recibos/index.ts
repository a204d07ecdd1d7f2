/** Receipts and the payments recorded by hand. Other modules use only this file. */
export { pagamentoRoutes } from './pagamento.routes.js';
export { reciboRoutes } from './recibo.routes.js';
