import type { TextoTraduzivel } from '@sig/db';
import { IDIOMA_PADRAO, type Idioma, tradutor } from '@sig/i18n';
import { type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

export type { TextoTraduzivel };

const DATA_ISO = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A text the system writes into a record: its key and parameters, rendered when read. */
export const textoTraduzivel = (chave: string, params?: TextoTraduzivel['params']): TextoTraduzivel =>
  params ? { chave, params } : { chave };

/**
 * The text in a reader's language (issue 17: "(estorno)", "Oferta do culto de …" follow the
 * reader, not the writer): nested texts rendered first, ISO dates written as the language writes dates.
 */
export function traduzirTexto(idioma: Idioma, x: TextoTraduzivel): string {
  const t = tradutor(idioma);
  const params: Record<string, string | number> = {};
  for (const [k, v] of Object.entries(x.params ?? {})) {
    if (typeof v === 'object') params[k] = traduzirTexto(idioma, v);
    else if (typeof v === 'string' && DATA_ISO.test(v)) {
      const [, a, m, d] = DATA_ISO.exec(v)!;
      params[k] = idioma === 'en' ? `${m}/${d}/${a}` : `${d}/${m}/${a}`;
    } else params[k] = v;
  }
  return String(t(x.chave as never, params as never));
}

/** The plain column beside the key keeps the default language's wording (search, older readers). */
export const textoPadrao = (x: TextoTraduzivel) => traduzirTexto(IDIOMA_PADRAO, x);

/**
 * A reference row's name in the reader's language (issue 18): seeded reference rows (situations,
 * person types, degrees…) carry an English label in `nome_en` beside the Portuguese `nome`; an
 * English reader gets it when the row has one, anyone else (and a row the church added) the name.
 * Read in SQL, so lists, selects, searches and exports all say the same.
 */
export const nomeNoIdioma = (nome: PgColumn | SQL, nomeEn: PgColumn | SQL, idioma: Idioma): SQL<string> =>
  idioma === 'en' ? sql<string>`coalesce(nullif(${nomeEn}, ''), ${nome})` : sql<string>`${nome}`;
