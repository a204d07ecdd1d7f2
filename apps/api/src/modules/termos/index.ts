/** Consent terms: versions, requests, the public page and the consent ledger (issue 22). Other modules use only this file. */
export { TAREFA_ENVIAR_TERMO } from './solicitacao.service.js';
export { termoCoberturaRoutes, termoRoutes } from './termo.routes.js';
