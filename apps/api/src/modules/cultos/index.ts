/** Worship services and their offerings. Other modules use only this file. */
export { listar as listarCultos } from './culto.service.js';
