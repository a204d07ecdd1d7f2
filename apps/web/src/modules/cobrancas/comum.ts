import type { StatusContaAReceber } from '@sig/contracts';

export const ACESSO_CONTA = 'ContaAReceber';
export const ACESSO_COBRANCA = 'Cobranca';
export const ROTA_LISTA_CONTA = '/conta-a-receber';
export const ROTA_FORM_CONTA = '/conta-a-receber/form';

/** The colour of a status tag: what needs attention stands out. */
export const COR_STATUS: Partial<Record<StatusContaAReceber, string>> = {
  ABERTO: 'blue',
  VENCIDO: 'red',
  PAGO: 'green',
  PENDENTE: 'gold',
  ESTORNADO: 'purple',
};
