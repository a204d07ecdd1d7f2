/** Events, their registrations, the public registration page and the check-in (issue 19). Other modules use only this file. */
export { eventoComInscricaoRoutes, eventoRoutes } from './evento.routes.js';
export { REGRA_EVENTO } from './evento.service.js';
export { eventoPublicoRoutes, inscricaoRoutes } from './inscricao.routes.js';
export { inscricaoEquipeRoutes } from './inscricao-equipe.routes.js';
export { reacomodarPagamento, TAREFA_COBRAR_INSCRICAO, TAREFA_PROCESSAR_INSCRICOES } from './inscricoes.job.js';
export { inscricoesEmailRoutes } from './inscricoes-email.routes.js';
export { TIPO_EMAIL_INSCRICOES } from './inscricoes-email.tipo.js';
export { indicadorInscricoesRoutes, relatorioInscricoesRoutes } from './relatorios-inscricoes.routes.js';
