import type { StatusContaAReceber } from '@sig/contracts';

export const ACESSO_CONTA = 'ContaAReceber';
export const ACESSO_COBRANCA = 'Cobranca';
export const ROTA_LISTA_CONTA = '/conta-a-receber';
export const ROTA_FORM_CONTA = '/conta-a-receber/form';
export const ACESSO_PAGAMENTO = 'Pagamento';
export const ROTA_FORM_PAGAMENTO = '/pagamento/form';
export const ACESSO_RECIBO = 'ListaDeRecibos';
/** Receivables that may still take a payment (the server's rule). */
export const STATUS_PAGAVEIS: readonly StatusContaAReceber[] = ['ABERTO', 'VENCIDO', 'PENDENTE'];
