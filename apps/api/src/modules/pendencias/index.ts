/** The financial exceptions view (issue 17). Other modules use only this file. */
export { pendenciasRoutes } from './pendencias.routes.js';
export { ACESSO_PENDENCIAS, contarPendencias } from './pendencias.service.js';
