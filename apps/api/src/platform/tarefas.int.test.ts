import { sql } from 'drizzle-orm';
import { TestClock } from 'pg-boss';
import { describe, expect, it } from 'vitest';
import { usarAppTeste } from '../../test/app-teste.js';
import { type DefinicaoTarefa, Tarefas } from './tarefas.js';

const t = usarAppTeste();

describe('a job whose worker died', () => {
  it('runs again soon instead of holding its one-at-a-time queue until it expires', async () => {
    const relogio = new TestClock(new Date('2026-11-23T15:40:00Z'));
    const execucoes: string[] = [];
    // One at a time and an hour to expire, as the provider reconciliation is.
    const definicao: DefinicaoTarefa<object> = {
      fila: 'teste.unica-longa',
      unica: true,
      expiraSegundos: 3600,
      executar: async (_ctx, tarefa) => {
        execucoes.push(tarefa.id);
        return {};
      },
    };
    const tarefas = new Tarefas<object>(t.banco, t.app.log, { intervaloSegundos: 5, relogio });
    tarefas.declarar(definicao);
    try {
      await tarefas.abrir({ supervisionar: true });
      const id = await tarefas.enviar(definicao.fila, {});
      // What a worker killed in the middle of the job leaves: the job active, its last sign of life then.
      // The test clock's time is written as a value: only pg-boss's own sessions read it through
      // job_now(), and on PostgreSQL this one is not among them.
      const agora = new Date(relogio.now()).toISOString();
      await t.banco.db.execute(
        sql`update pgboss.job set state = 'active', started_on = ${agora}::timestamptz, heartbeat_on = ${agora}::timestamptz
            where name = ${definicao.fila} and id = ${id}`,
      );
      await tarefas.trabalhar({});
      // Five minutes, far short of the hour the job may take while its worker is alive.
      for (let i = 0; i < 60 && execucoes.length === 0; i++) await relogio.tick(5000);
      expect(execucoes).toEqual([id]);
    } finally {
      await tarefas.parar();
    }
  });
});

describe('a queue worked in batches', () => {
  it('drains a backlog without waiting out the poll between jobs, each job completed or failed on its own', async () => {
    const execucoes: number[] = [];
    const definicao: DefinicaoTarefa<object, { n: number }> = {
      fila: 'teste.em-lote',
      unica: true,
      lote: 5,
      tentativas: 1,
      esperaSegundos: 3600,
      executar: async (_ctx, tarefa) => {
        execucoes.push(tarefa.dados.n);
        if (tarefa.dados.n === 7) throw new Error('falhou o sete');
        return { n: tarefa.dados.n };
      },
    };
    // A poll a minute apart: only the batches' own pace can drain twelve jobs in seconds.
    const tarefas = new Tarefas<object>(t.banco, t.app.log, { intervaloSegundos: 60 });
    tarefas.declarar(definicao as DefinicaoTarefa<object, never>);
    try {
      await tarefas.abrir({ supervisionar: true });
      await tarefas.trabalhar({});
      const itens = Array.from({ length: 12 }, (_, n) => ({ dados: { n }, chave: String(n) }));
      await t.banco.db.transaction((tx) => tarefas.enviarVarios(definicao.fila, itens, { em: tx }));
      for (let i = 0; i < 100 && execucoes.length < 12; i++) await new Promise((r) => setTimeout(r, 100));
      expect(execucoes.sort((a, b) => a - b)).toEqual(itens.map((i) => i.dados.n));
      const estados = (
        (await t.banco.db.execute(
          sql`select data->>'n' as n, state::text as estado, output->>'message' as erro from pgboss.job where name = ${definicao.fila}`,
        )) as unknown as { rows: { n: string; estado: string; erro: string | null }[] }
      ).rows;
      expect(estados.filter((e) => e.estado === 'completed')).toHaveLength(11);
      expect(estados.find((e) => e.n === '7')).toMatchObject({ estado: 'retry', erro: 'falhou o sete' });
    } finally {
      await tarefas.parar();
    }
  });
});
