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
const LOTE = 500;

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
 * Compares one charge with the provider and applies a difference; answers the result
 * (`sem-mudanca` when both agree). A difference that cannot be applied stays as an exception.
 */
async function comparar(deps: Deps, provedor: PaymentProvider, c: Alvo): Promise<string> {
  const p = await provedor.obterCobranca(c.provedorId);
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
  const resultado = await comparar(deps, contaDaChave(deps, c.organizacaoId, c.token).provedor, c);
  await deps.db.update(cob).set({ conciliadaEm: new Date() }).where(eq(cob.id, c.id));
  return resultado;
}

export type ResumoConciliacao = { comparadas: number; aplicadas: number; falhas: number };

/**
 * Every open charge not compared in the last hours, in id order and in batches, as many provider
 * calls in flight as each key allows (the client throttles and retries 429s). A batch is marked
 * compared when done: a killed run starts again after its last finished batch.
 */
export async function compararCobrancasAbertas(
  deps: Deps,
  opcoes: { sinal?: AbortSignal; desde?: Date } = {},
): Promise<ResumoConciliacao> {
  const desde = opcoes.desde ?? new Date(Date.now() - INTERVALO_H * 3600_000);
  const resumo: ResumoConciliacao = { comparadas: 0, aplicadas: 0, falhas: 0 };
  const provedores = new Map<number, PaymentProvider>();
  const simultaneas = Math.max(1, deps.config.asaasMaxSimultaneas);
  let depois = 0;
  for (;;) {
    if (opcoes.sinal?.aborted) break;
    const lote = await alvos(deps)
      .where(
        and(
          gt(cob.id, depois),
          isNull(cob.canceladaEm),
          inArray(cob.status, ABERTAS),
          or(isNull(cob.conciliadaEm), lt(cob.conciliadaEm, desde)),
        ),
      )
      .orderBy(asc(cob.id))
      .limit(LOTE);
    if (!lote.length) break;
    let proximo = 0;
    const feitas: number[] = [];
    const trabalhar = async () => {
      for (let i = proximo++; i < lote.length; i = proximo++) {
        const c = lote[i]!;
        let provedor = provedores.get(c.organizacaoId);
        if (!provedor) {
          provedor = contaDaChave(deps, c.organizacaoId, c.token).provedor;
          provedores.set(c.organizacaoId, provedor);
        }
        try {
          if ((await comparar(deps, provedor, c)).startsWith('aplicado')) resumo.aplicadas++;
          feitas.push(c.id);
        } catch {
          // Left for the next run (and for the exceptions view when it is an event that failed).
          resumo.falhas++;
        }
        resumo.comparadas++;
      }
    };
    await Promise.all(Array.from({ length: Math.min(simultaneas, lote.length) }, trabalhar));
    if (feitas.length) await deps.db.update(cob).set({ conciliadaEm: sql`now()` }).where(inArray(cob.id, feitas));
    depois = lote.at(-1)!.id;
  }
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
