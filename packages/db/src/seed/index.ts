export * from './base.js';
export * from './demo.js';
export * from './demo-ano.js';
export { nomeBuscaSql } from './nome-busca.js';
