/** The cash ledger as other records post to it. Other modules use only this file. */

export { lancarPendente } from './lancamento-pendente.service.js';
export {
  corrigir,
  estornar,
  estornarPeloSistema,
  lancar,
  lancarOuPender,
} from './livro-caixa.service.js';
