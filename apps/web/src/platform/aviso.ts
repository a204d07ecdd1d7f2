import { type FormInstance, message } from 'antd';
import { aplicarErrosServidor, mensagemDeErro } from './formulario';

/**
 * A failed request told as a message (the app's one handler for what a page does not handle
 * itself). A module of its own: antd's message code comes with the first failure, not with the
 * public pages that never fail this way.
 */
export const avisarErro = (erro: unknown) => void message.error(mensagemDeErro(erro));

/**
 * A mutation's `onError` for a form of the page's own (a comment, a dialog): the server's field
 * errors on its fields, anything else told as the app's handler tells it.
 */
export const errosNoForm = (form?: FormInstance) => (erro: unknown) => {
  if (!form || !aplicarErrosServidor(form, erro)) avisarErro(erro);
};
