/** A person's user account, as the person form writes it. Other modules use only this file. */
export { contaDaPessoa, salvarContaDaPessoa } from './usuario.service.js';
