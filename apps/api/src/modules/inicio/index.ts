/** The home page (spec §2 /dashboard). Other modules use only this file. */
export { inicioRoutes } from './inicio.routes.js';
