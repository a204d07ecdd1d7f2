export { atendimentoRoutes, indicadorAtendimentosRoutes, timeAtendimentosRoutes } from './atendimento.routes.js';
export { listarPaginado as listarAtendimentos } from './consulta.service.js';
export { REGRAS_ATENDIMENTO } from './referencias.js';
