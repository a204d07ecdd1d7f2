import { centavos, deCentavos, type ParcelaConcessao } from '@sig/contracts';
import { type DbOuTx, schema } from '@sig/db';
import { tradutor } from '@sig/i18n';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Contexto } from '../../platform/contexto.js';
import { criarContasNaTransacao } from '../receber/index.js';

/**
 * A concession's installments (issue 20, spec §5: fewer than 12): each one a receivable of the
 * cemetery's organization held by the concession's holder, created in the transaction of the
 * grant, renewal or conversion that owes it, so neither exists without the other.
 */
const { arrendatarioParcela: ap, contaAReceber: car, jazigo: jz, cemiterio: ce } = schema;

export type OrigemParcela = ParcelaConcessao['origem'];

/**
 * A value split into `n` installments to the cent: all equal but the last, which takes what the
 * rounding left (R$ 1.000,00 in 3: 333,33, 333,33 and 333,34).
 */
export function dividirEmParcelas(valor: string, n: number): string[] {
  const total = centavos(valor);
  const parte = total / BigInt(n);
  const ultima = total - parte * BigInt(n - 1);
  return Array.from({ length: n }, (_, i) => deCentavos(i === n - 1 ? ultima : parte));
}

/** The day `meses` months after `dia`, held to the month's last day (31 Jan + 1 → 28/29 Feb). */
export function somarMeses(dia: string, meses: number): string {
  const [a, m, d] = dia.split('-').map(Number) as [number, number, number];
  const alvo = new Date(Date.UTC(a, m - 1 + meses, 1));
  const ultimo = new Date(Date.UTC(alvo.getUTCFullYear(), alvo.getUTCMonth() + 1, 0)).getUTCDate();
  alvo.setUTCDate(Math.min(d, ultimo));
  return alvo.toISOString().slice(0, 10);
}

type Evento = {
  arrendatarioId: number;
  pessoaId: number;
  jazigoId: number;
  isento: boolean;
  origem: OrigemParcela;
  /** The event's day: the first installment falls due on it, the others a month apart. */
  referencia: string;
  valor: string;
  parcelas: number;
};

/** The receivables an event generated, and whose they are. */
export type Geradas = { organizacaoId: number; contaAReceberIds: number[] };

/**
 * The receivables an event of a concession owes: none when exempt or of no value. A retry of the
 * same event finds its installments by the event's unique key and adds nothing.
 */
export async function gerarParcelas(tx: DbOuTx, ctx: Contexto, e: Evento): Promise<Geradas> {
  if (e.isento || centavos(e.valor) <= 0n) return { organizacaoId: 0, contaAReceberIds: [] };
  const [j] = await tx
    .select({
      organizacaoId: ce.organizacaoId,
      rotulo: sql<string>`${jz.quadra} || '-' || ${jz.fileira} || '-' || ${jz.numero}`,
    })
    .from(jz)
    .innerJoin(ce, eq(ce.id, jz.cemiterioId))
    .where(eq(jz.id, e.jazigoId));
  const t = tradutor(ctx.idioma);
  const valores = dividirEmParcelas(e.valor, e.parcelas);
  const ids = await criarContasNaTransacao(
    tx,
    ctx,
    valores.map((valorPrevisto, i) => ({
      organizacaoId: j!.organizacaoId,
      pessoaId: e.pessoaId,
      tipo: 'ARRENDAMENTO',
      vencimento: somarMeses(e.referencia, i),
      valorPrevisto,
      descricao: t(`cemiterios:descricaoParcela.${e.origem}`, {
        jazigo: j!.rotulo,
        numero: i + 1,
        de: e.parcelas,
      }),
    })),
  );
  await tx.insert(ap).values(
    ids.map((contaAReceberId, i) => ({
      arrendatarioId: e.arrendatarioId,
      contaAReceberId,
      origem: e.origem,
      referencia: e.referencia,
      numero: i + 1,
      de: e.parcelas,
    })),
  );
  return { organizacaoId: j!.organizacaoId, contaAReceberIds: ids };
}

/** Whether the concession has installments of this origin already (their price is then fixed). */
export async function temParcelas(tx: DbOuTx, arrendatarioId: number, origem: OrigemParcela): Promise<boolean> {
  const [p] = await tx
    .select({ id: ap.id })
    .from(ap)
    .where(and(eq(ap.arrendatarioId, arrendatarioId), eq(ap.origem, origem)))
    .limit(1);
  return Boolean(p);
}

/** A concession's installments with their receivables' state, in the order they fall due. */
export async function listarParcelas(db: DbOuTx, arrendatarioId: number): Promise<ParcelaConcessao[]> {
  const linhas = await db
    .select({
      contaAReceberId: ap.contaAReceberId,
      origem: ap.origem,
      numero: ap.numero,
      de: ap.de,
      vencimento: car.vencimento,
      valorPrevisto: car.valorPrevisto,
      valorPago: car.valorPago,
      status: car.status,
    })
    .from(ap)
    .innerJoin(car, eq(car.id, ap.contaAReceberId))
    .where(eq(ap.arrendatarioId, arrendatarioId))
    .orderBy(asc(car.vencimento), asc(ap.id));
  return linhas.map((l) => ({ ...l, origem: l.origem as OrigemParcela }));
}

/** The receivables of a concession's installments and their state, locked for the change that reads them. */
export async function contasDaConcessao(tx: DbOuTx, arrendatarioId: number) {
  return tx
    .select({ id: car.id, status: car.status })
    .from(ap)
    .innerJoin(car, eq(car.id, ap.contaAReceberId))
    .where(eq(ap.arrendatarioId, arrendatarioId))
    .orderBy(asc(car.id))
    .for('update', { of: car });
}
