import type { CampoCadastro, TipoCampo } from '@sig/contracts';
import type { PgColumn } from 'drizzle-orm/pg-core';

/**
 * Which column types each declared field type may sit on. A field whose column does not fit
 * (a whole-number field on a numeric(5,2) column, whose value the driver hands over as "25.00")
 * would answer a value its own output schema refuses — after the write committed. The engines
 * refuse to start with such a declaration instead.
 */
const COLUNAS: Record<TipoCampo, readonly string[]> = {
  texto: ['PgText', 'PgVarchar', 'PgChar'],
  textoLongo: ['PgText', 'PgVarchar'],
  telefone: ['PgText', 'PgVarchar'],
  email: ['PgText', 'PgVarchar'],
  url: ['PgText', 'PgVarchar'],
  cpf: ['PgText', 'PgVarchar', 'PgChar'],
  cnpj: ['PgText', 'PgVarchar', 'PgChar'],
  cep: ['PgText', 'PgVarchar', 'PgChar'],
  opcao: ['PgText', 'PgVarchar', 'PgEnumColumn'],
  inteiro: ['PgInteger', 'PgSmallInt', 'PgBigInt53'],
  referencia: ['PgInteger', 'PgBigInt53'],
  dinheiro: ['PgNumeric'],
  decimal: ['PgNumeric', 'PgReal', 'PgDoublePrecision'],
  data: ['PgDateString', 'PgDate'],
  booleano: ['PgBoolean'],
  hora: ['PgTime', 'PgText', 'PgVarchar'],
  // A list of ids lives in a table of its own (a service's celebrants), never in one column.
  referencias: [],
};

/** The fields whose column does not fit their declared type, as `campo:tipo≠coluna`. */
export function tiposIncompativeis(
  campos: readonly CampoCadastro[],
  colunas: Readonly<Record<string, PgColumn | undefined>>,
  prefixo = '',
): string[] {
  const erradas: string[] = [];
  for (const c of campos) {
    const col = colunas[c.nome];
    if (col && !COLUNAS[c.tipo].includes(col.columnType))
      erradas.push(`${prefixo}${c.nome}:${c.tipo}≠${col.columnType}`);
  }
  return erradas;
}

/**
 * A value read from the database as the field's output schema has it: PostgreSQL numeric
 * travels as text (exact), which a `decimal` field answers as a number; money stays a string.
 */
export function valorDeSaida(c: CampoCadastro, v: unknown): unknown {
  if (c.tipo === 'decimal' && typeof v === 'string') return Number(v);
  return v;
}

/** A row's declared fields converted by `valorDeSaida`; other keys as they are. */
export function linhaDeSaida<T extends Record<string, unknown>>(campos: readonly CampoCadastro[], linha: T): T {
  const out: Record<string, unknown> = { ...linha };
  for (const c of campos) if (c.nome in out) out[c.nome] = valorDeSaida(c, out[c.nome]);
  return out as T;
}
