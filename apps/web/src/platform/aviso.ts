import { message } from 'antd';
import { mensagemDeErro } from './formulario';

/**
 * A failed request told as a message (the app's one handler for what a page does not handle
 * itself). A module of its own: antd's message code comes with the first failure, not with the
 * public pages that never fail this way.
 */
export const avisarErro = (erro: unknown) => void message.error(mensagemDeErro(erro));
