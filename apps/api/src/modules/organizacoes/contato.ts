import { type DbOuTx, schema } from '@sig/db';
import { and, desc, eq, like } from 'drizzle-orm';

const contato = schema.organizacaoContato;

/**
 * Where the system writes to an organization (alerts, a receipt to an organization holder): its
 * principal contact that holds an e-mail, else the first one; null when it has none.
 */
export async function emailDaOrganizacao(db: DbOuTx, organizacaoId: number): Promise<string | null> {
  const [c] = await db
    .select({ valor: contato.valor })
    .from(contato)
    .where(and(eq(contato.organizacaoId, organizacaoId), like(contato.valor, '%@%')))
    .orderBy(desc(contato.principal), contato.id)
    .limit(1);
  return c?.valor.trim() || null;
}
