import { chaves } from '../../platform/cliente';

export const ACESSO_PENDENCIAS = 'PendenciasFinanceiras';
export const RECURSO_PENDENCIAS = 'pendencias-financeiras';
export const ROTA_PENDENCIAS = '/pendencias-financeiras';
/** Under the list's key, so resolving an exception refreshes the count with it. */
export const CHAVE_CONTAGEM = [...chaves(RECURSO_PENDENCIAS).todas, 'contagem'] as const;
