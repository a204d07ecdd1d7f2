/** People: the filters other screens choose people by, and the people as documents read them. Other modules use only this file. */
export {
  COLUNAS_DOCUMENTO,
  type ColunaDocumento,
  colunaPessoa,
  contar,
  type LinhaDocumento,
  lotesPessoas,
} from './documentos.js';
export { registrarFalecimento } from './falecimento.service.js';
export {
  condicoes,
  exigirNaoAnonimizada,
  listarPaginado as listarPessoas,
  normalizarBusca,
} from './pessoa.service.js';
export { exigirDentroDoMaximo } from './selecao.service.js';
