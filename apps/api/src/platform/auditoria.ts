import { type Db, schema } from '@sig/db';
import type { FastifyBaseLogger } from 'fastify';

export type EventoAuditoria = {
  evento: string;
  usuarioId?: number | null;
  login?: string | null;
  organizacaoId?: number | null;
  acesso?: string | null;
  metodo?: string | null;
  rota?: string | null;
  status?: number | null;
  ip?: string | null;
  userAgent?: string | null;
  duracaoMs?: number | null;
};

const LIMITE_LOTE = 500;
const INTERVALO_MS = 1000;

/**
 * Access audit written in batches: a request only appends to a buffer; a timer (or a full
 * buffer) writes it in one INSERT. `descarregar()` on shutdown writes what is left.
 */
export class Auditoria {
  private buffer: (typeof schema.auditoriaAcesso.$inferInsert)[] = [];
  private timer: NodeJS.Timeout | null = null;
  private gravando: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
    private readonly ativa: boolean,
  ) {}

  registrar(e: EventoAuditoria) {
    if (!this.ativa) return;
    this.buffer.push({
      ...e,
      rota: e.rota?.slice(0, 500) ?? null,
      userAgent: e.userAgent?.slice(0, 300) ?? null,
      login: e.login?.slice(0, 254) ?? null,
      criadoEm: new Date(),
    });
    if (this.buffer.length >= LIMITE_LOTE) void this.descarregar();
    else if (!this.timer) {
      this.timer = setTimeout(() => void this.descarregar(), INTERVALO_MS);
      this.timer.unref();
    }
  }

  /** Writes everything buffered so far; resolves when it is in the database. */
  descarregar(): Promise<void> {
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = null;
    }
    const lote = this.buffer;
    this.buffer = [];
    this.gravando = this.gravando.then(async () => {
      if (!lote.length) return;
      try {
        await this.db.insert(schema.auditoriaAcesso).values(lote);
      } catch (err) {
        this.log.error({ err, quantidade: lote.length }, 'falha ao gravar auditoria');
      }
    });
    return this.gravando;
  }
}
