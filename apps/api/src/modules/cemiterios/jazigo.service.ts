import { ACESSO_CEMITERIO, type Jazigo, type JazigoInput } from '@sig/contracts';
import { type DbOuTx, schema } from '@sig/db';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { Contexto, Deps } from '../../platform/contexto.js';
import { AppError, naoEncontrado } from '../../platform/erros.js';
import { linhasExistentes, type RegraReferencia } from '../../platform/referencias.js';
import { escaparLike } from '../../platform/sql.js';
import { cemiterioNoEscopo, selecaoJazigo } from './cemiterio.service.js';

/** A cemetery's plots one at a time: the lookup the concession and burial forms name them by. */
const { cemiterio: ce, jazigo: jz } = schema;

/** The cemeteries a write elsewhere may name: those of the writer's scope for its screen. */
export const REGRA_CEMITERIO: RegraReferencia = linhasExistentes(ce, (ctx, acesso) => cemiterioNoEscopo(ctx, acesso));

/** The plots a write elsewhere may name (a concession, a burial): those of a cemetery it reaches. */
export const REGRA_JAZIGO: RegraReferencia = (ctx, acesso, ids) =>
  sql`select ${jz.id} as id from ${jz} where ${jz.id} = any(${`{${ids.join(',')}}`}::int[])
    and ${cemiterioNoEscopo(ctx, acesso, sql`${jz.cemiterioId}`)}`;

async function ler(db: DbOuTx, onde: SQL | undefined, limite = 1) {
  return (await db
    .select(selecaoJazigo)
    .from(jz)
    .innerJoin(ce, eq(ce.id, jz.cemiterioId))
    .where(onde)
    .orderBy(ce.nome, jz.quadra, jz.fileira, jz.numero)
    .limit(limite)) as Jazigo[];
}

export async function obter(db: DbOuTx, ctx: Contexto, acesso: string, id: number): Promise<Jazigo> {
  const [j] = await ler(db, and(eq(jz.id, id), cemiterioNoEscopo(ctx, acesso, sql`${jz.cemiterioId}`)));
  if (!j) throw naoEncontrado();
  return j;
}

/**
 * The plots a form may pick, by `A-1-3` (block, row, plot: a prefix) or by the cemetery's name;
 * free and reserved ones first, as those are the ones a concession or a burial goes to.
 */
export async function selecionar(deps: Deps, ctx: Contexto, q: { busca?: string; cemiterioId?: number }) {
  const termo = q.busca?.trim();
  const linhas = await deps.db
    .select({
      value: jz.id,
      label: sql<string>`${jz.quadra} || '-' || ${jz.fileira} || '-' || ${jz.numero} || ' · ' || ${ce.nome}`,
    })
    .from(jz)
    .innerJoin(ce, eq(ce.id, jz.cemiterioId))
    .where(
      and(
        cemiterioNoEscopo(ctx, ACESSO_CEMITERIO, sql`${jz.cemiterioId}`),
        q.cemiterioId ? eq(jz.cemiterioId, q.cemiterioId) : undefined,
        termo
          ? sql`(lower(${jz.quadra} || '-' || ${jz.fileira} || '-' || ${jz.numero}) like ${`${escaparLike(termo.toLowerCase())}%`}
              or lower(${ce.nome}) like ${`%${escaparLike(termo.toLowerCase())}%`})`
          : undefined,
      ),
    )
    .orderBy(sql`${jz.situacaoJazigo} not in ('LIVRE', 'RESERVADO')`, ce.nome, jz.quadra, jz.fileira, jz.numero)
    .limit(50);
  return linhas;
}

/**
 * A plot's kind, capacity and state set by hand (a plot closed for works, in exhumation). An
 * occupied plot keeps its state and room for its deceased: the burials set it.
 */
export async function atualizar(deps: Deps, ctx: Contexto, id: number, e: JazigoInput): Promise<Jazigo> {
  await deps.db.transaction(async (tx) => {
    const j = await obter(tx, ctx, ACESSO_CEMITERIO, id);
    await tx.select({ id: jz.id }).from(jz).where(eq(jz.id, id)).for('update');
    if (e.capacidade < j.ocupantes)
      throw new AppError('JAZIGO_SEM_VAGA', {}, [{ campo: 'capacidade', mensagem: 'erros:JAZIGO_SEM_VAGA' }]);
    await tx
      .update(jz)
      .set({ tipoJazigo: e.tipoJazigo, capacidade: e.capacidade, situacaoJazigo: e.situacaoJazigo })
      .where(eq(jz.id, id));
  });
  return obter(deps.db, ctx, ACESSO_CEMITERIO, id);
}

/**
 * The plot a concession or a burial goes to, locked for the write (the check after the lock holds
 * until the commit: two grants of one plot are decided one after the other).
 */
export async function jazigoParaMudar(tx: DbOuTx, id: number) {
  const [j] = await tx.select().from(jz).where(eq(jz.id, id)).for('update');
  if (!j) throw naoEncontrado();
  return j;
}

/**
 * A plot's state after a concession or a burial changed: occupied while someone lies in it,
 * reserved while a concession stands, free otherwise. A state set by hand (unavailable, in
 * exhumation) stays.
 */
export async function recalcularSituacao(tx: DbOuTx, id: number) {
  await tx.execute(sql`update jazigo j set situacao_jazigo = case
      when exists (select 1 from falecido f where f.jazigo_id = j.id and f.excluido_em is null
        and f.data_exumacao is null) then 'OCUPADO'
      when exists (select 1 from arrendatario a where a.jazigo_id = j.id and a.excluido_em is null
        and a.encerrada_em is null) then 'RESERVADO'
      else 'LIVRE' end
    where j.id = ${id} and j.situacao_jazigo in ('LIVRE', 'RESERVADO', 'OCUPADO')`);
}
