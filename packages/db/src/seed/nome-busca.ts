import { type SQL, sql } from 'drizzle-orm';

/** The same accent folding as migration 0003 (how `nome_busca` was filled for existing rows). */
const COM_ACENTO = 'ÁÀÂÃÄÉÈÊËÍÌÎÏÓÒÔÕÖÚÙÛÜÇÑáàâãäéèêëíìîïóòôõöúùûüçñ';
const SEM_ACENTO = 'AAAAAEEEEIIIIOOOOOUUUUCNaaaaaeeeeiiiiooooouuuucn';

/**
 * `nome_busca` in SQL: what `normalizarBusca` (people service) gives for these names. Every
 * person the seeds write needs it, or a search by name never finds them.
 */
export const nomeBuscaSql = (nome: SQL | string, sobrenome: SQL | string): SQL =>
  sql`lower(translate(trim(${nome}::text || ' ' || ${sobrenome}::text), ${COM_ACENTO}, ${SEM_ACENTO}))`;
