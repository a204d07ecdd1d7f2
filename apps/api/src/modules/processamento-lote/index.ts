/** Bulk processing: batches, their items and the worker. Other modules use only this file. */
export {
  cancelarLote,
  criarLote,
  desfazerItens,
  listarItens,
  listarLotes,
  obterLote,
} from './processamento-lote.service.js';
export {
  aindaComOItem,
  type DefinicaoTipoLote,
  type ItemEmTrabalho,
  registrarTiposLote,
  tipoLote,
} from './tipos.js';
export { RESERVA_ITEM_MS, TrabalhadorLote } from './trabalhador.js';
