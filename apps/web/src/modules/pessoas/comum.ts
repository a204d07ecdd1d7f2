import { CAMPOS_POR_ACESSO } from '@sig/contracts';
import { useMemo } from 'react';
import { useAutorizacao } from '../../platform/autorizacao';

export const ACESSO = 'Pessoa';
export const ROTA_LISTA = '/pessoa';
export const ROTA_FORM = '/pessoa/form';
export const ACESSO_MINISTRO = 'PessoaMinistro';
/** The LGPD export of everything kept on a person: a right of its own, not every reader's. */
export const ACESSO_DADOS_PESSOAIS = 'DadosPessoais';
export const RECURSO_MINISTRO = 'pessoa-ministro';
export const ROTA_FORM_MINISTRO = '/pessoa-ministro/form';
export const ROTA_CARREIRA = '/pessoa-ministro/carreira';

export const caminhoFormPessoa = (id?: number, visualizar = false) =>
  id === undefined ? ROTA_FORM : `${ROTA_FORM}/${id}${visualizar ? '/visualizacao' : ''}`;

/**
 * Field rules of the profile on the people screen (spec §6, LGPD): hidden fields and tabs are
 * not shown, locked ones are disabled and left out of what is sent. A loaded record also tells
 * which sensitive fields the server left out.
 */
export function useRegrasCampos(registro?: Record<string, unknown>) {
  const { autorizacao } = useAutorizacao();
  return useMemo(() => {
    const ocultos = new Set<string>();
    const bloqueados = new Set<string>();
    if (autorizacao && !autorizacao.administrador) {
      for (const c of autorizacao.campos) {
        if (c.acesso !== ACESSO) continue;
        if (c.visualizar === false) ocultos.add(c.campo);
        if (c.visualizar === false || c.atualizar === false) bloqueados.add(c.campo);
      }
    }
    if (registro) {
      for (const campo of CAMPOS_POR_ACESSO.Pessoa ?? []) {
        if (!Object.hasOwn(registro, campo)) {
          ocultos.add(campo);
          bloqueados.add(campo);
        }
      }
    }
    return { oculto: (c: string) => ocultos.has(c), bloqueado: (c: string) => bloqueados.has(c) };
  }, [autorizacao, registro]);
}
