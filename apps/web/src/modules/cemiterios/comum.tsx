import type { EstadoConcessao } from '@sig/contracts';

export const ROTA_LISTA_CEMITERIO = '/cemiterio';
export const ROTA_FORM_CEMITERIO = '/cemiterio/form';
export const ROTA_LISTA_ARRENDATARIO = '/arrendatario';
export const ROTA_FORM_ARRENDATARIO = '/arrendatario/form';
export const ROTA_CONSERVACAO_ATRASO = '/arrendatario/conservacao-em-atraso';
export const ROTA_LISTA_FALECIDO = '/falecido';
export const ROTA_FORM_FALECIDO = '/falecido/form';

/** A concession's state as a tag's light fill under the theme's dark text, as the grid's (JazigosDoCemiterio.css); the text names the state. */
export const CORES_ESTADO_CONCESSAO: Record<EstadoConcessao, string> = {
  RESERVADA: '#d6e4ff',
  VIGENTE: '#d9f7be',
  A_VENCER: '#fff1b8',
  VENCIDA: '#ffccc7',
  EM_EXUMACAO: '#efdbff',
  ENCERRADA: '#d9d9d9',
};
