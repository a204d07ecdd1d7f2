/**
 * The typed line (linha digitável, 47 digits) and barcode (44 digits) of a bank slip, per
 * Carta-Circular BCB 2.926/2000 and the FEBRABAN layout: what Asaas answers on
 * `GET /payments/{id}/identificationField`. Computed, not random, so the check digits and
 * the value and due date read back from the line match the charge.
 */

/** Asaas's bank code (COMPE 461, Asaas Gestão Financeira IP). */
const BANCO = '461';
const MOEDA_REAL = '9';
const BASE_FATOR = Date.UTC(1997, 9, 7);
const DIA_MS = 86_400_000;

/** Módulo 10: weights 2,1 from the right, digits of the products summed. */
export function modulo10(digitos: string): number {
  let soma = 0;
  let peso = 2;
  for (let i = digitos.length - 1; i >= 0; i--) {
    const p = Number(digitos[i]) * peso;
    soma += p > 9 ? p - 9 : p;
    peso = peso === 2 ? 1 : 2;
  }
  return (10 - (soma % 10)) % 10;
}

/** Módulo 11 of the barcode: weights 2..9 from the right; 0, 10 and 11 become 1. */
export function modulo11(digitos: string): number {
  let soma = 0;
  let peso = 2;
  for (let i = digitos.length - 1; i >= 0; i--) {
    soma += Number(digitos[i]) * peso;
    peso = peso === 9 ? 2 : peso + 1;
  }
  const dv = 11 - (soma % 11);
  return dv === 0 || dv === 10 || dv === 11 ? 1 : dv;
}

/**
 * Days since 1997-10-07; after 9999 (2025-02-21) the factor restarts at 1000 (FEBRABAN's
 * 2025 reset), every 9000 days.
 */
export function fatorVencimento(vencimento: string): number {
  const [a, m, d] = vencimento.split('-').map(Number);
  const dias = Math.round((Date.UTC(a!, m! - 1, d!) - BASE_FATOR) / DIA_MS);
  return dias <= 9999 ? dias : ((dias - 10_000) % 9000) + 1000;
}

export type IdentificacaoBoleto = { identificationField: string; barCode: string; nossoNumero: string };

/** `campoLivre` is the bank's 25 digits: here agency 0001, wallet 09 and the nosso número. */
export function identificacaoBoleto(valor: number, vencimento: string, nossoNumero: string): IdentificacaoBoleto {
  const campoLivre = `000109${nossoNumero.padStart(11, '0')}00000000`.slice(0, 25);
  const fator = String(fatorVencimento(vencimento)).padStart(4, '0');
  const centavos = String(Math.round(valor * 100)).padStart(10, '0');
  const semDv = `${BANCO}${MOEDA_REAL}${fator}${centavos}${campoLivre}`;
  const barCode = `${semDv.slice(0, 4)}${modulo11(semDv)}${semDv.slice(4)}`;
  const campo = (s: string) => `${s}${modulo10(s)}`;
  const identificationField =
    campo(`${barCode.slice(0, 4)}${barCode.slice(19, 24)}`) +
    campo(barCode.slice(24, 34)) +
    campo(barCode.slice(34, 44)) +
    barCode[4] +
    barCode.slice(5, 19);
  return { identificationField, barCode, nossoNumero };
}
