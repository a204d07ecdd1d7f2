/** Ministries with statistics (issue 21). Other modules use only this file. */
export { indicadorMinisteriosRoutes, ministerioRoutes, tipoGrupoRoutes } from './ministerio.routes.js';
export { REGRA_TIPO_GRUPO } from './ministerio.service.js';
