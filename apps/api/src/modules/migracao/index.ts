/** Migration of spreadsheets into the registry (issue 23). Other modules use only this file. */
export { migracaoRoutes } from './migracao.routes.js';
export { TIPO_MIGRACAO } from './migracao.tipo.js';
export { TIPO_MIGRACAO_ANALISE } from './migracao-analise.tipo.js';
