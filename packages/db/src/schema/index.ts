export * from './acesso.js';
export * from './organizacoes.js';
export * from './tabelas.js';
