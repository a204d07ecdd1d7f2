/** The cash ledger as other records post to it. Other modules use only this file. */
export { corrigir, estornar, lancar, lancarPeloSistema } from './livro-caixa.service.js';
