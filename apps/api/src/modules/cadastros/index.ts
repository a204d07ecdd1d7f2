/** The simple registries' tables. Other modules use only this file. */
export { tabelaDe } from './tabelas.js';
