export const ROTA_LISTA_TEMPLATES = '/template-oficio';
export const ROTA_FORM_TEMPLATE = '/template-oficio/form';
export const ROTA_EMITIDOS = '/template-oficio/emitidos';
