import { isValidCnpj, isValidCpf } from '@brazilian-utils/brazilian-utils';
import { z } from 'zod';

/**
 * Custom issue messages are i18n keys of the `validacao` namespace; the server's error
 * handler and the web forms translate them the same way.
 */
export const MSG = {
  cpfInvalido: 'validacao:cpfInvalido',
  cnpjInvalido: 'validacao:cnpjInvalido',
  dataInvalida: 'validacao:dataInvalida',
  dataFimAntesInicio: 'validacao:dataFimAntesInicio',
  periodoInvalido: 'validacao:periodoInvalido',
  senhasDiferentes: 'validacao:senhasDiferentes',
  senhaFraca: 'validacao:senhaFraca',
  termosNaoAceitos: 'validacao:termosNaoAceitos',
  diaInvalidoParaMes: 'validacao:diaInvalidoParaMes',
  emailInvalido: 'validacao:emailInvalido',
} as const;

const somenteDigitos = (v: string) => v.replace(/\D/g, '');

/** CPF as 11 digits; accepts the masked form and checks the digits. */
export const cpf = z
  .string()
  .trim()
  .max(20)
  .transform(somenteDigitos)
  .refine((v) => v.length === 11 && isValidCpf(v), { message: MSG.cpfInvalido });

/** CNPJ as 14 digits; accepts the masked form and checks the digits. */
export const cnpj = z
  .string()
  .trim()
  .max(20)
  .transform(somenteDigitos)
  .refine((v) => v.length === 14 && isValidCnpj(v), { message: MSG.cnpjInvalido });

/** CEP as 8 digits; accepts the masked form. */
export const cep = z
  .string()
  .trim()
  .max(12)
  .transform(somenteDigitos)
  .refine((v) => v.length === 8, { message: 'validacao:cepInvalido' });

export const texto = (max = 200) => z.string().trim().min(1).max(max);
export const textoOpcional = (max = 200) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((v) => (v ? v : null));

export const email = z.string().trim().toLowerCase().max(254).email({ message: MSG.emailInvalido });

const ISO_DATA = /^\d{4}-\d{2}-\d{2}$/;
/** A calendar date `YYYY-MM-DD` that exists. */
export const data = z
  .string()
  .regex(ISO_DATA, { message: MSG.dataInvalida })
  .refine(
    (v) => {
      const d = new Date(`${v}T00:00:00Z`);
      return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
    },
    { message: MSG.dataInvalida },
  );
/** Today in the church's calendar (Brazil) as `YYYY-MM-DD`, whatever the zone of the machine. */
export const hojeNoBrasil = () => new Date().toLocaleDateString('sv-SE', { timeZone: 'America/Sao_Paulo' });

export const dataOpcional = data.nullish().transform((v) => v ?? null);

export const id = z.coerce.number().int().positive().max(2_147_483_647);
export const idParams = z.object({ id });

/** Money travels as a decimal string with up to two places (never a float). */
export const dinheiro = z
  .union([z.string(), z.number()])
  .transform((v) => String(v).trim())
  .refine((v) => /^-?\d{1,12}(\.\d{1,2})?$/.test(v), { message: 'validacao:valorInvalido' });

export const bool = z.boolean();

export const SENHA_MINIMA = 8;
/** Password policy: at least 8 characters with letters and digits. */
export const senha = z
  .string()
  .max(200)
  .refine((v) => v.length >= SENHA_MINIMA && /[A-Za-z]/.test(v) && /\d/.test(v), { message: MSG.senhaFraca });

/** End not before start (spec §5); both optional. */
export const periodoValido = (de: string | null | undefined, ate: string | null | undefined) =>
  !de || !ate || de <= ate;

export const okResposta = z.object({ sucesso: z.boolean() });
export const selectOpcao = z.object({ value: z.number().int(), label: z.string() });
export const selectResposta = z.array(selectOpcao);
export type SelectOpcao = z.infer<typeof selectOpcao>;

/** A query-string list: `a,b`, repeated keys or one value. */
export const listaDaConsulta = (v: unknown) =>
  typeof v === 'string' ? v.split(',').filter(Boolean) : Array.isArray(v) ? v : v === undefined ? undefined : [v];
