import { type AcessoId, FILAS_ATENDIMENTO, type FilaAtendimento, type StatusAtendimento } from '@sig/contracts';
import type { paths } from '../../platform/api-esquema';
import { useRegrasDeCampos } from '../../platform/autorizacao';
import { chaves, cliente, dados } from '../../platform/cliente';
import { useHub } from '../../platform/useHub';

/** The namespaces these screens read: the interface's, this module's and the field labels. */
export const NS = ['atendimentos', 'campos', 'comum', 'crud', 'erros', 'menu', 'validacao'] as const;

/** The spec's routes of each queue (§2 Service tickets): its list, its new-ticket form, its edit form. */
export type ConfigFila = {
  fila: FilaAtendimento;
  acesso: AcessoId;
  /** Create form path; the general queue has none in the spec. */
  novo?: string;
  /** Edit form path without its optional segments. */
  edicao: string;
};

export const FILAS: Record<FilaAtendimento, ConfigFila> = {
  'atendimento-meus-atendimentos': {
    fila: 'atendimento-meus-atendimentos',
    acesso: FILAS_ATENDIMENTO['atendimento-meus-atendimentos'],
    novo: '/atendimento/formMinhasSolicitacoes',
    edicao: '/atendimento/formEdicaoMinhasSolicitacoes',
  },
  'atendimento-caixa-entrada': {
    fila: 'atendimento-caixa-entrada',
    acesso: FILAS_ATENDIMENTO['atendimento-caixa-entrada'],
    novo: '/atendimento/formCaixaEntrada',
    edicao: '/atendimento/formEdicaoCaixaEntrada',
  },
  'atendimento-triagem': {
    fila: 'atendimento-triagem',
    acesso: FILAS_ATENDIMENTO['atendimento-triagem'],
    novo: '/atendimento/formTriagem',
    edicao: '/atendimento/formEdicaoTriagem',
  },
  'atendimento-solicitacoes-geral': {
    fila: 'atendimento-solicitacoes-geral',
    acesso: FILAS_ATENDIMENTO['atendimento-solicitacoes-geral'],
    edicao: '/atendimento/formEdicao',
  },
};

/** The edit form route: `{id}/{showTask}/{historico}/{visualizacao}` (+ `{rotaEdicao}` in the inbox). */
export const rotaEdicao = (c: ConfigFila) =>
  `${c.edicao}/:id/:showTask?/:historico?/:visualizacao?${c.fila === 'atendimento-caixa-entrada' ? '/:rotaEdicao?' : ''}`;

/** The path to open a ticket, view-only or not (the middle segments stay off: `false`). */
export const caminhoEdicao = (c: ConfigFila, id: number, visualizar = false) =>
  `${c.edicao}/${id}${visualizar ? '/false/false/visualizacao' : ''}`;

/** Tag colours per status, among those whose text keeps a 4.5:1 contrast (gold, orange, green and cyan do not). */
export const COR_STATUS: Record<StatusAtendimento, string> = {
  ABERTO: 'blue',
  EM_ANALISE: 'purple',
  EM_ANDAMENTO: 'geekblue',
  APROVADO: 'magenta',
  REGISTRADO: 'purple',
  CANCELADO: 'red',
  CONCLUIDO: 'default',
  INCOMPLETO: 'red',
  OCULTO: 'default',
};

/** Ticket screens refetch the queue's reads when the hub says a ticket changed. */
export const useHubAtendimentos = (fila: FilaAtendimento) => useHub('atendimento', chaves(fila).todas);

/** The triage queue answers every path a queue may have: its types stand for all four. */
type Caminho<S extends string> = `/api/atendimento-triagem${S}` & keyof paths;
/**
 * A queue's API path for the typed client: the queues share one set of operations under their
 * own prefixes, so the path is built from the queue and typed by the triage queue's operation.
 */
export const caminhoDa = <S extends string>(fila: FilaAtendimento, sufixo: S) => `/api/${fila}${sufixo}` as Caminho<S>;

export type RegrasCampos = { oculto: (campo: string) => boolean; bloqueado: (campo: string) => boolean };

/**
 * The profile's field rules on a queue's screen (spec §6, contracts CAMPOS_ATENDIMENTO): hidden
 * fields are not shown, locked ones are disabled; the server refuses what the screen would not send.
 */
export const useRegrasCampos = (fila: FilaAtendimento): RegrasCampos => useRegrasDeCampos(FILAS_ATENDIMENTO[fila]);

/** A queue's options for a ticket's selects (its categories, destinations, users — the user first, teams). */
export const consultaOpcoes = (
  fila: FilaAtendimento,
  lista: 'categorias' | 'organizacoes-destino' | 'usuarios' | 'times',
) => ({
  queryKey: [...chaves(fila).todas, lista],
  queryFn: ({ signal }: { signal: AbortSignal }) => dados(cliente.GET(caminhoDa(fila, `/${lista}`), { signal })),
  staleTime: 60_000,
});
