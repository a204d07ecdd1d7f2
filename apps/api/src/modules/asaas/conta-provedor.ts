import { type DbOuTx, schema } from '@sig/db';
import { eq } from 'drizzle-orm';
import type { Deps } from '../../platform/contexto.js';
import type { PaymentProvider } from '../../platform/provedor-pagamento.js';

const { organizacao } = schema;

/**
 * The organization's own provider account when it has a key (sub-account), else the main one;
 * `contaOrganizacaoId` names the account (null: the main one).
 */
export async function contaNoProvedor(
  deps: Deps,
  db: DbOuTx,
  organizacaoId: number,
): Promise<{ provedor: PaymentProvider; contaOrganizacaoId: number | null }> {
  const [o] = await db
    .select({ token: organizacao.tokenAsaasCifrado })
    .from(organizacao)
    .where(eq(organizacao.id, organizacaoId));
  return contaDaChave(deps, organizacaoId, o?.token ?? null);
}

/** The account of an organization whose encrypted key (or its absence) was already read. */
export function contaDaChave(deps: Deps, organizacaoId: number, token: string | null) {
  const p = deps.pagamentos.provedor;
  return token
    ? { provedor: p.comChave(deps.cofre.decifrar(token)), contaOrganizacaoId: organizacaoId }
    : { provedor: p, contaOrganizacaoId: null };
}

export const provedorDa = async (deps: Deps, db: DbOuTx, organizacaoId: number) =>
  (await contaNoProvedor(deps, db, organizacaoId)).provedor;
