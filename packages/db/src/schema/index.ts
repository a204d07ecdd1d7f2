export * from './acesso.js';
export * from './atendimentos.js';
export * from './cadastros.js';
export * from './filtros.js';
export * from './financeiro.js';
export * from './organizacoes.js';
export * from './pessoas.js';
export * from './tabelas.js';
