/** The financial exceptions view (issue 17). Other modules use only this file. */
export { ContagemPendencias } from './ContagemPendencias';
