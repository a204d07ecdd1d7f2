/** A line of a two-version comparison: kept, removed from the first, or added in the second. */
export type LinhaDiferenca = { tipo: 'igual' | 'removida' | 'incluida'; texto: string };

/**
 * Line-by-line comparison of two texts (longest common subsequence): what the history shows
 * between two versions of a term. Quadratic in lines, which a term's few hundred lines afford.
 */
export function diferenca(antes: string, depois: string): LinhaDiferenca[] {
  const a = antes.split('\n');
  const b = depois.split('\n');
  // comum[i][j]: the longest common subsequence of a[i..] and b[j..].
  const comum = Array.from({ length: a.length + 1 }, () => new Array<number>(b.length + 1).fill(0));
  for (let i = a.length - 1; i >= 0; i--)
    for (let j = b.length - 1; j >= 0; j--)
      comum[i]![j] = a[i] === b[j] ? comum[i + 1]![j + 1]! + 1 : Math.max(comum[i + 1]![j]!, comum[i]![j + 1]!);
  const r: LinhaDiferenca[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    if (a[i] === b[j]) {
      r.push({ tipo: 'igual', texto: a[i]! });
      i++;
      j++;
    } else if (comum[i + 1]![j]! >= comum[i]![j + 1]!) r.push({ tipo: 'removida', texto: a[i++]! });
    else r.push({ tipo: 'incluida', texto: b[j++]! });
  }
  while (i < a.length) r.push({ tipo: 'removida', texto: a[i++]! });
  while (j < b.length) r.push({ tipo: 'incluida', texto: b[j++]! });
  return r;
}
