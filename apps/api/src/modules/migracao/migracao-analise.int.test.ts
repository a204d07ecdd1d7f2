import { readFileSync } from 'node:fs';
import { setTimeout as dormir } from 'node:timers/promises';
import { schema } from '@sig/db';
import { and, count, eq, gt } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppTeste, criarAppTeste } from '../../../test/app-teste.js';
import { AMOSTRAS, fluxoDeMigracao, usuariosDaMigracao } from '../../../test/migracao.js';

/** The dry run as a MIGRACAO_ANALISE bulk batch: progress, cancel, resumed after a kill -9. */
const csv = readFileSync(new URL('migracao-pessoas.csv', AMOSTRAS));

let t: AppTeste;
let tesouraria: string;
let atendimento: string;
let fora: string;

const fluxo = fluxoDeMigracao(
  () => t,
  () => tesouraria,
);
const enviar = async (arquivo: Buffer, nome: string) => {
  const r = await fluxo.enviar(arquivo, nome, 'PESSOAS', 'analise-teste');
  expect(r.statusCode, r.body).toBe(201);
  return r.json();
};
const post = (url: string, payload?: object, token = tesouraria) => t.req({ method: 'POST', url, token, payload });
const linhasGravadas = async (id: number) =>
  (
    await t.banco.db.select({ n: count() }).from(schema.migracaoLinha).where(eq(schema.migracaoLinha.migracaoId, id))
  )[0]!.n;

/** A file long enough for the dry run to be caught in its middle: people without CPF, one per row. */
function arquivoLongo(linhas: number) {
  const corpo = Array.from({ length: linhas }, (_, i) => `L-${i};Pessoa ${i} Longa;01/02/1980`);
  return Buffer.from(['Código;Nome completo;Data de nascimento', ...corpo].join('\n'));
}

beforeAll(async () => {
  t = await criarAppTeste();
  ({ tesouraria, atendimento, fora } = await usuariosDaMigracao(t));
});
afterAll(() => t.fechar());

describe('the dry run in the background', () => {
  it('runs as a batch: ANALISANDO at once, then its progress and the preview', async () => {
    const m = await enviar(csv, 'membros.csv');
    const a = await post(`/api/migracao/${m.id}/analise`, { mapeamento: m.mapeamento });
    expect(a.statusCode, a.body).toBe(200);
    expect(a.json()).toMatchObject({ status: 'ANALISANDO', analisadas: 0, progressoAnalise: 0, linhas: 0 });
    // Nothing to confirm before the dry run ends.
    expect((await post(`/api/migracao/${m.id}/confirmacao`)).statusCode).toBe(409);
    const [lote] = await t.banco.db
      .select()
      .from(schema.processamentoLote)
      .innerJoin(schema.migracao, eq(schema.migracao.analiseLoteId, schema.processamentoLote.id))
      .where(eq(schema.migracao.id, m.id));
    expect(lote!.processamento_lote).toMatchObject({ tipo: 'MIGRACAO_ANALISE', total: 1 });
    await t.app.lotes.processarTudo();
    expect(await fluxo.obter(m.id)).toMatchObject({
      status: 'ANALISADA',
      linhas: 10,
      analisadas: 10,
      progressoAnalise: 100,
      criados: 5,
      falhas: 5,
      erroAnalise: null,
    });
    expect(await linhasGravadas(m.id)).toBe(10);
  });

  it('is refused without the Migracao permission (403) and outside the scope (404)', async () => {
    const m = await enviar(csv, 'membros.csv');
    expect((await post(`/api/migracao/${m.id}/analise`, { mapeamento: m.mapeamento }, atendimento)).statusCode).toBe(
      403,
    );
    expect((await post(`/api/migracao/${m.id}/analise`, { mapeamento: m.mapeamento }, fora)).statusCode).toBe(404);
    await post(`/api/migracao/${m.id}/analise`, { mapeamento: m.mapeamento });
    expect((await post(`/api/migracao/${m.id}/cancelamento`, undefined, fora)).statusCode).toBe(404);
    expect((await post(`/api/migracao/${m.id}/cancelamento`, undefined, atendimento)).statusCode).toBe(403);
    await t.app.lotes.processarTudo();
  });

  it('cancelled before the worker takes it: back to the mapping, and it may run again', async () => {
    const m = await enviar(csv, 'membros.csv');
    await post(`/api/migracao/${m.id}/analise`, { mapeamento: m.mapeamento });
    const c = await post(`/api/migracao/${m.id}/cancelamento`);
    expect(c.statusCode, c.body).toBe(200);
    expect(c.json()).toMatchObject({ status: 'ENVIADA', analisadas: 0 });
    await t.app.lotes.processarTudo();
    expect((await fluxo.obter(m.id)).status).toBe('ENVIADA');
    expect(await linhasGravadas(m.id)).toBe(0);
    expect(await fluxo.analisar(m.id, m.mapeamento)).toMatchObject({ status: 'ANALISADA', linhas: 10 });
  });

  it('cancelled in its middle: the worker stops at its next chunk and leaves no row behind', async () => {
    const m = await enviar(arquivoLongo(6000), 'longo.csv');
    await post(`/api/migracao/${m.id}/analise`, { mapeamento: m.mapeamento });
    const trabalho = t.app.lotes.processarProximo();
    let visto = await fluxo.obter(m.id);
    while (visto.analisadas === 0) {
      await dormir(20);
      visto = await fluxo.obter(m.id);
    }
    expect(visto).toMatchObject({ status: 'ANALISANDO' });
    expect(visto.analisadas).toBeLessThan(6000);
    expect(visto.progressoAnalise).toBeLessThan(100);
    expect((await post(`/api/migracao/${m.id}/cancelamento`)).statusCode).toBe(200);
    await trabalho;
    expect(await fluxo.obter(m.id)).toMatchObject({ status: 'ENVIADA', analisadas: 0, erroAnalise: null });
    expect(await linhasGravadas(m.id)).toBe(0);
  });

  it('a kill -9 in its middle: the item taken again checks the file over and ends as a run without the kill', async () => {
    const m = await enviar(arquivoLongo(1200), 'longo.csv');
    const inteira = await fluxo.analisar(m.id, m.mapeamento);
    expect(inteira).toMatchObject({ status: 'ANALISADA', linhas: 1200, criados: 1200 });
    const [{ loteId }] = (await t.banco.db
      .select({ loteId: schema.migracao.analiseLoteId })
      .from(schema.migracao)
      .where(eq(schema.migracao.id, m.id))) as [{ loteId: number }];
    // The worker died after its first chunks: the run half written, its item held by nobody.
    await t.banco.db
      .update(schema.migracao)
      .set({ status: 'ANALISANDO', analisadas: 500, progressoAnalise: 40 })
      .where(eq(schema.migracao.id, m.id));
    await t.banco.db
      .delete(schema.migracaoLinha)
      .where(and(eq(schema.migracaoLinha.migracaoId, m.id), gt(schema.migracaoLinha.numero, 501)));
    await t.banco.db
      .update(schema.processamentoLote)
      .set({ status: 'EM_ANDAMENTO', sucessos: 0, concluidoEm: null })
      .where(eq(schema.processamentoLote.id, loteId));
    await t.banco.db
      .update(schema.processamentoLoteItem)
      .set({ status: 'PENDENTE' })
      .where(eq(schema.processamentoLoteItem.loteId, loteId));
    await t.app.lotes.processarTudo();
    const retomada = await fluxo.obter(m.id);
    expect(retomada).toMatchObject({
      status: 'ANALISADA',
      linhas: inteira.linhas,
      criados: inteira.criados,
      falhas: inteira.falhas,
      analisadas: 1200,
      progressoAnalise: 100,
    });
    expect(await linhasGravadas(m.id)).toBe(1200);
  });

  it('taken again while the first attempt still runs: the first stops, the second ends as a run alone', async () => {
    const m = await enviar(arquivoLongo(3000), 'longo.csv');
    await post(`/api/migracao/${m.id}/analise`, { mapeamento: m.mapeamento });
    const primeira = t.app.lotes.processarProximo();
    while ((await fluxo.obter(m.id)).analisadas === 0) await dormir(20);
    // The first attempt's lease lapses (a starved process missed its renewals) and another worker takes the item.
    await t.banco.db
      .update(schema.processamentoLoteItem)
      .set({ atualizadoEm: new Date(Date.now() - 3_600_000) })
      .where(eq(schema.processamentoLoteItem.referenciaId, m.id));
    const segunda = t.app.lotes.processarProximo();
    expect(await segunda).toBe(true);
    await primeira;
    expect(await fluxo.obter(m.id)).toMatchObject({
      status: 'ANALISADA',
      linhas: 3000,
      analisadas: 3000,
      criados: 3000,
      progressoAnalise: 100,
    });
    expect(await linhasGravadas(m.id)).toBe(3000);
  }, 120_000);

  it('a file broken past its header stops the dry run with the message in the reader’s language', async () => {
    const quebrado = Buffer.from('Código;Nome completo\nA-1;Ana Souza\nA-2;"Bruno sem fim\n');
    const m = await enviar(quebrado, 'quebrado.csv');
    await post(`/api/migracao/${m.id}/analise`, { mapeamento: m.mapeamento });
    await t.app.lotes.processarTudo();
    const pt = await fluxo.obter(m.id);
    expect(pt).toMatchObject({ status: 'ENVIADA', analisadas: 0 });
    expect(pt.erroAnalise).toMatch(/arquivo/i);
    const en = (await t.req({ method: 'GET', url: `/api/migracao/${m.id}`, token: tesouraria, idioma: 'en' })).json();
    expect(en.erroAnalise).toMatch(/file/i);
    expect(await linhasGravadas(m.id)).toBe(0);
  });
});
