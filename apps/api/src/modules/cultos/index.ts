/** Worship services and their offerings. Other modules use only this file. */
export {
  faltasDaOferta,
  listar as listarCultos,
  type Plano as PlanoDoCulto,
  planoDaData,
  valoresDoPlano,
} from './culto.service.js';
