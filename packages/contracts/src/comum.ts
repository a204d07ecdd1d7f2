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
  caractereInvalido: 'validacao:caractereInvalido',
  dataForaDoIntervalo: 'validacao:dataForaDoIntervalo',
} as const;

/**
 * Characters no text may hold: NUL (PostgreSQL text and JSON refuse it) and a UTF-16 surrogate
 * without its pair (not a character at all). With the `u` flag a paired surrogate reads as one
 * code point, so only the lone ones match `\p{Cs}`.
 */
const SURROGATE_SOLTO = /\p{Cs}/u;
export const textoBemFormado = (v: string) => !v.includes('\u0000') && !SURROGATE_SOLTO.test(v);

/**
 * Every string the API takes starts here: the shared helpers below (and any schema of a
 * contract) build on it, so NUL and lone surrogates are refused with the field's message.
 */
export const cadeia = () => z.string().refine(textoBemFormado, { message: MSG.caractereInvalido });

const somenteDigitos = (v: string) => v.replace(/\D/g, '');

/** CPF as 11 digits; accepts the masked form and checks the digits. */
export const cpf = cadeia()
  .trim()
  .max(20)
  .transform(somenteDigitos)
  .refine((v) => v.length === 11 && isValidCpf(v), { message: MSG.cpfInvalido });

/** CNPJ as 14 digits; accepts the masked form and checks the digits. */
export const cnpj = cadeia()
  .trim()
  .max(20)
  .transform(somenteDigitos)
  .refine((v) => v.length === 14 && isValidCnpj(v), { message: MSG.cnpjInvalido });

/** CEP as 8 digits; accepts the masked form. */
export const cep = cadeia()
  .trim()
  .max(12)
  .transform(somenteDigitos)
  .refine((v) => v.length === 8, { message: 'validacao:cepInvalido' });

export const texto = (max = 200) => cadeia().trim().min(1).max(max);
export const textoOpcional = (max = 200) =>
  cadeia()
    .trim()
    .max(max)
    .nullish()
    .transform((v) => (v ? v : null));

/** A search term or text filter of a list (query string): optional, trimmed. */
export const busca = (max = 200) => cadeia().trim().max(max).optional();

export const email = cadeia().trim().toLowerCase().max(254).email({ message: MSG.emailInvalido });

const ISO_DATA = /^\d{4}-\d{2}-\d{2}$/;
/**
 * The dates the product takes: a church record as old as the first Lutheran parishes in Brazil
 * and nothing past the year 2999. Outside it a date is a typo (and year 0 does not exist in
 * PostgreSQL, which would refuse it).
 */
export const DATA_MINIMA = '1500-01-01';
export const DATA_MAXIMA = '2999-12-31';
/** A date string already known to be `YYYY-MM-DD` lies within DATA_MINIMA..DATA_MAXIMA. */
export const dataNoIntervalo = (v: string) => v >= DATA_MINIMA && v <= DATA_MAXIMA;
/** A calendar date `YYYY-MM-DD` that exists (no 30 February) within DATA_MINIMA..DATA_MAXIMA. */
export const data = z
  .string()
  .regex(ISO_DATA, { message: MSG.dataInvalida, abort: true })
  .refine(
    (v) => {
      const d = new Date(`${v}T00:00:00Z`);
      return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
    },
    { message: MSG.dataInvalida, abort: true },
  )
  .refine(dataNoIntervalo, { message: MSG.dataForaDoIntervalo });

/** A competence month `YYYY-MM` within the years dates may take. */
export const competencia = (mensagem: string = 'validacao:competenciaInvalida') =>
  z
    .string()
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, { message: mensagem, abort: true })
    .refine((v) => dataNoIntervalo(`${v}-01`), { message: MSG.dataForaDoIntervalo });

// One formatter for every call: `toLocaleDateString` with a zone builds one per call, which the
// form's checks do several times a row (a quarter of a 10,000-row migration dry run's CPU).
const formatoDiaNoBrasil = new Intl.DateTimeFormat('sv-SE', { timeZone: 'America/Sao_Paulo' });

/** A moment's day in the church's calendar (Brazil) as `YYYY-MM-DD`, whatever the zone of the machine. */
export const diaNoBrasil = (d: Date) => formatoDiaNoBrasil.format(d);

/** Today in the church's calendar (Brazil) as `YYYY-MM-DD`. */
export const hojeNoBrasil = () => diaNoBrasil(new Date());

export const dataOpcional = data.nullish().transform((v) => v ?? null);

/** The largest integer a PostgreSQL `integer` column holds. */
export const INTEIRO_MAXIMO = 2_147_483_647;
/** An id in a path or query string (coerced from text). */
export const id = z.coerce.number().int().positive().max(INTEIRO_MAXIMO);
/** An id in a JSON body (no coercion: a missing one is "required", not "invalid"). */
export const ref = z.number().int().positive().max(INTEIRO_MAXIMO);
/** A whole number that fits an `integer` column (counts, orders, years). */
export const inteiro = (min = -INTEIRO_MAXIMO - 1, max = INTEIRO_MAXIMO) => z.number().int().min(min).max(max);
export const idParams = z.object({ id });

/**
 * Money travels as a decimal string with up to two places (never a float). An invalid one stops
 * here (`abort`): later refinements (sign, bounds) read it as a decimal.
 */
export const dinheiro = z
  .union([cadeia(), z.number()])
  .transform((v) => String(v).trim())
  .refine((v) => /^-?\d{1,12}(\.\d{1,2})?$/.test(v), { message: 'validacao:valorInvalido', abort: true });

export const bool = z.boolean();

export const SENHA_MINIMA = 8;
/** Password policy: at least 8 characters with letters and digits. */
export const senha = cadeia()
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
