/** Office letters: templates and issued letters (issue 22). Other modules use only this file. */
export { oficioEmitidoRoutes, oficioRoutes } from './oficio.routes.js';
export { REGRA_TEMPLATE_OFICIO } from './oficio.service.js';
