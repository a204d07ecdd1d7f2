import { type Db, schema } from '@sig/db';
import { and, eq, sql } from 'drizzle-orm';
import { TestClock } from 'pg-boss';
import { beforeAll, describe, expect, it } from 'vitest';
import { usarAppTeste } from '../../../test/app-teste.js';
import { criarContaPelaApi } from '../../../test/asaas-teste.js';
import { Tarefas } from '../../platform/tarefas.js';
import { marcarVencidas, TAREFA_MARCAR_VENCIDAS } from './vencimento.job.js';

const t = usarAppTeste();
let tesouraria: string;
let pessoaId: number;

const criarConta = async (vencimento: string) =>
  (
    await criarContaPelaApi(t, tesouraria, {
      pessoaId,
      mesCompetencia: Number(vencimento.slice(5, 7)),
      anoCompetencia: Number(vencimento.slice(0, 4)),
      vencimento,
    })
  ).id as number;
const status = async (id: number) =>
  (await t.req({ method: 'GET', url: `/api/conta-a-receber/${id}`, token: tesouraria })).json().status;

beforeAll(async () => {
  tesouraria = await t.login('tesouraria@sig.local');
  const [p] = await t.banco.db
    .select({ id: schema.pessoa.id })
    .from(schema.pessoa)
    .where(eq(schema.pessoa.cpf, '39053344705'));
  pessoaId = p!.id;
});

describe('overdue receivables', () => {
  it('marks open receivables past their due date overdue, once, with the history; later ones and others stay', async () => {
    const vencida = await criarConta('2026-10-10');
    const hoje = await criarConta('2026-11-22');
    const futura = await criarConta('2026-12-10');
    const excluida = await criarConta('2026-10-11');
    expect(
      (await t.req({ method: 'DELETE', url: `/api/conta-a-receber/${excluida}`, token: tesouraria })).statusCode,
    ).toBe(200);
    expect(await marcarVencidas(t.banco.db, '2026-11-22')).toBe(1);
    expect(await status(vencida)).toBe('VENCIDO');
    expect(await status(hoje)).toBe('ABERTO');
    expect(await status(futura)).toBe('ABERTO');
    expect(await status(excluida)).toBe('EXCLUIDO');
    const h = schema.historicoAlteracao;
    const historico = await t.banco.db
      .select({ campo: h.campo, antes: h.valorAnterior, depois: h.valorNovo, usuario: h.usuarioId })
      .from(h)
      .where(and(eq(h.entidade, 'conta_a_receber'), eq(h.entidadeId, vencida), eq(h.campo, 'status')));
    expect(historico).toEqual([{ campo: 'status', antes: 'ABERTO', depois: 'VENCIDO', usuario: null }]);
    expect(await marcarVencidas(t.banco.db, '2026-11-22')).toBe(0);
  });
});

describe('the overdue marking as a job', () => {
  it('runs once per hour across two workers on the same database, and once when they start together', async () => {
    // Both workers read one clock the test moves: 12:40 in Brazil, twenty minutes before the hour.
    const relogio = new TestClock(new Date('2026-11-23T15:40:00Z'));
    const trabalhadores = [0, 1].map(
      () => new Tarefas<{ db: Db }>(t.banco, t.app.log, { intervaloSegundos: 30, relogio }),
    );
    const execucoes = async () =>
      (
        (await t.banco.db.execute(
          sql`select state::text as state from pgboss.job where name = 'receber.marcar-vencidas' order by created_on`,
        )) as unknown as { rows: { state: string }[] }
      ).rows.map((r) => r.state);
    /** Moves the clock five seconds at a time until the runs so far are done (handlers run between ticks). */
    const concluidas = async (n: number) => {
      for (let i = 0; i < 60 && (await execucoes()).filter((s) => s === 'completed').length < n; i++)
        await relogio.tick(5000);
      return execucoes();
    };
    try {
      for (const w of trabalhadores) {
        w.declarar(TAREFA_MARCAR_VENCIDAS);
        await w.abrir({ supervisionar: true });
      }
      await Promise.all(trabalhadores.map((w) => w.trabalhar({ db: t.banco.db })));
      expect(await concluidas(1)).toEqual(['completed']);
      // Past 13:00: the cron pass of one of them sends the hour's job, and one of them runs it.
      await relogio.setTime(new Date('2026-11-23T15:59:55Z'));
      expect(await concluidas(2)).toEqual(['completed', 'completed']);
      await relogio.setTime(new Date('2026-11-23T16:20:00Z'));
      await relogio.tick(60_000);
      expect(await execucoes()).toEqual(['completed', 'completed']);
    } finally {
      await Promise.all(trabalhadores.map((w) => w.parar()));
    }
  });
});
