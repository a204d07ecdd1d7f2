import { hojeNoBrasil } from '@sig/contracts';
import { schema } from '@sig/db';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppTeste, criarAppTeste } from '../../../test/app-teste.js';
import { criarPessoa, organizacaoPorNome } from '../../../test/fabricas.js';
import { iniciarSmtpFalso, type SmtpFalso } from '../../../test/smtp-falso.js';
import { avisarFimMandato } from './fim-mandato.job.js';

let t: AppTeste;
let smtp: SmtpFalso;
const PARA = 'secretaria@sinodo-alerta.test';

/** Today plus `dias`, as the API's dates. */
const emDias = (dias: number) => {
  const d = new Date(`${hojeNoBrasil()}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + dias);
  return d.toISOString().slice(0, 10);
};

beforeAll(async () => {
  smtp = await iniciarSmtpFalso();
  t = await criarAppTeste({ SMTP_URL: smtp.url }, { trabalhar: true });
});
afterAll(async () => {
  await t?.fechar();
  await smtp.fechar();
});

describe("the e-mail to the synod before a minister's term ends", () => {
  it('mails each call ending soon once per term, to the synod above the calling parish', async () => {
    const paroquiaId = await organizacaoPorNome(t.banco.db, 'Paróquia da Reconciliação - Canguçu');
    const [{ id: sinodoId }] = (
      (await t.banco.db.execute(sql`select s.id from organizacao s join organizacao o on o.id = ${paroquiaId}
        where s.nivel = 1 and o.caminho like s.caminho || '%'`)) as unknown as { rows: { id: number }[] }
    ).rows as [{ id: number }];
    const [tipo] = await t.banco.db
      .select({ id: schema.tipoContato.id })
      .from(schema.tipoContato)
      .where(eq(schema.tipoContato.nome, 'E-mail'));
    await t.banco.db
      .insert(schema.organizacaoContato)
      .values({ organizacaoId: sinodoId, tipoContatoId: tipo!.id, valor: PARA, principal: true });
    const chamado = async (nome: string, fim: string, situacao = 'ATIVO') => {
      const p = await criarPessoa(t.banco.db, { organizacaoId: paroquiaId, nome });
      const [m] = await t.banco.db
        .insert(schema.ministro)
        .values({ pessoaId: p.id, tipoMinisterio: 'PASTORAL' })
        .returning({ id: schema.ministro.id });
      const [c] = await t.banco.db
        .insert(schema.ministroChamado)
        .values({
          ministroId: m!.id,
          organizacaoId: paroquiaId,
          dataInicio: '2020-01-01',
          dataFimMandato: fim,
          situacao,
        })
        .returning({ id: schema.ministroChamado.id });
      return { nome: `${nome} ${p.sobrenome}`, chamadoId: c!.id };
    };
    const proximo = await chamado('Dietrich', emDias(30));
    const distante = await chamado('Ernst', emDias(400));
    const encerrado = await chamado('Frieda', emDias(10), 'ENCERRADO');
    const doSinodo = async () =>
      (
        await t.banco.db
          .select()
          .from(schema.caixaSaida)
          .where(eq(schema.caixaSaida.para, PARA))
          .orderBy(schema.caixaSaida.id)
      ).map((m) => m.texto);

    const r = await avisarFimMandato(t.app.deps);
    expect(r.enviados).toBeGreaterThanOrEqual(1);
    const [texto, ...outros] = await doSinodo();
    expect(outros).toEqual([]);
    expect(texto).toContain(proximo.nome);
    expect(texto).toContain(emDias(30).split('-').reverse().join('/'));
    expect(texto).not.toContain(distante.nome);
    expect(texto).not.toContain(encerrado.nome);
    // Delivered through the outbox's job to the SMTP server.
    await expect.poll(() => smtp.recebidas.some((m) => m.includes(PARA)), { timeout: 20_000 }).toBe(true);

    // Once per term: a run again sends nothing; the term extended is mailed again.
    await avisarFimMandato(t.app.deps);
    expect(await doSinodo()).toHaveLength(1);
    await t.banco.db
      .update(schema.ministroChamado)
      .set({ dataFimMandato: emDias(60) })
      .where(eq(schema.ministroChamado.id, proximo.chamadoId));
    await avisarFimMandato(t.app.deps);
    const depois = await doSinodo();
    expect(depois).toHaveLength(2);
    expect(depois[1]).toContain(proximo.nome);
  });
});
