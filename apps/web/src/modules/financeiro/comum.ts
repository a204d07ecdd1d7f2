export const ACESSO_LANCAMENTO = 'Lancamentos';
export const ROTA_LISTA_LANCAMENTO = '/lancamento-caixa';
export const ROTA_FORM_LANCAMENTO = '/lancamento-caixa/form';
