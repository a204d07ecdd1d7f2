import { type Db, type DbOuTx, schema } from '@sig/db';
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';
import { type DefinicaoTarefa, mensagemDeFalha, type Tarefas } from './tarefas.js';

/** A file sent with a message: its bytes travel in the outbox row as base64. */
export type AnexoMensagem = { nome: string; tipo: string; conteudo: string };
export type Mensagem = { para: string; assunto: string; texto: string; html?: string; anexos?: AnexoMensagem[] };

const { caixaSaida } = schema;
const FILA_ENVIAR = 'correio.enviar';
/** An SMTP error kept on the row, for the outbox screen. */
const MAX_ERRO = 500;

/**
 * nodemailer's pool of SMTP connections unless the URL says otherwise (`?pool=false`): a batch of
 * mail reuses a few connections instead of opening one per message.
 */
export function comConexoesReusadas(smtpUrl: string): string {
  const u = new URL(smtpUrl);
  if (!u.searchParams.has('pool')) u.searchParams.set('pool', 'true');
  return u.toString();
}

/**
 * Mail goes through the outbox table first, in the transaction of the change that causes it;
 * the row is the record. With `SMTP_URL` set, a job of the same transaction sends it (retried
 * with backoff; the row says each failure). Without SMTP the rows stay in the outbox, where the
 * administrator reads them (docs/adr/0005, 0013).
 */
export class Correio {
  private readonly transporte: Transporter | null;

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
    private readonly tarefas: Pick<Tarefas<never>, 'enviar' | 'enviarVarios'>,
    smtpUrl: string | undefined,
    private readonly remetente: string,
  ) {
    this.transporte = smtpUrl ? nodemailer.createTransport(comConexoesReusadas(smtpUrl)) : null;
  }

  /** Whether mail leaves the outbox at all (SMTP_URL is set). */
  get comSmtp() {
    return !!this.transporte;
  }

  /** Writes the message to the outbox and, with SMTP, its sending job: both or neither. */
  enfileirar(db: DbOuTx, m: Mensagem): Promise<void> {
    return this.enfileirarVarias(db, [m]);
  }

  /** `enfileirar` for many messages (a sending to a synod): one insert of the rows, one of their jobs. */
  async enfileirarVarias(db: DbOuTx, ms: Mensagem[]): Promise<void> {
    if (!ms.length) return;
    await db.transaction(async (tx) => {
      const linhas = await tx.insert(caixaSaida).values(ms).returning({ id: caixaSaida.id });
      if (this.transporte)
        await this.tarefas.enviarVarios(
          FILA_ENVIAR,
          linhas.map(({ id }) => ({ dados: { id }, chave: String(id) })),
          { em: tx },
        );
    });
  }

  private async agendar(em: DbOuTx, id: number) {
    if (this.transporte) await this.tarefas.enviar(FILA_ENVIAR, { id }, { em, chave: String(id) });
  }

  /**
   * Sends one outbox row (the job's handler). Idempotent: a row already sent is left alone. A
   * failure is written on the row (PENDENTE while retries remain, then ERRO) and thrown, so the
   * job is retried.
   */
  async enviar(id: number, ultima: boolean): Promise<{ enviado: boolean }> {
    if (!this.transporte) return { enviado: false };
    const [m] = await this.db
      .update(caixaSaida)
      .set({ situacao: 'ENVIANDO', tentativas: sql`${caixaSaida.tentativas} + 1` })
      .where(and(eq(caixaSaida.id, id), ne(caixaSaida.situacao, 'ENVIADO')))
      .returning();
    if (!m) return { enviado: false };
    try {
      await this.transporte.sendMail({
        from: this.remetente,
        to: m.para,
        subject: m.assunto,
        text: m.texto,
        html: m.html ?? undefined,
        attachments: m.anexos?.map((a) => ({
          filename: a.nome,
          contentType: a.tipo,
          content: Buffer.from(a.conteudo, 'base64'),
        })),
      });
    } catch (err) {
      this.log.warn({ err, id }, 'e-mail not sent');
      await this.db
        .update(caixaSaida)
        .set({ situacao: ultima ? 'ERRO' : 'PENDENTE', erro: mensagemDeFalha(err).slice(0, MAX_ERRO) })
        .where(eq(caixaSaida.id, id));
      throw err;
    }
    await this.db
      .update(caixaSaida)
      .set({ situacao: 'ENVIADO', enviadoEm: new Date(), erro: null })
      .where(eq(caixaSaida.id, id));
    return { enviado: true };
  }

  /**
   * A sending job for every row still to send (written while SMTP was off, or whose job was
   * lost): run when a worker starts. A row whose job is still queued or running keeps it.
   */
  async retomar(): Promise<number> {
    if (!this.transporte) return 0;
    const pendentes = await this.db
      .select({ id: caixaSaida.id })
      .from(caixaSaida)
      .where(inArray(caixaSaida.situacao, ['PENDENTE', 'ENVIANDO']))
      .orderBy(asc(caixaSaida.id));
    let n = 0;
    for (const { id } of pendentes) if (await this.tarefas.enviar(FILA_ENVIAR, { id }, { chave: String(id) })) n++;
    return n;
  }

  /** A failed row back to the outbox, attempts counted again; false when the row is not a failed one. */
  async reenviar(id: number): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const [linha] = await tx
        .update(caixaSaida)
        .set({ situacao: 'PENDENTE', tentativas: 0, erro: null })
        .where(and(eq(caixaSaida.id, id), eq(caixaSaida.situacao, 'ERRO')))
        .returning({ id: caixaSaida.id });
      if (!linha) return false;
      await this.agendar(tx, id);
      return true;
    });
  }

  parar() {
    this.transporte?.close();
  }
}

/** The outbox's jobs, registered by the composition root. */
export const TAREFAS_CORREIO = [
  {
    fila: FILA_ENVIAR,
    // One job per row at a time: a retry and a resend never send the same mail twice at once.
    unica: true,
    tentativas: 5,
    esperaSegundos: 30,
    expiraSegundos: 120,
    concorrencia: 2,
    // Thousands of messages at once (a term sent to a synod) drain without a poll's wait between them.
    lote: 20,
    executar: (ctx, t) => ctx.correio.enviar(t.dados.id, t.ultima),
  } satisfies DefinicaoTarefa<{ correio: Correio }, { id: number }>,
  {
    fila: 'correio.retomar',
    unica: true,
    aoIniciar: true,
    executar: async (ctx) => ({ enfileiradas: await ctx.correio.retomar() }),
  } satisfies DefinicaoTarefa<{ correio: Correio }>,
];
