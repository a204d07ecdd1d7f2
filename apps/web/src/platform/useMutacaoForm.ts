import { type UseMutationOptions, useMutation } from '@tanstack/react-query';
import type { FormInstance } from 'antd';
import { avisarErro } from './aviso';
import { aplicarErrosServidor } from './formulario';

/**
 * A write from a form that is not a resource's record form (a questionnaire, a dialog, a row
 * added in place): the server's field errors land on the form's fields, any other refusal is
 * told as the app's handler tells it. `aoErroNosCampos`: what the page does once the fields
 * show them (open their tab); `aoRecusar`: after a refusal that is not about a field (close a
 * dialog, reload what may have changed).
 */
export function useMutacaoForm<T, V>(
  form: FormInstance,
  opcoes: Omit<UseMutationOptions<T, Error, V>, 'onError'> & {
    aoErroNosCampos?: () => void;
    aoRecusar?: (erro: Error) => void;
  },
) {
  const { aoErroNosCampos, aoRecusar, ...resto } = opcoes;
  return useMutation<T, Error, V>({
    ...resto,
    onError: (erro) => {
      if (aplicarErrosServidor(form, erro)) return aoErroNosCampos?.();
      avisarErro(erro);
      aoRecusar?.(erro);
    },
  });
}
