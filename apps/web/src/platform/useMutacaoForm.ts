import { type QueryKey, type UseMutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { App, type FormInstance } from 'antd';
import { avisarErro } from './aviso';
import { aplicarErrosServidor } from './formulario';

export type OpcoesAcao<T, V> = UseMutationOptions<T, Error, V> & {
  /** The queries whose data the write changes: refetched before `onSuccess` runs. */
  invalidar?: readonly QueryKey[];
  /** What the user is told once it is done: a text, or one made from the answer. */
  sucesso?: string | ((resposta: T, variaveis: V) => string);
};

/**
 * A write a page starts (a row's action, a dialog's confirmation): the queries it changes are
 * refetched and the user is told it is done; a refusal goes to the app's one handler unless the
 * page gives its own `onError`.
 */
export function useAcao<T, V = void>(opcoes: OpcoesAcao<T, V>) {
  const { invalidar = [], sucesso, onSuccess, ...resto } = opcoes;
  const qc = useQueryClient();
  const { message } = App.useApp();
  return useMutation<T, Error, V>({
    ...resto,
    onSuccess: async (resposta, variaveis, ...outros) => {
      await Promise.all(invalidar.map((queryKey) => qc.invalidateQueries({ queryKey })));
      if (sucesso) void message.success(typeof sucesso === 'string' ? sucesso : sucesso(resposta, variaveis));
      await onSuccess?.(resposta, variaveis, ...outros);
    },
  });
}

/**
 * A write from a form that is not a resource's record form (a questionnaire, a dialog, a row
 * added in place): as `useAcao`, and the server's field errors land on the form's fields, any
 * other refusal is told as the app's handler tells it. `aoErroNosCampos`: what the page does once
 * the fields show them (open their tab); `aoRecusar`: after a refusal that is not about a field
 * (close a dialog, reload what may have changed).
 */
export function useMutacaoForm<T, V>(
  form: FormInstance,
  opcoes: Omit<OpcoesAcao<T, V>, 'onError'> & {
    aoErroNosCampos?: () => void;
    aoRecusar?: (erro: Error) => void;
  },
) {
  const { aoErroNosCampos, aoRecusar, ...resto } = opcoes;
  return useAcao<T, V>({
    ...resto,
    onError: (erro) => {
      if (aplicarErrosServidor(form, erro)) return aoErroNosCampos?.();
      avisarErro(erro);
      aoRecusar?.(erro);
    },
  });
}
