import { type DbOuTx, schema } from '@sig/db';
import { eq } from 'drizzle-orm';
import type { Contexto } from '../../platform/contexto.js';
import { registrarAlteracao } from '../../platform/historico.js';

const { pessoa } = schema;

/**
 * A person's death as the registry keeps it (issue 20: registering a burial sets it, in the
 * burial's transaction): the status becomes FALECIDO, with the change in the person's history.
 */
export async function registrarFalecimento(tx: DbOuTx, ctx: Contexto, pessoaId: number) {
  const [antes] = await tx.select({ status: pessoa.status }).from(pessoa).where(eq(pessoa.id, pessoaId)).for('update');
  if (!antes || antes.status === 'FALECIDO') return;
  await tx.update(pessoa).set({ status: 'FALECIDO', atualizadoEm: new Date() }).where(eq(pessoa.id, pessoaId));
  await registrarAlteracao(tx, ctx, 'pessoa', pessoaId, { status: antes.status }, { status: 'FALECIDO' });
}
