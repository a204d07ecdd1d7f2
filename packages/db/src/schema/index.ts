export * from './acesso.js';
export * from './cadastros.js';
export * from './filtros.js';
export * from './organizacoes.js';
export * from './tabelas.js';
export * from './pessoas.js';
