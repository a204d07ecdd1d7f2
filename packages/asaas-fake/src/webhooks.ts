import { randomUUID } from 'node:crypto';
import { setTimeout as esperar } from 'node:timers/promises';
import type { Cobranca, Conta, Webhook } from './loja.js';

export type Evento = { id: string; event: string; dateCreated: string; payment: Cobranca };
export type OpcoesEntrega = {
  /** Wait before the first retry; doubles per failure up to 32×. */
  intervaloMs: number;
  /** Failures in a row after which the queue pauses (`interrupted`), as Asaas does after 15. */
  maxFalhas: number;
};

/** `YYYY-MM-DD HH:mm:ss` in Brasília time, the format of webhook `dateCreated`. */
export const dataHoraBrasilia = (d = new Date()) =>
  d.toLocaleString('sv-SE', { timeZone: 'America/Sao_Paulo' }).replace('T', ' ');

/**
 * Delivers events to the configured webhooks: one queue per webhook, in order, POST with the
 * `asaas-access-token` header; only HTTP 200 counts; retried with backoff until the queue
 * pauses after `maxFalhas` failures in a row (resumed by PUT with `interrupted: false`).
 */
export class Entregador {
  private readonly filas = new Map<string, Evento[]>();
  private readonly ativas = new Set<string>();
  private readonly falhas = new Map<string, number>();
  private readonly encerrar = new AbortController();
  private readonly emAndamento = new Set<Promise<void>>();

  constructor(private readonly opcoes: OpcoesEntrega) {}

  publicar(conta: Conta, event: string, payment: Cobranca) {
    const evento: Evento = {
      id: `evt_${randomUUID().replaceAll('-', '')}`,
      event,
      dateCreated: dataHoraBrasilia(),
      payment: structuredClone(payment),
    };
    for (const wh of Object.values(conta.webhooks)) {
      if (!wh.enabled || !wh.events.includes(event)) continue;
      const fila = this.filas.get(wh.id) ?? [];
      fila.push(evento);
      this.filas.set(wh.id, fila);
      this.retomar(wh);
    }
  }

  /** Starts (or resumes) the queue of one webhook unless it is running or paused. */
  retomar(wh: Webhook) {
    if (this.ativas.has(wh.id) || wh.interrupted || this.encerrar.signal.aborted) return;
    this.ativas.add(wh.id);
    const p = this.processar(wh).finally(() => {
      this.ativas.delete(wh.id);
      this.emAndamento.delete(p);
    });
    this.emAndamento.add(p);
  }

  pendentes(webhookId: string): number {
    return this.filas.get(webhookId)?.length ?? 0;
  }

  async fechar() {
    this.encerrar.abort();
    await Promise.allSettled([...this.emAndamento]);
  }

  private async processar(wh: Webhook) {
    const fila = this.filas.get(wh.id) ?? [];
    while (fila.length && wh.enabled && !wh.interrupted && !this.encerrar.signal.aborted) {
      if (await this.enviar(wh, fila[0]!)) {
        fila.shift();
        this.falhas.set(wh.id, 0);
        continue;
      }
      const n = (this.falhas.get(wh.id) ?? 0) + 1;
      this.falhas.set(wh.id, n);
      if (n >= this.opcoes.maxFalhas) {
        wh.interrupted = true;
        return;
      }
      try {
        await esperar(this.opcoes.intervaloMs * 2 ** Math.min(n - 1, 5), undefined, { signal: this.encerrar.signal });
      } catch {
        return;
      }
    }
  }

  private async enviar(wh: Webhook, evento: Evento): Promise<boolean> {
    try {
      const r = await fetch(wh.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'user-agent': 'Asaas-Fake-Webhook/3',
          ...(wh.authToken ? { 'asaas-access-token': wh.authToken } : {}),
        },
        body: JSON.stringify(evento),
        signal: AbortSignal.any([this.encerrar.signal, AbortSignal.timeout(10_000)]),
      });
      await r.body?.cancel();
      return r.status === 200;
    } catch {
      return false;
    }
  }
}
