import type { AcessoId } from '@sig/contracts';
import { type QueryKey, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, type ButtonProps, Form, type FormInstance, type FormProps } from 'antd';
import type { ParseKeys } from 'i18next';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams } from 'react-router';
import { useAutorizacao } from './autorizacao';
import { chaves, type RecursoComId, recurso } from './cliente';
import { useSaidaProtegida } from './crud/useSaidaProtegida';
import { aplicarErrosServidor, mensagemDeErro } from './formulario';

type Valores = Record<string, unknown>;

export type OpcoesFormRecurso<R> = {
  /** The API resource: GET `<recurso>/:id`, POST `<recurso>`, PUT and DELETE `<recurso>/:id`. */
  recurso: RecursoComId;
  acesso: AcessoId;
  /**
   * Where saving or leaving goes (and the list's own address, when the list sent it along); a
   * function when it depends on the record (the person a sub-record belongs to): given the saved
   * record after saving, the loaded one (if any) on leaving.
   */
  voltar: string | ((registro?: R) => string);
  /** The form's values of a loaded record (default: the record as it came). */
  valores?: (registro: R) => Valores;
  /** The body sent for the form's values (default: the values as they are). */
  corpo?: (valores: Valores) => unknown;
  /** A record that may no longer change (charged, closed, shared from above): shown view-only. */
  travado?: (registro: R) => boolean;
  /** View-only for a reason of the page's own (a route segment). */
  somenteLeitura?: boolean;
  /** The success message (default `comum:salvoComSucesso`), from what was saved (its fields fill the `{{…}}`). */
  mensagemSucesso?: (salvo: R) => ParseKeys<['atendimentos', 'cobrancas', 'comum', 'cultos']>;
  /** Where a save goes instead of back (a created record opens), replacing the form in the history. */
  aposSalvar?: (salvo: R) => string;
  /** Other resources a save or delete changes (the ledger a worship offering posts to). */
  invalidar?: readonly QueryKey[];
  /**
   * A refused save the page shows itself (errors on a part of the page that is no field): true
   * when it did; otherwise the server's field errors go on their fields, anything else is a message.
   */
  erro?: (erro: unknown, valores: Valores) => boolean;
  /** After the server's field errors are on their fields (to open the tab that holds them). */
  aoErroNosCampos?: () => void;
  /**
   * A record the page names itself rather than the route (the settings of the organization acted
   * for), with its own key and the operations that read and save it.
   */
  fixo?: {
    id: number;
    chave: QueryKey;
    ler: (sinal: AbortSignal) => Promise<R>;
    gravar: (corpo: unknown) => Promise<R>;
  };
  /** Saved, the form stays on the record as saved (a ticket, the settings) instead of going back. */
  permanecer?: boolean;
};

/**
 * A form page's data half (refine's `useForm`, our own): the record from the route (`:id` edits,
 * none creates, `:visualizacao` — or no update permission, or a locked record — views), loaded
 * into the antd form; saved through one TanStack mutation whose refusal puts the server's field
 * errors on their fields (anything else as a message); the unsaved-changes prompt (spec §4); one
 * success path (message, invalidation of the resource's queries, back to the list with the
 * filters it had); delete with the same path. The page lays out `<Form {...formProps}>` and
 * `<Button {...saveButtonProps}>` and writes its fields.
 */
export function useFormRecurso<R extends object>(o: OpcoesFormRecurso<R>) {
  const { t } = useTranslation(['atendimentos', 'cobrancas', 'comum', 'cultos']);
  const { message } = App.useApp();
  const { pode } = useAutorizacao();
  const navegar = useNavigate();
  const local = useLocation();
  const params = useParams();
  const qc = useQueryClient();
  const [form] = Form.useForm<Valores>();
  const [sujo, setSujo] = useState(false);
  const liberar = useSaidaProtegida(sujo);
  const { fixo } = o;
  const id = fixo ? fixo.id : params.id && /^[1-9]\d*$/.test(params.id) ? Number(params.id) : undefined;
  const chave = chaves(o.recurso);
  // The list sends its own address (filters, page) along, so the form goes back to it as it was.
  const destino = (r?: R) =>
    `${typeof o.voltar === 'function' ? o.voltar(r) : o.voltar}${(local.state as { voltar?: string } | null)?.voltar ?? ''}`;

  const chaveItem = fixo?.chave ?? chave.item(id);
  const consulta = useQuery({
    queryKey: chaveItem,
    queryFn: ({ signal }) => (fixo ? fixo.ler(signal) : (recurso.item(o.recurso, id as number, signal) as Promise<R>)),
    enabled: id !== undefined,
  });
  const registro = consulta.data;
  const { valores } = o;
  // A record refreshed while the user edits (another write of the page, a colleague's) keeps the edits.
  useEffect(() => {
    if (registro && !sujo) form.setFieldsValue(valores ? valores(registro) : (registro as Valores));
  }, [registro, sujo, form, valores]);

  const travado = !!registro && !!o.travado?.(registro);
  const somenteLeitura =
    !!o.somenteLeitura || params.visualizacao !== undefined || (id !== undefined && (!pode(o.acesso, 'U') || travado));
  const modo = id === undefined ? 'novo' : somenteLeitura ? 'visualizar' : 'editar';

  const voltar = destino(registro);
  const irPara = (r?: R) => {
    liberar();
    navegar(destino(r));
  };
  const sair = () => irPara(registro);
  const depois = async () =>
    Promise.all([chave.todas, ...(o.invalidar ?? [])].map((k) => qc.invalidateQueries({ queryKey: k })));
  const mutacao = useMutation({
    mutationFn: (v: Valores) => {
      const corpo = o.corpo ? o.corpo(v) : v;
      if (fixo) return fixo.gravar(corpo);
      return id === undefined ? recurso.criar<R>(o.recurso, corpo) : recurso.atualizar<R>(o.recurso, id, corpo);
    },
    onSuccess: async (salvo) => {
      if (o.permanecer) {
        qc.setQueryData(chaveItem, salvo);
        setSujo(false);
      }
      await depois();
      void message.success(t(o.mensagemSucesso?.(salvo) ?? 'comum:salvoComSucesso', salvo as Valores));
      if (o.permanecer) return;
      if (!o.aposSalvar) return irPara(salvo);
      liberar();
      navegar(o.aposSalvar(salvo), { replace: true });
    },
    onError: (e, v) => {
      if (o.erro?.(e, v)) return;
      if (aplicarErrosServidor(form, e)) o.aoErroNosCampos?.();
      else void message.error(mensagemDeErro(e));
    },
  });
  // A refusal (a record still in use) is told by the app's handler.
  const exclusao = useMutation({
    mutationFn: () => recurso.excluir(o.recurso, id as number),
    onSuccess: async () => {
      await depois();
      void message.success(t('comum:excluidoComSucesso'));
      sair();
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
    /** An id segment that is no id (`/x/form/abc`): nothing to load. */
    idInvalido: params.id !== undefined && params.id !== '0' && id === undefined,
    modo,
    somenteLeitura,
    /** Creating needs C: the route guard only checked that the screen may be opened. */
    semPermissao: id === undefined && !pode(o.acesso, 'C'),
    /** Editing this record: a saved one the profile may update, not locked (the view's Edit button). */
    podeEditar: id !== undefined && !travado && pode(o.acesso, 'U'),
    /** Deleting this record: a saved one the profile may delete, not locked. */
    podeExcluir: id !== undefined && !travado && pode(o.acesso, 'D'),
    excluir: () => exclusao.mutate(),
    excluindo: exclusao.isPending,
    registro,
    consulta,
    mutacao,
    sair,
    /** Where leaving goes (the list as it was). */
    voltar,
  } as const;
}
