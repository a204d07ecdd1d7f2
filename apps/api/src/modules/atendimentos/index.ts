export { atendimentoRoutes, indicadorAtendimentosRoutes } from './atendimento.routes.js';
export { REGRAS_ATENDIMENTO } from './referencias.js';
