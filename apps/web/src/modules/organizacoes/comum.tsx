import { CAMPOS_POR_ACESSO, type Organizacao } from '@sig/contracts';
import { useMemo } from 'react';
import { useAutorizacao } from '../../platform/autorizacao';

export const ACESSO = 'Organizacao';
export const ROTA_LISTA = '/organizacao';
export const ROTA_FORM = '/organizacao/form';

export const caminhoFormOrganizacao = (id?: number, visualizar = false) =>
  id === undefined ? ROTA_FORM : `${ROTA_FORM}/${id}${visualizar ? '/visualizacao' : ''}`;

export const vazioParaNulo = { normalize: (v: unknown) => (v === '' || v === undefined ? null : v) };

/**
 * Field rules of the profile on the organization screen (spec §6): hidden fields are not shown,
 * locked ones are disabled. A loaded record also tells which fields the server left out.
 */
export function useRegrasCampos(registro?: Organizacao) {
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
      for (const campo of CAMPOS_POR_ACESSO.Organizacao ?? []) {
        const chave = campo === 'tokenAsaas' ? 'tokenAsaasConfigurado' : campo;
        if (!Object.hasOwn(registro, chave)) {
          ocultos.add(campo);
          bloqueados.add(campo);
        }
      }
    }
    return { oculto: (c: string) => ocultos.has(c), bloqueado: (c: string) => bloqueados.has(c), bloqueados };
  }, [autorizacao, registro]);
}
