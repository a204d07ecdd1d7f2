import { setMaxListeners } from 'node:events';
import { setTimeout as dormir } from 'node:timers/promises';
import { schema } from '@sig/db';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Deps } from '../../platform/contexto.js';
import { AppError } from '../../platform/erros.js';
import { publicar } from '../../platform/hub.js';
import { type ItemEmTrabalho, tipoLote } from './tipos.js';

const { processamentoLote: lote, processamentoLoteItem: item } = schema;

/**
 * An item stays EM_ANDAMENTO this long without news before another worker may take it. A live
 * worker renews the lease of the items in hand every RENOVACAO_MS, however long their provider
 * calls last (4 attempts of 15 s each, per call), so only a dead worker's items are taken again,
 * and after a kill -9 they wait half a minute, not minutes.
 */
export const RESERVA_ITEM_MS = 30_000;
const RENOVACAO_MS = 10_000;
const PAUSA_OCIOSO_MS = 2_000;
/** After the provider's rate limit outlasted the client's retries, the worker rests before going on. */
const PAUSA_LIMITE_MS = 60_000;
/** A batch's progress reaches the hub at most this often (one NOTIFY per item would flood it). */
export const INTERVALO_AVISO_MS = 250;

type Resultado = { status: 'OK' | 'DESFEITO'; resultado: string | null } | { status: 'ERRO'; erro: AppError };

/**
 * The bulk-processing worker of this process: `concorrencia` loops each claim one item at a time
 * with FOR UPDATE SKIP LOCKED (several processes may run one), work it through its kind, record
 * the outcome and tell the hub (throttled per batch). Started by main (not in tests, which drive
 * `processarProximo` or start it).
 */
export class TrabalhadorLote {
  private parado = true;
  private lacos: Promise<void>[] = [];
  private interromper = new AbortController();
  private renovacao: NodeJS.Timeout | null = null;
  /** Items in hand, whose leases are renewed. */
  private readonly emMaos = new Set<number>();
  /** Batches with a hub notice waiting to go out. */
  private readonly avisos = new Map<number, NodeJS.Timeout>();

  constructor(
    private readonly deps: Deps,
    private readonly log: FastifyBaseLogger,
  ) {}

  iniciar(pausaMs = this.deps.config.lote.pausaMs, concorrencia = this.deps.config.lote.concorrencia) {
    if (!this.parado) return;
    this.parado = false;
    this.interromper = new AbortController();
    // Every loop waits on this one signal.
    setMaxListeners(0, this.interromper.signal);
    this.renovacao = setInterval(() => {
      this.renovar().catch((err) => this.log.error({ err }, 'processamento em lote'));
    }, RENOVACAO_MS);
    this.renovacao.unref();
    const retomado = this.retomarDoEmbutido().catch((err) => this.log.error({ err }, 'processamento em lote'));
    this.lacos = Array.from({ length: concorrencia }, () => retomado.then(() => this.laco(pausaMs)));
  }

  private async laco(pausaMs: number) {
    while (!this.parado) {
      let espera = PAUSA_OCIOSO_MS;
      try {
        const { r, pausaDoTipo } = await this.trabalhar();
        espera = r === 'limite' ? PAUSA_LIMITE_MS : r ? (pausaDoTipo ?? pausaMs) : PAUSA_OCIOSO_MS;
      } catch (err) {
        this.log.error({ err }, 'processamento em lote');
      }
      if (espera && !this.parado)
        await dormir(espera, undefined, { signal: this.interromper.signal, ref: false }).catch(() => {});
    }
  }

  /**
   * The embedded database belongs to this one process: an item it left EM_ANDAMENTO was held by
   * this process before it died, so it goes back to work at once instead of waiting out its lease.
   */
  private async retomarDoEmbutido() {
    if (this.deps.config.databaseUrl) return;
    await this.deps.db.update(item).set({ status: 'PENDENTE' }).where(eq(item.status, 'EM_ANDAMENTO'));
  }

  private async renovar() {
    const ids = [...this.emMaos];
    if (!ids.length) return;
    await this.deps.db
      .update(item)
      .set({ atualizadoEm: new Date() })
      .where(and(inArray(item.id, ids), eq(item.status, 'EM_ANDAMENTO')));
  }

  /** Stops taking items, waits for those in hand and sends the pending hub notices. */
  async parar() {
    this.parado = true;
    this.interromper.abort();
    if (this.renovacao) clearInterval(this.renovacao);
    this.renovacao = null;
    await Promise.all(this.lacos);
    this.lacos = [];
    const pendentes = [...this.avisos.entries()];
    this.avisos.clear();
    for (const [loteId, timer] of pendentes) {
      clearTimeout(timer);
      await publicar(this.deps, { tipo: 'processamento_lote', id: loteId });
    }
  }

  /** Works items until none is left (tests and the demo's small batches). */
  async processarTudo() {
    while (await this.processarProximo()) {}
  }

  /** Works one item; false when there was none, 'limite' when the provider's rate limit sent it back. */
  async processarProximo(): Promise<boolean | 'limite'> {
    return (await this.trabalhar()).r;
  }

  /** One item, and the pause its kind asks for after it (undefined: the usual one). */
  private async trabalhar(): Promise<{ r: boolean | 'limite'; pausaDoTipo?: number }> {
    const tomado = await this.tomar();
    if (!tomado) return { r: false };
    const { definicao, trabalho, acao } = tomado;
    const pausaDoTipo = definicao.pausaMs;
    this.emMaos.add(trabalho.id);
    let r: Resultado;
    try {
      if (acao === 'DESFAZER') {
        await definicao.desfazer!(this.deps, trabalho);
        r = { status: 'DESFEITO', resultado: trabalho.resultado };
      } else {
        r = { status: 'OK', resultado: await definicao.processar(this.deps, trabalho) };
      }
    } catch (err) {
      if (err instanceof AppError && err.codigo === 'PROVEDOR_LIMITE') {
        await this.devolver(trabalho.id);
        this.emMaos.delete(trabalho.id);
        return { r: 'limite' };
      }
      if (!(err instanceof AppError)) this.log.error({ err, item: trabalho.id }, 'item de processamento em lote');
      r = { status: 'ERRO', erro: err instanceof AppError ? err : new AppError('ERRO_INESPERADO') };
    }
    try {
      await this.registrar(trabalho, r);
    } finally {
      this.emMaos.delete(trabalho.id);
    }
    this.avisar(trabalho.loteId);
    return { r: true, pausaDoTipo };
  }

  /** One hub notice per batch per INTERVALO_AVISO_MS, carrying whatever happened meanwhile. */
  private avisar(loteId: number) {
    if (this.avisos.has(loteId)) return;
    const timer = setTimeout(() => {
      this.avisos.delete(loteId);
      publicar(this.deps, { tipo: 'processamento_lote', id: loteId }).catch((err) =>
        this.log.error({ err }, 'processamento em lote'),
      );
    }, INTERVALO_AVISO_MS);
    timer.unref();
    this.avisos.set(loteId, timer);
  }

  /**
   * The next item of a running batch: pending, else EM_ANDAMENTO past its lease (its worker died);
   * its batch comes in the same statement. The pending ones are asked for alone, in id order, so
   * the claim walks the partial index and stops at the first free row instead of sorting every
   * pending item of a 100,000-item batch.
   */
  private async tomar() {
    const ativo = sql`exists (select 1 from ${lote} l where l.id = i.lote_id and l.status in ('PENDENTE', 'EM_ANDAMENTO'))`;
    const pendente = sql`i.status = 'PENDENTE' and ${ativo}`;
    const vencido = sql`i.status = 'EM_ANDAMENTO' and i.atualizado_em < now() - ${RESERVA_ITEM_MS} * interval '1 millisecond' and ${ativo}`;
    const i = (await this.reivindicar(pendente)) ?? (await this.reivindicar(vencido));
    if (!i) return null;
    if (i.status_lote === 'PENDENTE')
      await this.deps.db
        .update(lote)
        .set({ status: 'EM_ANDAMENTO', iniciadoEm: sql`coalesce(${lote.iniciadoEm}, now())` })
        .where(and(eq(lote.id, i.lote_id), eq(lote.status, 'PENDENTE')));
    const trabalho: ItemEmTrabalho = {
      id: i.id,
      loteId: i.lote_id,
      referenciaId: i.referencia_id,
      resultado: i.resultado,
      organizacaoId: i.organizacao_id,
      tentativas: i.tentativas,
      parametros: i.parametros,
      criadoPor: i.criado_por,
    };
    const definicao = tipoLote(i.tipo);
    if (!definicao) throw new Error(`bulk kind ${i.tipo} is not registered`);
    return { definicao, trabalho, acao: i.acao };
  }

  private async reivindicar(condicao: SQL) {
    const r = (await this.deps.db.execute(sql`
      with tomado as (
        update ${item} set status = 'EM_ANDAMENTO', tentativas = tentativas + 1, atualizado_em = now()
        where id = (select i.id from ${item} i where ${condicao} order by i.id limit 1 for update of i skip locked)
        returning id, lote_id, referencia_id, resultado, acao, tentativas)
      select t.*, l.tipo, l.organizacao_id, l.parametros, l.criado_por, l.status as status_lote
      from tomado t join ${lote} l on l.id = t.lote_id`)) as unknown as {
      rows: {
        id: number;
        lote_id: number;
        referencia_id: number;
        resultado: string | null;
        acao: string;
        tentativas: number;
        tipo: string;
        organizacao_id: number;
        parametros: unknown;
        criado_por: number;
        status_lote: string;
      }[];
    };
    return r.rows[0];
  }

  private async devolver(itemId: number) {
    await this.deps.db.update(item).set({ status: 'PENDENTE', atualizadoEm: new Date() }).where(eq(item.id, itemId));
  }

  /**
   * The item's outcome, the batch's counts and, with the last item, its closing — one statement,
   * so one round trip per item. Recorded only by the claim that still holds the item (a worker
   * taken for dead that comes back late finds another attempt there and leaves the counts alone).
   */
  private async registrar(t: ItemEmTrabalho, r: Resultado) {
    const campos =
      r.status === 'ERRO'
        ? sql`status = 'ERRO', erro_codigo = ${r.erro.codigo}, erro_parametros = ${r.erro.params ? JSON.stringify(r.erro.params) : null}::jsonb`
        : sql`status = ${r.status}, resultado = ${r.resultado}, erro_codigo = null, erro_parametros = null`;
    const [ok, erro, desfeito] = (['OK', 'ERRO', 'DESFEITO'] as const).map((s) => (r.status === s ? 1 : 0));
    // SET expressions read the row as it was: "+ 1" is this item.
    const ultimo = sql`l.status = 'EM_ANDAMENTO' and l.sucessos + l.erros + l.desfeitos + 1 >= l.total`;
    await this.deps.db.execute(sql`
      with gravado as (
        update ${item} set ${campos}, atualizado_em = now()
        where id = ${t.id} and status = 'EM_ANDAMENTO' and tentativas = ${t.tentativas}
        returning lote_id)
      update ${lote} l set sucessos = l.sucessos + ${ok}, erros = l.erros + ${erro}, desfeitos = l.desfeitos + ${desfeito},
        status = case when ${ultimo} then case when l.erros + ${erro} > 0 then 'CONCLUIDO_COM_ERROS' else 'CONCLUIDO' end
          else l.status end,
        concluido_em = case when ${ultimo} then now() else l.concluido_em end
      where l.id in (select lote_id from gravado)`);
  }
}
