/** Consent terms: versions, requests, the public page and the consent ledger (issue 22). Other modules use only this file. */

/** The consent ledger's writer: the benchmark writes its acceptances through it (bench/termos-cadeia.bench.ts). */
export { acrescentar } from './aceite.service.js';
export { TAREFA_ENVIAR_TERMO } from './solicitacao.service.js';
export { termoCoberturaRoutes, termoRoutes } from './termo.routes.js';
