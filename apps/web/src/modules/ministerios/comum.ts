export const ROTA_LISTA_MINISTERIO = '/ministerio';
export const ROTA_FORM_MINISTERIO = '/ministerio/form';
