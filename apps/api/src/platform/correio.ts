import { type Db, schema } from '@sig/db';
import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';

export type Mensagem = { para: string; assunto: string; texto: string; html?: string };

const MAX_TENTATIVAS = 5;

/**
 * Mail goes through the outbox table first (nothing is lost if SMTP is down or absent);
 * a poller sends pending rows over SMTP when `SMTP_URL` is set. Without SMTP the rows stay
 * in the outbox, where the UI shows them.
 */
export class Correio {
  private readonly transporte: Transporter | null;
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
    smtpUrl: string | undefined,
    private readonly remetente: string,
  ) {
    this.transporte = smtpUrl ? nodemailer.createTransport(smtpUrl) : null;
  }

  async enfileirar(db: Pick<Db, 'insert'>, m: Mensagem): Promise<void> {
    await db.insert(schema.caixaSaida).values(m);
    if (this.transporte) setImmediate(() => void this.enviarPendentes());
  }

  /** Sends what is pending; rows are claimed with SKIP LOCKED so several workers can run. */
  async enviarPendentes(limite = 20): Promise<number> {
    if (!this.transporte) return 0;
    let enviados = 0;
    const pendentes = (await this.db.execute(
      sql`update ${schema.caixaSaida} set situacao = 'ENVIANDO', tentativas = tentativas + 1
          where id in (select id from ${schema.caixaSaida} where situacao = 'PENDENTE' order by id limit ${limite} for update skip locked)
          returning id, para, assunto, texto, html`,
    )) as unknown as { rows: { id: number; para: string; assunto: string; texto: string; html: string | null }[] };
    for (const m of pendentes.rows) {
      try {
        await this.transporte.sendMail({
          from: this.remetente,
          to: m.para,
          subject: m.assunto,
          text: m.texto,
          html: m.html ?? undefined,
        });
        await this.db
          .update(schema.caixaSaida)
          .set({ situacao: 'ENVIADO', enviadoEm: new Date(), erro: null })
          .where(eq(schema.caixaSaida.id, m.id));
        enviados++;
      } catch (err) {
        this.log.warn({ err, id: m.id }, 'falha ao enviar e-mail');
        await this.db
          .update(schema.caixaSaida)
          .set({
            situacao: sql`case when ${schema.caixaSaida.tentativas} >= ${MAX_TENTATIVAS} then 'ERRO' else 'PENDENTE' end`,
            erro: String((err as Error).message).slice(0, 500),
          })
          .where(eq(schema.caixaSaida.id, m.id));
      }
    }
    return enviados;
  }

  iniciar(intervaloMs = 10_000) {
    if (!this.transporte || this.timer) return;
    this.timer = setInterval(
      () => void this.enviarPendentes().catch((err) => this.log.error({ err }, 'correio')),
      intervaloMs,
    );
    this.timer.unref();
  }

  parar() {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.transporte?.close();
  }
}
