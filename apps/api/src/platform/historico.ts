import { type DbOuTx, schema } from '@sig/db';
import type { Contexto } from './contexto.js';

type Registro = Record<string, unknown>;

const normalizar = (v: unknown) => (v instanceof Date ? v.toISOString() : (v ?? null));

/**
 * The change history ("update history" of spec §2): one row per changed field, with who,
 * when, before and after. Callers pass records without secrets.
 */
export async function registrarAlteracao(
  db: DbOuTx,
  /** Who and for which organization; no user for changes the system makes (provider webhooks). */
  ctx: (Pick<Contexto, 'organizacaoId'> & { usuarioId: number | null }) | null,
  entidade: string,
  entidadeId: number,
  anterior: Registro | null,
  novo: Registro | null,
) {
  const base = {
    entidade,
    entidadeId,
    usuarioId: ctx?.usuarioId ?? null,
    organizacaoId: ctx?.organizacaoId ?? null,
  };
  if (!anterior || !novo) {
    await db.insert(schema.historicoAlteracao).values({
      ...base,
      operacao: anterior ? 'EXCLUSAO' : 'CRIACAO',
      valorAnterior: anterior,
      valorNovo: novo,
    });
    return;
  }
  const linhas = [];
  for (const campo of new Set([...Object.keys(anterior), ...Object.keys(novo)])) {
    const a = normalizar(anterior[campo]);
    const n = normalizar(novo[campo]);
    if (JSON.stringify(a) !== JSON.stringify(n)) {
      linhas.push({ ...base, operacao: 'ALTERACAO', campo, valorAnterior: a, valorNovo: n });
    }
  }
  if (linhas.length) await db.insert(schema.historicoAlteracao).values(linhas);
}
