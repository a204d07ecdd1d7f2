import { type Acao, type AcessoId, type AutorizacaoResposta, CAMPO_DA_ACAO, CAMPOS_POR_ACESSO } from '@sig/contracts';
import { useQuery } from '@tanstack/react-query';
import { createContext, type ReactNode, useContext, useMemo, useSyncExternalStore } from 'react';
import { consultaAutorizacao } from './consultaAutorizacao';
import { aoMudarSessao, lerSessao, type SessaoLocal } from './sessao';

type Autorizacao = {
  sessao: SessaoLocal | null;
  autorizacao: AutorizacaoResposta | undefined;
  carregando: boolean;
  pode: (acesso: AcessoId | string, acao: Acao) => boolean;
  /** Navigation needs list or view permission (spec §6). */
  podeNavegar: (acesso: AcessoId | string) => boolean;
};

const Contexto = createContext<Autorizacao | null>(null);

let ultimaSessao: SessaoLocal | null = lerSessao();
let ultimaChave = JSON.stringify(ultimaSessao);
function sessaoAtual() {
  const s = lerSessao();
  const chave = JSON.stringify(s);
  if (chave !== ultimaChave) {
    ultimaChave = chave;
    ultimaSessao = s;
  }
  return ultimaSessao;
}
const assinar = (f: () => void) => {
  const off = aoMudarSessao(f);
  window.addEventListener('storage', f);
  return () => {
    off();
    window.removeEventListener('storage', f);
  };
};

export const useSessao = () => useSyncExternalStore(assinar, sessaoAtual);

/** The signed-in user's profile, screens and organizations, loaded after sign-in (spec §6). */
export function AutorizacaoProvider({ children }: { children: ReactNode }) {
  const sessao = useSessao();
  const q = useQuery({ ...consultaAutorizacao(sessao), enabled: !!sessao });
  const valor = useMemo<Autorizacao>(() => {
    const a = sessao ? q.data : undefined;
    const telas = new Map(a?.permissoes.map((p) => [p.acesso, p]));
    const pode = (acesso: string, acao: Acao) => !!a && (a.administrador || !!telas.get(acesso)?.[CAMPO_DA_ACAO[acao]]);
    return {
      sessao,
      autorizacao: a,
      carregando: !!sessao && q.isPending,
      pode,
      podeNavegar: (acesso) => pode(acesso, 'L') || pode(acesso, 'R'),
    };
  }, [sessao, q.data, q.isPending]);
  return <Contexto.Provider value={valor}>{children}</Contexto.Provider>;
}

export function useAutorizacao(): Autorizacao {
  const c = useContext(Contexto);
  if (!c) throw new Error('useAutorizacao outside AutorizacaoProvider');
  return c;
}

const mesmoNome = (campo: string) => campo;

/**
 * The profile's field rules on a screen (spec §6): hidden fields are not shown, locked ones (and
 * hidden ones) are disabled. A loaded `registro` also tells which of the screen's sensitive fields
 * the server left out (`chave`: the name a field goes by in the record), hidden and locked too.
 */
export function useRegrasDeCampos(acesso: AcessoId, registro?: object, chave: (campo: string) => string = mesmoNome) {
  const { autorizacao } = useAutorizacao();
  return useMemo(() => {
    const ocultos = new Set<string>();
    const bloqueados = new Set<string>();
    if (autorizacao && !autorizacao.administrador) {
      for (const c of autorizacao.campos) {
        if (c.acesso !== acesso) continue;
        if (c.visualizar === false) ocultos.add(c.campo);
        if (c.visualizar === false || c.atualizar === false) bloqueados.add(c.campo);
      }
    }
    if (registro) {
      for (const campo of CAMPOS_POR_ACESSO[acesso] ?? []) {
        if (!Object.hasOwn(registro, chave(campo))) {
          ocultos.add(campo);
          bloqueados.add(campo);
        }
      }
    }
    return { oculto: (c: string) => ocultos.has(c), bloqueado: (c: string) => bloqueados.has(c) };
  }, [autorizacao, acesso, registro, chave]);
}
