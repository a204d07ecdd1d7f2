import type { AcessoId } from '@sig/contracts';
import { type QueryKey, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, type ButtonProps, Form, type FormInstance, type FormProps } from 'antd';
import type { ParseKeys } from 'i18next';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { api } from './api';
import { useAutorizacao } from './autorizacao';
import { chaves, type RecursoApi } from './cliente';
import { useSaidaProtegida } from './crud/useSaidaProtegida';
import { aplicarErrosServidor, mensagemDeErro } from './formulario';

type Valores = Record<string, unknown>;

export type OpcoesFormRecurso<R> = {
  /** The API resource: GET `<recurso>/:id`, POST `<recurso>`, PUT `<recurso>/:id`. */
  recurso: RecursoApi;
  acesso: AcessoId;
  /** Where saving or leaving goes. */
  voltar: string;
  /** The form's values of a loaded record (default: the record as it came). */
  valores?: (registro: R) => Valores;
  /** A record that may no longer change (charged, closed): shown view-only. */
  travado?: (registro: R) => boolean;
  /** The success message (default `comum:salvoComSucesso`), from what was saved. */
  mensagemSucesso?: (salvo: R) => ParseKeys<['cobrancas', 'comum', 'cultos']>;
  /** Other resources a save changes (the ledger a worship offering posts to). */
  invalidar?: readonly QueryKey[];
};

/**
 * A form page's data half (refine's `useForm`, our own): the record from the route (`:id` edits,
 * none creates, `:visualizacao` — or no update permission, or a locked record — views), loaded
 * into the antd form; saved through one TanStack mutation whose refusal puts the server's field
 * errors on their fields (anything else as a message); the unsaved-changes prompt (spec §4); one
 * success path (message, invalidation of the resource's queries, back to the list). The page
 * lays out `<Form {...formProps}>` and `<Button {...saveButtonProps}>` and writes its fields.
 */
export function useFormRecurso<R extends object>(o: OpcoesFormRecurso<R>) {
  const { t } = useTranslation(['cobrancas', 'comum', 'cultos']);
  const { message } = App.useApp();
  const { pode } = useAutorizacao();
  const navegar = useNavigate();
  const params = useParams();
  const qc = useQueryClient();
  const [form] = Form.useForm<Valores>();
  const [sujo, setSujo] = useState(false);
  const liberar = useSaidaProtegida(sujo);
  const id = params.id && /^[1-9]\d*$/.test(params.id) ? Number(params.id) : undefined;
  const chave = chaves(o.recurso);

  const consulta = useQuery({
    queryKey: chave.item(id),
    queryFn: ({ signal }) => api.get<R>(`${o.recurso}/${id}`, undefined, { sinal: signal }),
    enabled: id !== undefined,
  });
  const registro = consulta.data;
  const { valores } = o;
  useEffect(() => {
    if (!registro) return;
    form.setFieldsValue(valores ? valores(registro) : (registro as Valores));
    setSujo(false);
  }, [registro, form, valores]);

  const somenteLeitura =
    params.visualizacao !== undefined ||
    (id !== undefined && (!pode(o.acesso, 'U') || (!!registro && !!o.travado?.(registro))));
  const modo = id === undefined ? 'novo' : somenteLeitura ? 'visualizar' : 'editar';

  const sair = () => {
    liberar();
    navegar(o.voltar);
  };
  const mutacao = useMutation({
    mutationFn: (v: Valores) => (id === undefined ? api.post<R>(o.recurso, v) : api.putId<R>(o.recurso, id, v)),
    onSuccess: async (salvo) => {
      await Promise.all([chave.todas, ...(o.invalidar ?? [])].map((k) => qc.invalidateQueries({ queryKey: k })));
      void message.success(t(o.mensagemSucesso?.(salvo) ?? 'comum:salvoComSucesso'));
      sair();
    },
    onError: (e) => {
      if (!aplicarErrosServidor(form, e)) void message.error(mensagemDeErro(e));
    },
  });

  const formProps: FormProps<Valores> & { form: FormInstance<Valores> } = {
    form,
    layout: 'vertical',
    disabled: somenteLeitura,
    onValuesChange: () => setSujo(true),
    onFinish: (v) => {
      if (!mutacao.isPending) mutacao.mutate(v);
    },
    scrollToFirstError: true,
  };
  const saveButtonProps: ButtonProps = {
    type: 'primary',
    loading: mutacao.isPending,
    onClick: () => form.submit(),
  };
  return {
    form,
    formProps,
    saveButtonProps,
    id,
    modo,
    somenteLeitura,
    /** Creating needs C: the route guard only checked that the screen may be opened. */
    semPermissao: id === undefined && !pode(o.acesso, 'C'),
    registro,
    consulta,
    mutacao,
    sair,
  } as const;
}
