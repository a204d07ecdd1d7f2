export * from './acessos.js';
export * from './auditoria.js';
export * from './auth.js';
export * from './comum.js';
export * from './erros.js';
export * from './organizacao.js';
export * from './paginacao.js';
export * from './perfil.js';
