import { schema } from '@sig/db';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppTeste, criarAppTeste } from '../../../test/app-teste.js';
import { marcarVencidas } from './vencimento.job.js';

let t: AppTeste;
let tesouraria: string;
let pessoaId: number;

const criarConta = async (vencimento: string) => {
  const r = await t.req({
    method: 'POST',
    url: '/api/conta-a-receber',
    token: tesouraria,
    payload: {
      pessoaId,
      tipo: 'CONTRIBUICAO',
      mesCompetencia: Number(vencimento.slice(5, 7)),
      anoCompetencia: Number(vencimento.slice(0, 4)),
      vencimento,
      valorPrevisto: '30.00',
    },
  });
  expect(r.statusCode, r.body).toBe(201);
  return r.json().id as number;
};
const status = async (id: number) =>
  (await t.req({ method: 'GET', url: `/api/conta-a-receber/${id}`, token: tesouraria })).json().status;

beforeAll(async () => {
  t = await criarAppTeste();
  tesouraria = await t.login('tesouraria@sig.local');
  const [p] = await t.banco.db
    .select({ id: schema.pessoa.id })
    .from(schema.pessoa)
    .where(eq(schema.pessoa.cpf, '39053344705'));
  pessoaId = p!.id;
});
afterAll(() => t.fechar());

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
