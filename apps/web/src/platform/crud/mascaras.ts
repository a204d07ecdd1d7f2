import { formatCep, formatCnpj, formatCpf, isValidCnpj, isValidCpf } from '@brazilian-utils/brazilian-utils';

/** The Brazilian documents and numbers typed through a mask. */
export type TipoMascara = 'cpf' | 'cnpj' | 'cep' | 'telefone';

/** The declared field types typed through a mask (the type's own mask). */
export const mascaraDoTipo = (tipo: string): TipoMascara | undefined =>
  tipo === 'cpf' || tipo === 'cnpj' || tipo === 'cep' || tipo === 'telefone' ? tipo : undefined;

const digitos = (v: string) => v.replace(/\D/g, '');

/** A phone with its area code: `(51) 3333-4444`, or `(51) 99999-8888` once a ninth digit comes. */
function formatarTelefone(v: string): string {
  const d = digitos(v).slice(0, 11);
  if (d.length <= 2) return d && `(${d}`;
  const numero = d.slice(2);
  const corte = numero.length > 8 ? 5 : 4;
  const fim = numero.length > corte ? `-${numero.slice(corte)}` : '';
  return `(${d.slice(0, 2)}) ${numero.slice(0, corte)}${fim}`;
}

const TAMANHO: Record<Exclude<TipoMascara, 'telefone'>, number> = { cpf: 11, cnpj: 14, cep: 8 };

/**
 * A text as its mask writes it, while it is typed (`1234` → `123.4`) or in full: only digits are
 * kept, up to the document's length (@brazilian-utils writes the separators).
 */
export function formatarMascara(tipo: TipoMascara, v: string): string {
  if (tipo === 'telefone') return formatarTelefone(v);
  const d = digitos(v).slice(0, TAMANHO[tipo]);
  if (!d) return '';
  return tipo === 'cpf' ? formatCpf(d) : tipo === 'cnpj' ? formatCnpj(d) : formatCep(d);
}

/**
 * Whether a complete CPF or CNPJ has the wrong check digits (said as soon as the last digit is
 * typed; the form's rule, the contracts' schema, refuses it with the §5 message on saving).
 */
export function digitosVerificadoresErrados(tipo: TipoMascara, v: string): boolean {
  const d = digitos(v);
  if (tipo === 'cpf') return d.length === 11 && !isValidCpf(d);
  if (tipo === 'cnpj') return d.length === 14 && !isValidCnpj(d);
  return false;
}
