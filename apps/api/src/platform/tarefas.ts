import { type Banco, type DbOuTx, pgliteDe } from '@sig/db';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import {
  type Clock,
  type ConstructorOptions,
  type DrizzleTransactionLike,
  fromDrizzle,
  fromPglite,
  type JobResult,
  type JobWithMetadata,
  PgBoss,
  type Queue,
} from 'pg-boss';

/**
 * The job layer (docs/adr/0013-job-layer.md): pg-boss on the app's own database, PostgreSQL or
 * the embedded PGlite. Modules declare their jobs (`DefinicaoTarefa`), the composition root
 * registers them; every process may enqueue, only `worker`/`all` processes work them.
 */

/** pg-boss keeps its tables in this schema of its own, beside drizzle's `public`. */
export const ESQUEMA_TAREFAS = 'pgboss';
/** Cron expressions are read in Brazil's time, as the product's dates are. */
const FUSO_AGENDA = 'America/Sao_Paulo';
/** A job sent at start is sent once per slot this long, however many workers start together. */
const JANELA_INICIO_S = 300;
/** How long a graceful stop waits for the jobs in hand. */
const ESPERA_PARADA_MS = 10_000;
/**
 * A worker running a job says so this often (pg-boss's heartbeat, every half of it); a job whose
 * worker went silent this long (killed, its machine gone) is failed and retried, instead of holding
 * a one-at-a-time queue and its schedule until `expiraSegundos` (an hour for some).
 */
const BATIMENTO_S = 30;
/** Finished jobs stay visible (the administrator's jobs screen) this long. */
const RETENCAO_S = 14 * 24 * 3600;

/** One run of a job, as its handler gets it. */
type Tarefa<D> = {
  id: string;
  dados: D;
  /** 1 on the first run, then one more per retry. */
  tentativa: number;
  /** No retry follows a failure of this run. */
  ultima: boolean;
  /** Aborted when the job expires or the process stops. */
  sinal: AbortSignal;
};

/**
 * A job a module declares: its queue, its handler (idempotent: a job may run again after a
 * crash or a retry) and how it is retried, scheduled and deduplicated.
 */
export type DefinicaoTarefa<C, D extends object = Record<string, never>> = {
  /** The queue's name, `modulo.acao` (letters, digits, `.`, `-`). */
  fila: string;
  /** Does the work; what it answers is kept as the job's output. A throw is a failed run. */
  executar: (ctx: C, tarefa: Tarefa<D>) => Promise<object | undefined>;
  /** Retries after the first run (default 3). */
  tentativas?: number;
  /** Seconds before the first retry (default 10); doubled for each later one unless `exponencial: false`. */
  esperaSegundos?: number;
  exponencial?: boolean;
  /** The longest wait between retries (default one hour). */
  esperaMaximaSegundos?: number;
  /** A run taking longer is failed (and retried) (default 5 minutes). */
  expiraSegundos?: number;
  /**
   * At most one job of the queue queued or running at once across every worker, or one per
   * `chave` when jobs are sent with one (one per mail, one per webhook event).
   */
  unica?: boolean;
  /** A cron expression (Brazil's time): one job per occurrence across every worker. */
  agenda?: string;
  /** Also sent when a worker starts (catching up on what happened while none ran), with `{ inicio: true }`. */
  aoIniciar?: boolean;
  /** Jobs of this queue a worker runs at once (default 1). */
  concorrencia?: number;
  /**
   * Jobs a worker takes in one fetch and runs together (default 1), each completed or failed (and
   * retried) on its own. A worker whose fetch came back full fetches again at once: a
   * queue of many small jobs (one per e-mail) drains at the speed of its jobs, where one job per
   * fetch waits out the poll interval after each job once no new job wakes the worker.
   */
  lote?: number;
};

/** A worker with a loop of its own (the bulk batches), started and stopped with the jobs. */
type Trabalhador = { iniciar(): void; parar(): Promise<void> };

export type OpcoesTarefas = {
  /** Seconds between looks for due jobs (new ones also wake the worker at once). */
  intervaloSegundos: number;
  /** A clock of the test's own (pg-boss's TestClock), so no test waits for real time. */
  relogio?: Clock;
};

type Definicao<C> = DefinicaoTarefa<C, object>;

export class Tarefas<C> {
  private boss: PgBoss | null = null;
  private trabalhando = false;
  private readonly definicoes = new Map<string, Definicao<C>>();
  private readonly trabalhadores = new Map<string, Trabalhador>();

  constructor(
    private readonly banco: Banco,
    private readonly log: FastifyBaseLogger,
    private readonly opcoes: OpcoesTarefas,
  ) {}

  /** The composition root registers every module's jobs here, before the app opens. */
  declarar(...definicoes: DefinicaoTarefa<C, never>[]) {
    for (const d of definicoes as unknown as Definicao<C>[]) {
      if (this.definicoes.has(d.fila)) throw new Error(`job queue ${d.fila} declared twice`);
      this.definicoes.set(d.fila, d);
    }
  }

  /** A worker with its own loop, started by `trabalhar` beside the queues. */
  registrarTrabalhador(nome: string, trabalhador: Trabalhador) {
    this.trabalhadores.set(nome, trabalhador);
  }

  filas(): string[] {
    return [...this.definicoes.keys()];
  }

  /**
   * Installs or migrates pg-boss's schema (under its own advisory lock) and the declared queues.
   * An API process opens it to enqueue; `supervisionar` (worker processes) also runs pg-boss's
   * maintenance and cron passes.
   */
  async abrir({ supervisionar = false }: { supervisionar?: boolean } = {}) {
    if (this.boss) return;
    const boss = novoBoss(this.banco, {
      supervise: supervisionar,
      schedule: supervisionar,
      // Only a worker listens: a new job then wakes it at once instead of at its next look.
      useListenNotify: supervisionar,
      instanceName: supervisionar ? 'worker' : 'api',
      clock: this.opcoes.relogio,
      max: supervisionar ? 4 : 2,
    });
    boss.on('error', (err) => this.log.error({ err }, 'tarefas'));
    await boss.start();
    this.boss = boss;
    await this.criarFilas(boss);
  }

  private async criarFilas(boss: PgBoss) {
    const existentes = new Map((await boss.getQueues()).map((q) => [q.name, q]));
    for (const d of this.definicoes.values()) {
      const { policy, ...opcoes } = opcoesDaFila(d);
      const atual = existentes.get(d.fila);
      if (!atual) await boss.createQueue(d.fila, { policy, ...opcoes });
      else if (Object.entries(opcoes).some(([k, v]) => atual[k as keyof typeof atual] !== v))
        await boss.updateQueue(d.fila, opcoes);
    }
  }

  /**
   * Works every declared queue in this process, keeps each schedule and starts the workers with
   * loops of their own. `ctx` is what handlers get (the app's services).
   */
  async trabalhar(ctx: C) {
    const boss = this.aberto();
    if (this.trabalhando) return;
    this.trabalhando = true;
    const intervalo = this.opcoes.intervaloSegundos;
    for (const d of this.definicoes.values()) {
      const opcoes = {
        includeMetadata: true,
        pollingIntervalSeconds: intervalo,
        notifyPollingIntervalSeconds: intervalo,
        localConcurrency: d.concorrencia ?? 1,
      } as const;
      if ((d.lote ?? 1) > 1)
        await boss.work(
          d.fila,
          { ...opcoes, batchSize: d.lote, burstWhenBatchFull: true, perJobResults: true },
          (jobs: JobWithMetadata<object>[]) =>
            Promise.all(
              jobs.map(
                (job): Promise<JobResult> =>
                  this.executar(ctx, d, job).then(
                    (output) => ({ id: job.id, status: 'completed', output }),
                    (err: Error) => ({ id: job.id, status: 'failed', output: { message: err.message } }),
                  ),
              ),
            ),
        );
      else await boss.work(d.fila, opcoes, async ([job]: JobWithMetadata<object>[]) => this.executar(ctx, d, job!));
      if (d.agenda) await boss.schedule(d.fila, d.agenda, {}, { tz: FUSO_AGENDA });
      else await boss.unschedule(d.fila);
      if (d.aoIniciar)
        await boss.send(d.fila, { inicio: true }, { singletonKey: 'inicio', singletonSeconds: JANELA_INICIO_S });
    }
    for (const t of this.trabalhadores.values()) t.iniciar();
  }

  private async executar(ctx: C, d: Definicao<C>, job: JobWithMetadata<object>) {
    try {
      return await d.executar(ctx, {
        id: job.id,
        dados: job.data ?? {},
        tentativa: job.retryCount + 1,
        ultima: job.retryCount >= job.retryLimit,
        sinal: job.signal,
      });
    } catch (err) {
      this.log.warn({ err, fila: d.fila, tarefa: job.id, tentativa: job.retryCount + 1 }, 'job failed');
      // The job keeps the words of what failed, not the wrappers' (a query and its parameters).
      throw new Error(mensagemDeFalha(err));
    }
  }

  /**
   * Enqueues a job. With `em`, inside that transaction: the job exists if and only if the
   * transaction commits (on the embedded database a caller inside a transaction must pass it).
   * With `chave` on a `unica` queue, a job already queued or running for that key is kept and
   * null is answered.
   */
  async enviar(
    fila: string,
    dados: object,
    opcoes: { em?: DbOuTx; chave?: string; emSegundos?: number } = {},
  ): Promise<string | null> {
    if (!this.definicoes.has(fila)) throw new Error(`job queue ${fila} is not declared`);
    return this.aberto().send(fila, dados, {
      singletonKey: opcoes.chave,
      startAfter: opcoes.emSegundos,
      db: opcoes.em ? fromDrizzle(opcoes.em as unknown as DrizzleTransactionLike, sql) : undefined,
    });
  }

  /**
   * Several jobs of one queue in one statement (a batch of e-mails): `enviar`'s rules, each job with
   * its own `chave`.
   */
  async enviarVarios(fila: string, itens: { dados: object; chave?: string }[], opcoes: { em?: DbOuTx } = {}) {
    if (!this.definicoes.has(fila)) throw new Error(`job queue ${fila} is not declared`);
    if (!itens.length) return;
    await this.aberto().insert(
      fila,
      itens.map((i) => ({ data: i.dados, singletonKey: i.chave })),
      { db: opcoes.em ? fromDrizzle(opcoes.em as unknown as DrizzleTransactionLike, sql) : undefined },
    );
  }

  /** A failed job back to its queue (the administrator's retry); false when it is not a failed one. */
  async repetir(fila: string, id: string): Promise<boolean> {
    const boss = this.aberto();
    const [job] = await boss.findJobs(fila, { id });
    if (job?.state !== 'failed') return false;
    await boss.retry(fila, id);
    return true;
  }

  /** Stops the workers (waiting for what they hold) and closes pg-boss. */
  async parar() {
    await Promise.all([...this.trabalhadores.values()].map((t) => t.parar()));
    const boss = this.boss;
    this.boss = null;
    this.trabalhando = false;
    await boss?.stop({ graceful: true, timeout: ESPERA_PARADA_MS });
  }

  private aberto(): PgBoss {
    if (!this.boss) throw new Error('the job layer is not open');
    return this.boss;
  }
}

/** What a failure says under its wrappers: the database's own words beneath drizzle's "Failed query". */
export function mensagemDeFalha(err: unknown): string {
  let e = err;
  while (e instanceof Error && e.cause instanceof Error) e = e.cause;
  return e instanceof Error ? e.message : String(e);
}

/** pg-boss on the app's database: PGlite's one connection, or a small pool of its own on PostgreSQL. */
function novoBoss(banco: Banco, opcoes: ConstructorOptions): PgBoss {
  const pglite = pgliteDe(banco);
  const { max, ...resto } = opcoes;
  return pglite
    ? new PgBoss({ ...resto, schema: ESQUEMA_TAREFAS, db: fromPglite(pglite), backend: 'pglite' })
    : new PgBoss({ ...resto, max, schema: ESQUEMA_TAREFAS, connectionString: banco.url });
}

/**
 * Installs (or migrates) pg-boss's schema and nothing else: the tests' template database has it,
 * so no test file pays for it.
 */
export async function instalarTarefas(banco: Banco): Promise<void> {
  const boss = novoBoss(banco, { supervise: false, schedule: false, registerInstance: false, max: 2 });
  await boss.start();
  await boss.stop({ graceful: false });
}

/** A declaration in pg-boss's words. */
function opcoesDaFila<C>(d: Definicao<C>): Omit<Queue, 'name'> {
  return {
    policy: d.unica ? 'exclusive' : 'standard',
    retryLimit: d.tentativas ?? 3,
    retryDelay: d.esperaSegundos ?? 10,
    retryBackoff: d.exponencial ?? true,
    retryDelayMax: d.esperaMaximaSegundos ?? 3600,
    expireInSeconds: d.expiraSegundos ?? 300,
    heartbeatSeconds: BATIMENTO_S,
    deleteAfterSeconds: RETENCAO_S,
    notify: true,
  };
}
