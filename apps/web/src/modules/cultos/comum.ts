export const ACESSO_CULTO = 'Culto';
export const ROTA_LISTA_CULTO = '/culto';
export const ROTA_FORM_CULTO = '/culto/form';
