import { type DbOuTx, schema } from '@sig/db';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { registrarAlteracao } from '../../platform/historico.js';
import { textoTraduzivel } from '../../platform/textos.js';

/**
 * Pending postings (issue 17 item 3): a system entry whose date had no open period is kept, not
 * lost, and posted as soon as a period holding its date opens on its cash account (created,
 * reopened, or opened by the close of the one before).
 */
const { lancamentoPendente: lp, lancamentoCaixa: lc, periodoContabil: pc } = schema;

/** The reason a refund's reversal carries (the provider said PAYMENT_REFUNDED). */
export const JUSTIFICATIVA_REEMBOLSO = 'Pagamento estornado no provedor (reembolso)';
export const JUSTIFICATIVA_REEMBOLSO_TRADUZIVEL = textoTraduzivel('financeiro:textos.reembolso');

/** The entry a refund's reversal reverses, marked so with the refund's reason. */
export async function marcarReembolsado(tx: DbOuTx, lancamentoId: number) {
  await tx
    .update(lc)
    .set({
      estornadoEm: new Date(),
      justificativaEstorno: JUSTIFICATIVA_REEMBOLSO,
      justificativaTraduzivel: JUSTIFICATIVA_REEMBOLSO_TRADUZIVEL,
      atualizadoEm: new Date(),
    })
    .where(eq(lc.id, lancamentoId));
}

export type NovoPendente = Omit<
  typeof lp.$inferInsert,
  'id' | 'lancamentoId' | 'lancadoEm' | 'descartadoEm' | 'criadoEm'
>;

export async function pender(tx: DbOuTx, p: NovoPendente): Promise<number> {
  const [novo] = await tx.insert(lp).values(p).returning({ id: lp.id });
  return novo!.id;
}

/** Drops what an origin still has pending (its payment was refunded before it was posted). */
export async function descartarPendentes(tx: DbOuTx, origem: string, origemId: number): Promise<number> {
  const r = await tx
    .update(lp)
    .set({ descartadoEm: new Date() })
    .where(and(eq(lp.origem, origem), eq(lp.origemId, origemId), isNull(lp.lancadoEm), isNull(lp.descartadoEm)))
    .returning({ id: lp.id });
  return r.length;
}

/** Posts one pending row when an open period holds its date; answers the entry, or null. */
export async function lancarPendente(tx: DbOuTx, id: number): Promise<number | null> {
  const [p] = await tx
    .select()
    .from(lp)
    .where(and(eq(lp.id, id), isNull(lp.lancadoEm), isNull(lp.descartadoEm)))
    .for('update');
  if (!p) return null;
  const [periodo] = await tx
    .select({ id: pc.id })
    .from(pc)
    .where(
      and(
        eq(pc.contaCaixaId, p.contaCaixaId),
        eq(pc.situacao, 'ABERTO'),
        sql`${p.data} between ${pc.dataInicio} and ${pc.dataFim}`,
      ),
    )
    .for('share');
  if (!periodo) return null;
  const [novo] = await tx
    .insert(lc)
    .values({
      organizacaoId: p.organizacaoId,
      contaCaixaId: p.contaCaixaId,
      periodoContabilId: periodo.id,
      data: p.data,
      // A reversal keeps its entry's kind with the opposite sign, as a user's reversal does.
      tipo: 'ENTRADA',
      valor: p.valor,
      planoContaId: p.planoContaId,
      historico: p.historico,
      historicoTraduzivel: p.historicoTraduzivel,
      pessoaId: p.pessoaId,
      organizacaoReferenciaId: p.organizacaoReferenciaId,
      estornoDeId: p.estornoDeId,
      justificativaEstorno: p.estornoDeId ? JUSTIFICATIVA_REEMBOLSO : null,
      justificativaTraduzivel: p.estornoDeId ? JUSTIFICATIVA_REEMBOLSO_TRADUZIVEL : null,
      origem: p.estornoDeId ? null : p.origem,
      origemId: p.estornoDeId ? null : p.origemId,
      criadoPor: null,
    })
    .returning({ id: lc.id });
  if (p.estornoDeId) await marcarReembolsado(tx, p.estornoDeId);
  await tx.update(lp).set({ lancadoEm: new Date(), lancamentoId: novo!.id }).where(eq(lp.id, id));
  await registrarAlteracao(
    tx,
    { usuarioId: null, organizacaoId: p.organizacaoId },
    'lancamento_caixa',
    novo!.id,
    null,
    { pendenteId: id, valor: p.valor, data: p.data },
  );
  return novo!.id;
}

/** Every pending row of a cash account that an open period now holds, posted in date order. */
export async function lancarPendentesDaConta(tx: DbOuTx, contaCaixaId: number): Promise<number> {
  const pendentes = await tx
    .select({ id: lp.id })
    .from(lp)
    .where(and(eq(lp.contaCaixaId, contaCaixaId), isNull(lp.lancadoEm), isNull(lp.descartadoEm)))
    .orderBy(asc(lp.data), asc(lp.id));
  let n = 0;
  for (const { id } of pendentes) if (await lancarPendente(tx, id)) n++;
  return n;
}
