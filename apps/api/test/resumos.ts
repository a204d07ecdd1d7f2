import type { Banco, DbOuTx } from '@sig/db';
import type { SQL } from 'drizzle-orm';
import { expect } from 'vitest';

class Desfazer extends Error {}

/**
 * A roll-up kept by triggers, as `ler` reads it, against what its rebuild (`reconstruir`, run in
 * a transaction that is then rolled back) counts again from the detail: equal, or the test fails.
 * Answers the roll-up as kept.
 */
export async function conferirResumo<T>(banco: Banco, ler: (db: DbOuTx) => Promise<T>, reconstruir: SQL[]) {
  const mantido = await ler(banco.db);
  let recontado: T | undefined;
  await banco.db
    .transaction(async (tx) => {
      for (const comando of reconstruir) await tx.execute(comando);
      recontado = await ler(tx);
      throw new Desfazer();
    })
    .catch((e) => {
      if (!(e instanceof Desfazer)) throw e;
    });
  expect(mantido).toEqual(recontado);
  return mantido;
}
