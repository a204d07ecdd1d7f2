export const ROTA_LISTA_TEMPLATES = '/template-oficio';
export const ROTA_FORM_TEMPLATE = '/template-oficio/form';
export const ROTA_EMITIDOS = '/template-oficio/emitidos';
export const ROTA_LOTE_OFICIOS = '/template-oficio/lote';
