import { z } from 'zod';
import { cep, cnpj, dinheiro, email, id, texto, textoOpcional } from './comum.js';
import { listQuery } from './paginacao.js';
import { referencia } from './referencias.js';

/** Spec §2 /subconta: an organization's own account at the payment provider (asaas-contract "Sub-accounts"). */
export const TIPOS_EMPRESA = ['MEI', 'LIMITED', 'INDIVIDUAL', 'ASSOCIATION'] as const;

export const subcontaInput = z.object({
  organizacaoId: referencia('organizacao', id),
  nome: texto(200),
  email,
  cpfCnpj: cnpj,
  celular: z
    .string()
    .trim()
    .max(20)
    .transform((v) => v.replace(/\D/g, ''))
    .refine((v) => v.length === 10 || v.length === 11, { message: 'validacao:telefoneInvalido' }),
  rendaMensal: dinheiro.refine((v) => Number(v) > 0, { message: 'validacao:valorPositivo' }),
  endereco: texto(200),
  numero: texto(20),
  complemento: textoOpcional(100),
  bairro: texto(100),
  cep,
  tipoEmpresa: z.enum(TIPOS_EMPRESA).default('ASSOCIATION'),
});
export type SubcontaInput = z.infer<typeof subcontaInput>;

/** Never carries the key: it leaves the provider's answer only to be encrypted. */
export const subconta = z.object({
  id: z.number().int(),
  organizacaoId: z.number().int(),
  organizacaoNome: z.string(),
  provedorId: z.string().nullable(),
  walletId: z.string().nullable(),
  nome: z.string(),
  email: z.string(),
  cpfCnpj: z.string(),
  criadoEm: z.string(),
});
export type Subconta = z.infer<typeof subconta>;

export const subcontaListQuery = listQuery.extend({ ordenarPor: z.enum(['criadoEm', 'nome']).optional() });
export type SubcontaListQuery = z.infer<typeof subcontaListQuery>;
