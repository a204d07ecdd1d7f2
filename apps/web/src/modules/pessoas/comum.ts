import { useRegrasDeCampos } from '../../platform/autorizacao';

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
 * not shown, locked ones are disabled and left out of what is sent.
 */
export const useRegrasCampos = (registro?: Record<string, unknown>) => useRegrasDeCampos(ACESSO, registro);
