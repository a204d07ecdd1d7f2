/**
 * A person's user account, as the person form writes it and a withdrawal ends it, and a user's
 * links to organizations, whichever screen writes them. Other modules use only this file.
 */
export { encerrarAcessoNaOrganizacao } from './desligamento.js';
export { contaDaPessoa, salvarContaDaPessoa } from './usuario.service.js';
export { gravarVinculo, removerVinculo } from './vinculos.js';
