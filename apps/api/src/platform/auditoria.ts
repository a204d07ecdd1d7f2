import type { Banco } from '@sig/db';
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

/** Where a request came from, as the audit keeps it. */
export type OrigemPedido = { ip: string; userAgent: string | null; rota: string };

const LIMITE_LOTE = 500;
const INTERVALO_MS = 1000;

type Linha = EventoAuditoria & { criadoEm: Date };

const COLUNAS = [
  ['evento', 'text'],
  ['usuario_id', 'int'],
  ['login', 'text'],
  ['organizacao_id', 'int'],
  ['acesso', 'text'],
  ['metodo', 'text'],
  ['rota', 'text'],
  ['status', 'smallint'],
  ['ip', 'text'],
  ['user_agent', 'text'],
  ['duracao_ms', 'int'],
  ['criado_em', 'timestamptz'],
] as const;

/**
 * One statement for any batch size: each column travels as one array parameter and unnest
 * turns them into rows (an ORM insert of hundreds of rows costs tens of milliseconds of CPU
 * on the event loop; this costs almost nothing).
 */
const SQL_LOTE = `insert into auditoria_acesso (${COLUNAS.map(([c]) => c).join(', ')})
  select * from unnest(${COLUNAS.map(([, tipo], i) => `$${i + 1}::${tipo}[]`).join(', ')})`;

/**
 * Access audit written in batches: a request only appends to a buffer; a timer (or a full
 * buffer) writes it in one INSERT. `descarregar()` on shutdown writes what is left.
 */
export class Auditoria {
  private buffer: Linha[] = [];
  private timer: NodeJS.Timeout | null = null;
  private gravando: Promise<void> = Promise.resolve();

  constructor(
    private readonly consultar: Banco['consultar'],
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

  /** A list's file left the system: who, for which screen, from where. */
  exportacao(ctx: { usuarioId: number; organizacaoId: number }, acesso: string, origem: OrigemPedido) {
    this.registrar({
      evento: 'EXPORTACAO',
      usuarioId: ctx.usuarioId,
      organizacaoId: ctx.organizacaoId,
      acesso,
      metodo: 'GET',
      rota: origem.rota,
      status: 200,
      ip: origem.ip,
      userAgent: origem.userAgent,
    });
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
        await this.consultar('auditoria_lote', SQL_LOTE, [
          lote.map((l) => l.evento),
          lote.map((l) => l.usuarioId ?? null),
          lote.map((l) => l.login ?? null),
          lote.map((l) => l.organizacaoId ?? null),
          lote.map((l) => l.acesso ?? null),
          lote.map((l) => l.metodo ?? null),
          lote.map((l) => l.rota ?? null),
          lote.map((l) => l.status ?? null),
          lote.map((l) => l.ip ?? null),
          lote.map((l) => l.userAgent ?? null),
          lote.map((l) => l.duracaoMs ?? null),
          lote.map((l) => l.criadoEm.toISOString()),
        ]);
      } catch (err) {
        this.log.error({ err, quantidade: lote.length }, 'falha ao gravar auditoria');
      }
    });
    return this.gravando;
  }
}
