/** Payment booklets: at once for a few people, or as a batch whose PDF downloads when done. Other modules use only this file. */
export { carnesRoutes } from './carne.routes.js';
export { TIPO_CARNES } from './carne.tipo.js';
