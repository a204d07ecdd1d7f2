/** Office letters: templates, issued letters and their batches (issue 22). Other modules use only this file. */
export { oficioEmitidoRoutes, oficioRoutes } from './oficio.routes.js';
export { REGRA_TEMPLATE_OFICIO } from './oficio.service.js';
export { TIPO_OFICIOS } from './oficio.tipo.js';
