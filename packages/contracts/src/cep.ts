import { z } from 'zod';
import { cep } from './comum.js';

export const cepParams = z.object({ cep });

/**
 * What a CEP tells about an address: the state and city always from the Correios' ranges where
 * they name them, the street and neighbourhood only from the online lookup (`fonte: 'online'`).
 */
export const consultaCep = z.object({
  cep: z.string(),
  estadoId: z.number().int().nullable(),
  estadoSigla: z.string().nullable(),
  cidadeId: z.number().int().nullable(),
  cidadeNome: z.string().nullable(),
  logradouro: z.string().nullable(),
  bairro: z.string().nullable(),
  fonte: z.enum(['faixas', 'online']),
});
export type ConsultaCep = z.infer<typeof consultaCep>;

/**
 * The state field that goes with a city field in the same object (`cidadeId` → `estadoId`,
 * `naturalidadeCidadeId` → `naturalidadeEstadoId`); null for a field that is not a city. The
 * forms filter the city's options by it and the server refuses a city outside it.
 */
export const campoEstadoDaCidade = (campo: string): string | null =>
  /(^|\.)cidadeId$/.test(campo)
    ? campo.replace(/cidadeId$/, 'estadoId')
    : /CidadeId$/.test(campo)
      ? campo.replace(/CidadeId$/, 'EstadoId')
      : null;
