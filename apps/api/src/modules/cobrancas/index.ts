/** Charges of receivables at the payment provider, one or in a batch. Other modules use only this file. */
export { cobrancaRoutes } from './cobranca.routes.js';
export { cobrarConta, retirarConta } from './cobranca.service.js';
export { cobrancasLoteRoutes } from './cobrancas-lote.routes.js';
export { cobrarContasGeradas, exigirCobranca } from './cobrancas-lote.service.js';
export { TIPO_COBRANCAS } from './cobrancas-lote.tipo.js';
