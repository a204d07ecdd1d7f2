/**
 * Arithmetic on money as it travels (decimal strings, `dinheiro`), in whole centavos: a float
 * never holds an amount, even for a moment (a sum of many of them would drift).
 */

/** `"1250.5"` → `125050n`; up to two places, as `dinheiro` accepts. */
export function centavos(valor: string): bigint {
  const m = /^(-?)(\d+)(?:\.(\d{1,2}))?$/.exec(valor.trim());
  if (!m) throw new Error(`not an amount: ${valor}`);
  const c = BigInt(m[2]!) * 100n + BigInt((m[3] ?? '').padEnd(2, '0'));
  return m[1] ? -c : c;
}

/** `125050n` → `"1250.50"`. */
export function deCentavos(c: bigint): string {
  const negativo = c < 0n;
  const a = negativo ? -c : c;
  return `${negativo ? '-' : ''}${a / 100n}.${String(a % 100n).padStart(2, '0')}`;
}

/** An amount written with two places (`"30"` → `"30.00"`). */
export const normalizarValor = (valor: string) => deCentavos(centavos(valor));

/** The sum of amounts, `"0.00"` for none. */
export const somarValores = (valores: string[]) => deCentavos(valores.reduce((s, v) => s + centavos(v), 0n));

/** The amount with the other sign. */
export const negarValor = (valor: string) => deCentavos(-centavos(valor));
