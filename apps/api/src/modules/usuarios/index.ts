/** A person's user account, as the person form writes it and a withdrawal ends it. Other modules use only this file. */
export { encerrarAcessoNaOrganizacao } from './desligamento.js';
export { contaDaPessoa, salvarContaDaPessoa } from './usuario.service.js';
