/** The notice board. Other modules use only this file. */
export { vigentes as avisosVigentes } from './aviso.service.js';
