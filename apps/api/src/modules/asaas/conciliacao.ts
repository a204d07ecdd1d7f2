import { schema } from '@sig/db';
import { and, asc, eq, gt, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Deps } from '../../platform/contexto.js';
import type { CobrancaProvedor, PaymentProvider } from '../../platform/provedor-pagamento.js';
import type { DefinicaoTarefa } from '../../platform/tarefas.js';
import { contaDaChave } from './conta-provedor.js';
import { statusDoEvento } from './status-provedor.js';
import { type EventoAsaas, processarEvento, reaplicarPendentes } from './webhook.service.js';
import { conferirWebhooks } from './webhook-conta.js';

/**
 * The safety net for lost webhooks (issue 17 item 2): our open charges compared with the
 * provider's, and what changed applied through the very path a webhook takes. The change is
 * stored as an event whose id is the charge and the provider status seen, so the same state is
 * never applied twice however often (or concurrently) it is compared.
 */
const { cobranca: cob, contaAReceber: car, organizacao, eventoProvedor: ev } = schema;

const ABERTAS = ['ABERTO', 'VENCIDO', 'PENDENTE'];
/** A run skips the charges compared this recently: a run resumed after a crash goes on where it stopped. */
const INTERVALO_H = 20;
const LOTE = 1000;

/** The event standing for what the provider shows of a charge. */
export function eventoDaSincronizacao(p: CobrancaProvedor): EventoAsaas {
  const status = p.excluida ? 'DELETED' : p.statusProvedor;
  return {
    id: `sinc_${p.id}_${status}`,
    event: p.excluida ? 'PAYMENT_DELETED' : 'SINCRONIZACAO',
    payment: {
      id: p.id,
      status: p.excluida ? undefined : p.statusProvedor,
      value: Number(p.valor),
      paymentDate: p.dataPagamento,
      creditDate: p.dataCredito ?? null,
    },
  };
}

type Alvo = { id: number; provedorId: string; status: string; organizacaoId: number; token: string | null };

/**
 * Compares one charge with what the provider shows of it (read now, or from a page of the
 * account's open charges) and applies a difference; answers the result (`sem-mudanca` when both
 * agree). A difference that cannot be applied stays as an exception.
 */
async function comparar(deps: Deps, c: Alvo, p: CobrancaProvedor): Promise<string> {
  const e = eventoDaSincronizacao(p);
  const novo = statusDoEvento(e.event, e.payment?.status);
  if (novo === c.status || (!novo && !p.excluida)) return 'sem-mudanca';
  await deps.db.insert(ev).values({ id: e.id, evento: e.event, pagamentoId: p.id, payload: e }).onConflictDoNothing();
  return (await processarEvento(deps, e.id)) ?? 'sem-mudanca';
}

const alvos = (deps: Deps) =>
  deps.db
    .select({
      id: cob.id,
      provedorId: cob.provedorId,
      status: cob.status,
      organizacaoId: car.organizacaoId,
      token: organizacao.tokenAsaasCifrado,
    })
    .from(cob)
    .innerJoin(car, eq(car.id, cob.contaAReceberId))
    .innerJoin(organizacao, eq(organizacao.id, car.organizacaoId));

/** On demand (`POST /cobranca/:id/sincronizar`): one charge, whatever its status. */
export async function sincronizarCobranca(deps: Deps, cobrancaId: number): Promise<string> {
  const [c] = await alvos(deps).where(eq(cob.id, cobrancaId));
  if (!c) return 'sem-cobranca';
  const provedor = contaDaChave(deps, c.organizacaoId, c.token).provedor;
  const resultado = await comparar(deps, c, await provedor.obterCobranca(c.provedorId));
  await deps.db.update(cob).set({ conciliadaEm: new Date() }).where(eq(cob.id, c.id));
  return resultado;
}

export type ResumoConciliacao = { comparadas: number; aplicadas: number; falhas: number; chamadas: number };

/** The provider statuses of a charge still open; the provider lists each a page at a time. */
const STATUS_ABERTOS = ['PENDING', 'OVERDUE'];
const POR_PAGINA = 100;
/** Accounts (main and sub-accounts) compared at once, each with its own ASAAS_MAX_SIMULTANEAS calls. */
const CONTAS_SIMULTANEAS = 4;
/** Compared charges marked in the database this many at a time (a killed run redoes at most these). */
const MARCAR_A_CADA = 500;

/** Runs `n` copies of `trabalhar` and waits for all. */
const emParalelo = (n: number, trabalhar: () => Promise<void>) =>
  Promise.all(Array.from({ length: Math.max(1, n) }, trabalhar));

/**
 * What the provider shows of an account's open charges, read a page of 100 at a time with up to
 * `simultaneas` calls in flight: one call per 100 charges instead of one per charge. Undefined
 * when listing would cost more calls than asking for the `n` charges one by one, or it failed (the
 * run then asks one by one).
 */
async function abertasNoProvedor(
  provedor: PaymentProvider,
  n: number,
  simultaneas: number,
  resumo: ResumoConciliacao,
  sinal?: AbortSignal,
): Promise<Map<string, CobrancaProvedor> | undefined> {
  try {
    const primeiras = await Promise.all(STATUS_ABERTOS.map((s) => provedor.paginaPorStatus(s, 0)));
    resumo.chamadas += primeiras.length;
    const paginas = STATUS_ABERTOS.flatMap((status, k) =>
      Array.from({ length: Math.ceil(primeiras[k]!.total / POR_PAGINA) - 1 }, (_, i) => ({
        status,
        offset: (i + 1) * POR_PAGINA,
      })),
    );
    if (paginas.length > n) return undefined;
    const vistas = new Map<string, CobrancaProvedor>();
    for (const p of primeiras.flatMap((x) => x.itens)) vistas.set(p.id, p);
    let proxima = 0;
    await emParalelo(Math.min(simultaneas, paginas.length), async () => {
      for (let i = proxima++; i < paginas.length && !sinal?.aborted; i = proxima++) {
        const { itens } = await provedor.paginaPorStatus(paginas[i]!.status, paginas[i]!.offset);
        resumo.chamadas++;
        for (const p of itens) vistas.set(p.id, p);
      }
    });
    return vistas;
  } catch {
    // A page refused or lost: the charges are asked for one by one.
    return undefined;
  }
}

/**
 * Every open charge not compared in the last hours, in id order, compared account by account
 * (the main one and each sub-account with its own key, a few accounts at once). The account's
 * open charges are first read from the provider a page at a time; a charge found there is compared
 * with what the page shows, and only the others (paid, refunded, deleted since, or a listing that
 * did not pay off) cost a call each. Up to ASAAS_MAX_SIMULTANEAS calls per key are kept in flight
 * across the database batches; compared charges are marked every few hundred, so a killed run
 * starts again after the last marked ones.
 */
export async function compararCobrancasAbertas(
  deps: Deps,
  opcoes: { sinal?: AbortSignal; desde?: Date; lote?: number } = {},
): Promise<ResumoConciliacao> {
  const desde = opcoes.desde ?? new Date(Date.now() - INTERVALO_H * 3600_000);
  const resumo: ResumoConciliacao = { comparadas: 0, aplicadas: 0, falhas: 0, chamadas: 0 };
  const simultaneas = Math.max(1, deps.config.asaasMaxSimultaneas);
  const pendentes = and(
    isNull(cob.canceladaEm),
    inArray(cob.status, ABERTAS),
    or(isNull(cob.conciliadaEm), lt(cob.conciliadaEm, desde)),
  );
  const contas = await deps.db
    .select({
      token: organizacao.tokenAsaasCifrado,
      organizacaoId: sql<number>`min(${car.organizacaoId})`.mapWith(Number),
      n: sql<number>`count(*)`.mapWith(Number),
    })
    .from(cob)
    .innerJoin(car, eq(car.id, cob.contaAReceberId))
    .innerJoin(organizacao, eq(organizacao.id, car.organizacaoId))
    .where(pendentes)
    .groupBy(organizacao.tokenAsaasCifrado);

  const marcar = async (ids: number[]) => {
    if (ids.length) await deps.db.update(cob).set({ conciliadaEm: sql`now()` }).where(inArray(cob.id, ids));
  };

  const compararConta = async (conta: (typeof contas)[number]) => {
    const provedor = contaDaChave(deps, conta.organizacaoId, conta.token).provedor;
    const vistas = await abertasNoProvedor(provedor, conta.n, simultaneas, resumo, opcoes.sinal);
    const daConta = conta.token
      ? eq(organizacao.tokenAsaasCifrado, conta.token)
      : isNull(organizacao.tokenAsaasCifrado);
    // The account's charges a database batch at a time; the workers draw from it as they go.
    async function* cobrancas() {
      for (let depois = 0; ; ) {
        const lote = await alvos(deps)
          .where(and(gt(cob.id, depois), daConta, pendentes))
          .orderBy(asc(cob.id))
          .limit(opcoes.lote ?? LOTE);
        yield* lote;
        if (lote.length < (opcoes.lote ?? LOTE)) return;
        depois = lote.at(-1)!.id;
      }
    }
    const fila = cobrancas();
    let feitas: number[] = [];
    await emParalelo(simultaneas, async () => {
      for (let r = await fila.next(); !r.done && !opcoes.sinal?.aborted; r = await fila.next()) {
        const c = r.value;
        try {
          let p = vistas?.get(c.provedorId);
          if (!p) {
            p = await provedor.obterCobranca(c.provedorId);
            resumo.chamadas++;
          }
          if ((await comparar(deps, c, p)).startsWith('aplicado')) resumo.aplicadas++;
          feitas.push(c.id);
        } catch {
          // Left for the next run (and for the exceptions view when it is an event that failed).
          resumo.falhas++;
        }
        resumo.comparadas++;
        if (feitas.length >= Math.min(MARCAR_A_CADA, opcoes.lote ?? LOTE)) {
          const marcadas = feitas;
          feitas = [];
          await marcar(marcadas);
        }
      }
    });
    await marcar(feitas);
  };

  let proxima = 0;
  await emParalelo(Math.min(CONTAS_SIMULTANEAS, contas.length), async () => {
    for (let i = proxima++; i < contas.length && !opcoes.sinal?.aborted; i = proxima++) await compararConta(contas[i]!);
  });
  return resumo;
}

/**
 * The provider reconciliation (daily at 03:30, and when a worker starts): stored events still
 * unapplied get a job again and every sub-account's webhook is checked and repaired; the open
 * charges are compared with the provider's on the schedule only (one provider call per charge is
 * no work for every start).
 */
export const TAREFA_CONCILIAR: DefinicaoTarefa<Deps, { inicio?: boolean }> = {
  fila: 'asaas.conciliar',
  unica: true,
  agenda: '30 3 * * *',
  aoIniciar: true,
  expiraSegundos: 3600,
  executar: async (deps, t) => ({
    eventosReaplicados: await reaplicarPendentes(deps),
    webhooks: await conferirWebhooks(deps),
    cobrancas: t.dados.inicio ? null : await compararCobrancasAbertas(deps, { sinal: t.sinal }),
  }),
};
