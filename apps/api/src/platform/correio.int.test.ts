import { schema } from '@sig/db';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppTeste, criarAppTeste } from '../../test/app-teste.js';
import { iniciarSmtpFalso, type SmtpFalso } from '../../test/smtp-falso.js';

let t: AppTeste;
let smtp: SmtpFalso;

beforeAll(async () => {
  smtp = await iniciarSmtpFalso();
  t = await criarAppTeste({ SMTP_URL: smtp.url }, { trabalhar: true });
});
afterAll(async () => {
  await t.fechar();
  await smtp.fechar();
});

const cs = schema.caixaSaida;
const linhaPara = async (para: string) => (await t.banco.db.select().from(cs).where(eq(cs.para, para)))[0];
const escrever = (para: string, assunto = 'Aviso de teste') =>
  t.app.deps.correio.enfileirar(t.banco.db, { para, assunto, texto: 'Olá' });
const tarefas = async (id: number) =>
  (
    (await t.banco.db.execute(
      sql`select state::text as state, start_after > now() + interval '1 second' as adiada
          from pgboss.job where name = 'correio.enviar' and singleton_key = ${String(id)} order by created_on`,
    )) as unknown as { rows: { state: string; adiada: boolean }[] }
  ).rows;
/** The job's run has ended (the row then says how): waiting for a retry, or failed for good. */
const falhou = async (id: number, tentativas: number) => {
  const linha = (await t.banco.db.select().from(cs).where(eq(cs.id, id)))[0]!;
  const estado = (await tarefas(id)).at(-1)?.state;
  return linha.tentativas === tentativas && (estado === 'retry' || estado === 'failed');
};
/** A retry's wait is over: the test moves the clock of its job instead of waiting for it. */
const passarEspera = (id: number) =>
  t.banco.db.execute(
    sql`update pgboss.job set start_after = now()
        where name = 'correio.enviar' and singleton_key = ${String(id)} and state = 'retry'`,
  );

describe('mail through the outbox and its jobs', () => {
  it('a mail the SMTP server refuses waits out its backoff, is sent by the retry, and the row tells each step', async () => {
    smtp.recusar(1);
    await escrever('reenvio@exemplo.org', 'Tentativa de reenvio');
    const id = (await linhaPara('reenvio@exemplo.org'))!.id;
    await expect.poll(() => falhou(id, 1), { timeout: 10_000 }).toBe(true);
    const linha = (await linhaPara('reenvio@exemplo.org'))!;
    expect(linha).toMatchObject({ situacao: 'PENDENTE', enviadoEm: null });
    expect(linha.erro).toContain('451');
    expect(await tarefas(linha.id)).toEqual([{ state: 'retry', adiada: true }]);

    await passarEspera(linha.id);
    await expect
      .poll(async () => (await linhaPara('reenvio@exemplo.org'))?.situacao, { timeout: 10_000 })
      .toBe('ENVIADO');
    expect(await linhaPara('reenvio@exemplo.org')).toMatchObject({ tentativas: 2, erro: null });
    expect(smtp.recebidas.filter((m) => m.includes('Subject: Tentativa de reenvio'))).toHaveLength(1);
  });

  it('after its last retry the mail is an error with the SMTP answer; resent, it goes', async () => {
    smtp.recusar(-1);
    await escrever('sempre-recusado@exemplo.org');
    const id = (await linhaPara('sempre-recusado@exemplo.org'))!.id;
    // Five retries after the first run.
    for (let n = 1; n <= 6; n++) {
      await expect.poll(() => falhou(id, n), { timeout: 10_000 }).toBe(true);
      if (n < 6) await passarEspera(id);
    }
    await expect.poll(async () => (await tarefas(id)).map((x) => x.state), { timeout: 10_000 }).toEqual(['failed']);
    const recusada = (await linhaPara('sempre-recusado@exemplo.org'))!;
    expect(recusada.situacao).toBe('ERRO');
    expect(recusada.erro).toContain('mailbox temporarily unavailable');

    smtp.recusar(0);
    expect(await t.app.deps.correio.reenviar(id)).toBe(true);
    await expect
      .poll(async () => (await linhaPara('sempre-recusado@exemplo.org'))?.situacao, { timeout: 10_000 })
      .toBe('ENVIADO');
    expect(await linhaPara('sempre-recusado@exemplo.org')).toMatchObject({ tentativas: 1, erro: null });
    expect((await tarefas(id)).map((x) => x.state)).toEqual(['failed', 'completed']);
    // Only a failed one is resent.
    expect(await t.app.deps.correio.reenviar(id)).toBe(false);
  });

  it('a mail written in a transaction that rolls back leaves neither a row nor a job', async () => {
    const contar = async () =>
      (
        (await t.banco.db.execute(
          sql`select count(*)::int as n from pgboss.job where name = 'correio.enviar'`,
        )) as unknown as {
          rows: { n: number }[];
        }
      ).rows[0]!.n;
    const antes = await contar();
    await expect(
      t.banco.db.transaction(async (tx) => {
        await t.app.deps.correio.enfileirar(tx, { para: 'desfeito@exemplo.org', assunto: 'x', texto: 'x' });
        throw new Error('desfazer');
      }),
    ).rejects.toThrow('desfazer');
    expect(await linhaPara('desfeito@exemplo.org')).toBeUndefined();
    expect(await contar()).toBe(antes);
  });

  it('a row left pending without a job (written while SMTP was off) is sent after a worker starts', async () => {
    smtp.recusar(0);
    await t.banco.db.insert(cs).values({ para: 'sem-tarefa@exemplo.org', assunto: 'Esquecido', texto: 'x' });
    await t.app.deps.tarefas.enviar('correio.retomar', {});
    await expect
      .poll(async () => (await linhaPara('sem-tarefa@exemplo.org'))?.situacao, { timeout: 10_000 })
      .toBe('ENVIADO');
  });
});
