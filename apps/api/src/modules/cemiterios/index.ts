/** Cemeteries, their plots, concessions and burials (issue 20). Other modules use only this file. */
export { arrendatarioRoutes, conservacaoAtrasoRoutes } from './arrendatario.routes.js';
export { cemiterioRoutes } from './cemiterio.routes.js';
export { falecidoRoutes } from './falecido.routes.js';
export { jazigoRoutes } from './jazigo.routes.js';
export { REGRA_CEMITERIO, REGRA_JAZIGO } from './jazigo.service.js';
export { TAREFA_AVISAR_VENCIMENTOS } from './vencimentos.job.js';
