/** Organizations: the registry and its logo. Other modules use only this file. */
export { dadosDoEmissor, logoDaOrganizacao } from './emissor.js';
