import { type AcessoId, FILAS_ATENDIMENTO, type FilaAtendimento, type StatusAtendimento } from '@sig/contracts';
import { useMemo } from 'react';
import { useAutorizacao } from '../../platform/autorizacao';
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

/** Ticket screens refetch when the hub says a ticket changed. */
export const useHubAtendimentos = () => useHub('atendimento', ['atendimentos']);

export type RegrasCampos = { oculto: (campo: string) => boolean; bloqueado: (campo: string) => boolean };

/**
 * The profile's field rules on a queue's screen (spec §6, contracts CAMPOS_ATENDIMENTO): hidden
 * fields are not shown, locked ones are disabled; the server refuses what the screen would not send.
 */
export function useRegrasCampos(fila: FilaAtendimento): RegrasCampos {
  const { autorizacao } = useAutorizacao();
  return useMemo(() => {
    const ocultos = new Set<string>();
    const bloqueados = new Set<string>();
    if (autorizacao && !autorizacao.administrador) {
      for (const c of autorizacao.campos) {
        if (c.acesso !== FILAS_ATENDIMENTO[fila]) continue;
        if (c.visualizar === false) ocultos.add(c.campo);
        if (c.visualizar === false || c.atualizar === false) bloqueados.add(c.campo);
      }
    }
    return { oculto: (c) => ocultos.has(c), bloqueado: (c) => bloqueados.has(c) };
  }, [autorizacao, fila]);
}
