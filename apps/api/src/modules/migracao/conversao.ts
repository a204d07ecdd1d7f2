import { CAMPOS_MIGRACAO, type MapeamentoMigracao, type TipoMigracao } from '@sig/contracts';

/** A header or a name compared as people read it: no accents, case or punctuation. */
export const normalizarTexto = (v: string) =>
  v
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();

export const somenteDigitos = (v: string) => v.replace(/\D/g, '');

/** A masked CNPJ's digits (never a code's: `O-99` is not organization 99). */
export const cnpjDe = (v: string) => {
  const d = somenteDigitos(v);
  return d.length === 14 ? d : '';
};

/** Edit distance, for headers typed with a slip ("Nacimento"). */
function distancia(a: string, b: string): number {
  const d = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    let anterior = d[0]!;
    d[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const atual = d[j]!;
      d[j] = Math.min(d[j]! + 1, d[j - 1]! + 1, anterior + (a[i - 1] === b[j - 1] ? 0 : 1));
      anterior = atual;
    }
  }
  return d[b.length]!;
}

/** How well a header names a field's alias: 3 equal, 2 one within the other, 1 a slip or two, 0 none. */
function nota(cabecalho: string, alias: string): number {
  if (cabecalho === alias) return 3;
  if (alias.length >= 4 && (cabecalho.startsWith(`${alias} `) || cabecalho.endsWith(` ${alias}`))) return 2;
  if (alias.length >= 5 && distancia(cabecalho, alias) <= (alias.length >= 9 ? 2 : 1)) return 1;
  return 0;
}

/**
 * Each field of the kind to the header that names it best (each header used once), starting from
 * the mapping the organization used last where its headers are still in the file.
 */
export function mapearAutomaticamente(
  tipo: TipoMigracao,
  cabecalhos: readonly string[],
  lembrado: MapeamentoMigracao | null,
): MapeamentoMigracao {
  const campos = CAMPOS_MIGRACAO[tipo] as Record<string, readonly string[]>;
  const r: MapeamentoMigracao = Object.fromEntries(Object.keys(campos).map((c) => [c, null]));
  const usados = new Set<string>();
  for (const [campo, cab] of Object.entries(lembrado ?? {}))
    if (campo in r && cab && cabecalhos.includes(cab) && !usados.has(cab)) {
      r[campo] = cab;
      usados.add(cab);
    }
  const candidatos: { campo: string; cab: string; n: number }[] = [];
  for (const cab of cabecalhos) {
    const norm = normalizarTexto(cab);
    if (!norm) continue;
    for (const [campo, aliases] of Object.entries(campos)) {
      const n = Math.max(
        nota(norm, normalizarTexto(campo.replace(/([A-Z])/g, ' $1'))),
        ...aliases.map((a) => nota(norm, a)),
      );
      if (n) candidatos.push({ campo, cab, n });
    }
  }
  candidatos.sort((a, b) => b.n - a.n);
  for (const c of candidatos)
    if (!r[c.campo] && !usados.has(c.cab)) {
      r[c.campo] = c.cab;
      usados.add(c.cab);
    }
  return r;
}

const ISO = /^(\d{4})-(\d{2})-(\d{2})$/;
const BR = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/;

/**
 * A date as a Brazilian sheet holds it (`31/12/1980`, `31.12.1980`) or ISO, to `YYYY-MM-DD`; what
 * is not a date of the calendar comes back as it was, for the schema to refuse on its field.
 */
export function dataPtBr(v: string): string {
  const s = v.trim();
  const m = ISO.exec(s) ?? BR.exec(s);
  if (!m) return s;
  const [ano, mes, dia] = ISO.test(s) ? [m[1]!, m[2]!, m[3]!] : [m[3]!, m[2]!, m[1]!];
  const iso = `${ano}-${mes.padStart(2, '0')}-${dia.padStart(2, '0')}`;
  const d = new Date(`${iso}T00:00:00Z`);
  return Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== iso ? s : iso;
}

/**
 * An amount as written in pt-BR (`1.250,00`, `R$ 35,5`, `1250`) to a decimal string with two
 * places, never through a float; null when it is not an amount.
 */
export function dinheiroPtBr(v: string): string | null {
  let s = v.replace(/R\$\s*/i, '').replace(/\s/g, '');
  const negativo = s.startsWith('-');
  s = s.replace(/^[-+]/, '');
  if (/^\d{1,3}(\.\d{3})*(,\d{1,2})?$/.test(s) || /^\d+(,\d{1,2})?$/.test(s))
    s = s.replace(/\./g, '').replace(',', '.');
  else if (!/^\d+(\.\d{1,2})?$/.test(s)) return null;
  const [inteiro, fracao = ''] = s.split('.');
  const n = `${BigInt(inteiro!)}.${fracao.padEnd(2, '0')}`;
  return negativo && n !== '0.00' ? `-${n}` : n;
}
