/** Organizations: the registry and its logo. Other modules use only this file. */
export { emailDaOrganizacao } from './contato.js';
export { dadosDoEmissor, logoDaOrganizacao } from './emissor.js';
export { aceitaCadastroDoTipo, moverSubarvore, novoIdOrganizacao } from './organizacao.service.js';
