/** What other modules use of signing in: the password reset e-mail an administrator sends. */
export { solicitarRedefinicao } from './autenticacao.service.js';
