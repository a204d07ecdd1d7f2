import { MAXIMO_SELECAO_PADRAO, NOME_PARAMETRO_MAXIMO_SELECAO } from '@sig/contracts';
import { schema } from '@sig/db';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Deps } from '../../platform/contexto.js';
import { erroDeCampo } from '../../platform/erros.js';

/** Spec §5: people chosen one by one are limited by a system parameter (a registry row). */
export async function maximoSelecao(deps: Deps): Promise<number> {
  const p = schema.parametro;
  const [linha] = await deps.db
    .select({ valor: p.valor })
    .from(p)
    .where(
      and(sql`lower(${p.nome}) = lower(${NOME_PARAMETRO_MAXIMO_SELECAO})`, isNull(p.excluidoEm), eq(p.ativo, true)),
    );
  const n = Number(linha?.valor);
  return Number.isInteger(n) && n > 0 ? n : MAXIMO_SELECAO_PADRAO;
}

/** Refuses a selection above the configured maximum, naming the field. */
export async function exigirDentroDoMaximo(deps: Deps, campo: string, ids: readonly number[] | undefined) {
  if (!ids?.length) return;
  const maximo = await maximoSelecao(deps);
  if (ids.length > maximo) throw erroDeCampo(campo, 'itensMaximoSelecao', { n: String(maximo) });
}
