import { hojeNoBrasil } from '@sig/contracts';
import type { Db } from '@sig/db';
import { sql } from 'drizzle-orm';
import type { DefinicaoTarefa } from '../../platform/tarefas.js';

/**
 * Spec §4: an open receivable whose due date has passed is overdue. The provider says so for the
 * charged ones (PAYMENT_OVERDUE); this marks every one, charged or not, by the date in Brazil,
 * in one statement that also writes each change to the history (no user: the system did it).
 */
export async function marcarVencidas(db: Db, hoje = hojeNoBrasil()): Promise<number> {
  const r = (await db.execute(sql`with vencidas as (
      update conta_a_receber set status = 'VENCIDO', atualizado_em = now()
      where status = 'ABERTO' and vencimento < ${hoje}::date
      returning id, organizacao_id),
    historico as (
      insert into historico_alteracao (entidade, entidade_id, operacao, campo, valor_anterior, valor_novo, organizacao_id)
      select 'conta_a_receber', id, 'ALTERACAO', 'status', '"ABERTO"'::jsonb, '"VENCIDO"'::jsonb, organizacao_id
      from vencidas)
    select count(*)::int as n from vencidas`)) as unknown as { rows: { n: number }[] };
  return r.rows[0]?.n ?? 0;
}

/**
 * The marking as a job: at every hour's turn in Brazil (so a day's turn is caught at once) and
 * when a worker starts, once across all the workers; marking is idempotent.
 */
export const TAREFA_MARCAR_VENCIDAS: DefinicaoTarefa<{ db: Db }> = {
  fila: 'receber.marcar-vencidas',
  unica: true,
  agenda: '0 * * * *',
  aoIniciar: true,
  expiraSegundos: 600,
  executar: async (ctx) => ({ vencidas: await marcarVencidas(ctx.db) }),
};
