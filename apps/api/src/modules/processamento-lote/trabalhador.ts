import type { TipoLote } from '@sig/contracts';
import { schema } from '@sig/db';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Deps } from '../../platform/contexto.js';
import { AppError } from '../../platform/erros.js';
import { publicar } from '../../platform/hub.js';
import { type ItemEmTrabalho, TIPOS } from './tipos.js';

const { processamentoLote: lote, processamentoLoteItem: item } = schema;

/**
 * An item stays EM_ANDAMENTO this long before another worker may take it: longer than one
 * item's provider calls can last (4 attempts of 15 s each, per call), so only a dead worker's
 * item is taken again.
 */
export const RESERVA_ITEM_MS = 5 * 60_000;
/** Pause between items: Asaas allows 25,000 requests per 12 h and asks batch work to throttle. */
const PAUSA_ENTRE_ITENS_MS = 500;
const PAUSA_OCIOSO_MS = 2_000;
/** After the provider's rate limit outlasted the client's retries, the worker rests before going on. */
const PAUSA_LIMITE_MS = 60_000;

type Resultado = { status: 'OK' | 'DESFEITO'; resultado: string | null } | { status: 'ERRO'; erro: AppError };

/**
 * The bulk-processing worker of this process: claims one item at a time with FOR UPDATE SKIP
 * LOCKED (several processes may run one), works it through its kind, records the outcome and
 * tells the hub. Started by main (not in tests, which drive `processarProximo` or start it).
 */
export class TrabalhadorLote {
  private timer: NodeJS.Timeout | null = null;
  private rodando: Promise<unknown> | null = null;
  private parado = true;
  /** The pause its kind asks for after the item just worked (undefined: the usual one). */
  private pausaDoTipo: number | undefined;

  constructor(
    private readonly deps: Deps,
    private readonly log: FastifyBaseLogger,
  ) {}

  iniciar(pausaMs = PAUSA_ENTRE_ITENS_MS) {
    if (!this.parado) return;
    this.parado = false;
    const ciclo = async () => {
      let espera = PAUSA_OCIOSO_MS;
      try {
        const r = await this.processarProximo();
        espera = r === 'limite' ? PAUSA_LIMITE_MS : r ? (this.pausaDoTipo ?? pausaMs) : PAUSA_OCIOSO_MS;
      } catch (err) {
        this.log.error({ err }, 'processamento em lote');
      }
      if (this.parado) return;
      this.timer = setTimeout(() => {
        this.rodando = ciclo();
      }, espera);
      this.timer.unref();
    };
    this.rodando = this.retomarDoEmbutido()
      .catch((err) => this.log.error({ err }, 'processamento em lote'))
      .then(ciclo);
  }

  /**
   * The embedded database belongs to this one process: an item it left EM_ANDAMENTO was held by
   * this process before it died, so it goes back to work at once instead of waiting out its lease.
   */
  private async retomarDoEmbutido() {
    if (this.deps.config.databaseUrl) return;
    await this.deps.db.update(item).set({ status: 'PENDENTE' }).where(eq(item.status, 'EM_ANDAMENTO'));
  }

  /** Stops taking items and waits for the one in hand. */
  async parar() {
    this.parado = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.rodando;
  }

  /** Works items until none is left (tests and the demo's small batches). */
  async processarTudo() {
    while (await this.processarProximo()) {}
  }

  /** Works one item; false when there was none, 'limite' when the provider's rate limit sent it back. */
  async processarProximo(): Promise<boolean | 'limite'> {
    const tomado = await this.tomar();
    if (!tomado) return false;
    const { definicao, trabalho, acao, tentativa } = tomado;
    this.pausaDoTipo = definicao.pausaMs;
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
        return 'limite';
      }
      if (!(err instanceof AppError)) this.log.error({ err, item: trabalho.id }, 'item de processamento em lote');
      r = { status: 'ERRO', erro: err instanceof AppError ? err : new AppError('ERRO_INESPERADO') };
    }
    await this.registrar(trabalho, tentativa, r);
    await publicar(this.deps, { tipo: 'processamento_lote', id: trabalho.loteId });
    return true;
  }

  /** The next item of a running batch: pending, or EM_ANDAMENTO past its lease (its worker died). */
  private async tomar() {
    const r = (await this.deps.db.execute(sql`
      update ${item} set status = 'EM_ANDAMENTO', tentativas = tentativas + 1, atualizado_em = now()
      where id = (
        select i.id from ${item} i join ${lote} l on l.id = i.lote_id
        where (i.status = 'PENDENTE' or (i.status = 'EM_ANDAMENTO' and i.atualizado_em < now() - ${RESERVA_ITEM_MS} * interval '1 millisecond'))
          and l.status in ('PENDENTE', 'EM_ANDAMENTO')
        order by i.id limit 1 for update of i skip locked)
      returning id, lote_id, referencia_id, resultado, acao, tentativas`)) as unknown as {
      rows: {
        id: number;
        lote_id: number;
        referencia_id: number;
        resultado: string | null;
        acao: string;
        tentativas: number;
      }[];
    };
    const i = r.rows[0];
    if (!i) return null;
    await this.deps.db
      .update(lote)
      .set({ status: 'EM_ANDAMENTO', iniciadoEm: sql`coalesce(${lote.iniciadoEm}, now())` })
      .where(and(eq(lote.id, i.lote_id), eq(lote.status, 'PENDENTE')));
    const [l] = await this.deps.db
      .select({ tipo: lote.tipo, organizacaoId: lote.organizacaoId })
      .from(lote)
      .where(eq(lote.id, i.lote_id));
    const trabalho: ItemEmTrabalho = {
      id: i.id,
      loteId: i.lote_id,
      referenciaId: i.referencia_id,
      resultado: i.resultado,
      organizacaoId: l!.organizacaoId,
    };
    return { definicao: TIPOS[l!.tipo as TipoLote], trabalho, acao: i.acao, tentativa: i.tentativas };
  }

  private async devolver(itemId: number) {
    await this.deps.db.update(item).set({ status: 'PENDENTE', atualizadoEm: new Date() }).where(eq(item.id, itemId));
  }

  /**
   * The item's outcome and the batch's counts in one transaction; the last item closes the batch.
   * Recorded only by the claim that still holds the item (a worker taken for dead that comes back
   * late finds another attempt there and leaves the counts alone).
   */
  private async registrar(t: ItemEmTrabalho, tentativa: number, r: Resultado) {
    await this.deps.db.transaction(async (tx) => {
      const gravado = await tx
        .update(item)
        .set(
          r.status === 'ERRO'
            ? { status: 'ERRO', erroCodigo: r.erro.codigo, erroParametros: r.erro.params, atualizadoEm: new Date() }
            : {
                status: r.status,
                resultado: r.resultado,
                erroCodigo: null,
                erroParametros: null,
                atualizadoEm: new Date(),
              },
        )
        .where(and(eq(item.id, t.id), eq(item.status, 'EM_ANDAMENTO'), eq(item.tentativas, tentativa)))
        .returning({ id: item.id });
      if (!gravado.length) return;
      const contagem = { OK: lote.sucessos, ERRO: lote.erros, DESFEITO: lote.desfeitos }[r.status];
      const campo = { OK: 'sucessos', ERRO: 'erros', DESFEITO: 'desfeitos' }[r.status] as 'sucessos';
      const [l] = await tx
        .update(lote)
        .set({ [campo]: sql`${contagem} + 1` })
        .where(eq(lote.id, t.loteId))
        .returning();
      if (!l || l.sucessos + l.erros + l.desfeitos < l.total || l.status !== 'EM_ANDAMENTO') return;
      await tx
        .update(lote)
        .set({ status: l.erros ? 'CONCLUIDO_COM_ERROS' : 'CONCLUIDO', concluidoEm: new Date() })
        .where(eq(lote.id, t.loteId));
    });
  }
}
