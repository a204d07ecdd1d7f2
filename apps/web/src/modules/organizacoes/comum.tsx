import type { Organizacao } from '@sig/contracts';
import { useRegrasDeCampos } from '../../platform/autorizacao';

export const ACESSO = 'Organizacao';
export const ROTA_LISTA = '/organizacao';
export const ROTA_FORM = '/organizacao/form';

export const caminhoFormOrganizacao = (id?: number, visualizar = false) =>
  id === undefined ? ROTA_FORM : `${ROTA_FORM}/${id}${visualizar ? '/visualizacao' : ''}`;

export const vazioParaNulo = { normalize: (v: unknown) => (v === '' || v === undefined ? null : v) };

// The provider's token is never read back: its record says only whether one is set.
const chaveNoRegistro = (campo: string) => (campo === 'tokenAsaas' ? 'tokenAsaasConfigurado' : campo);

/** Field rules of the profile on the organization screen (spec §6). */
export const useRegrasCampos = (registro?: Organizacao) => useRegrasDeCampos(ACESSO, registro, chaveNoRegistro);
