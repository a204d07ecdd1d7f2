import { schema } from '@sig/db';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { usarAppTeste } from '../../../test/app-teste.js';
import { pessoaPorCpf } from '../../../test/fabricas.js';
import { contaCaixaPelaApi, periodoPelaApi, planoContaPelaApi } from '../../../test/financeiro.js';

const t = usarAppTeste();
let tesouraria: string;
let paroquia: string;
let organizacaoId: number;

const req = (method: 'GET' | 'POST', url: string, token = tesouraria) => t.req({ method, url, token });

beforeAll(async () => {
  [tesouraria, paroquia] = await t.logins('tesouraria', 'paroquia');
  const p = await pessoaPorCpf(t.banco.db, '39053344705');
  organizacaoId = p!.organizacaoId;
});

describe('financial exceptions', () => {
  it('lists a payment for an unknown charge and an unapplied event, counts them and resolves one', async () => {
    await t.banco.db.insert(schema.eventoProvedor).values([
      {
        id: 'evt_pend_1',
        evento: 'PAYMENT_RECEIVED',
        pagamentoId: 'pay_alheio_1',
        payload: { payment: { id: 'pay_alheio_1', value: 45.5, status: 'RECEIVED' } },
        processadoEm: new Date(),
        resultado: 'pagamento-sem-cobranca:desconhecida',
      },
      {
        id: 'evt_pend_2',
        evento: 'PAYMENT_RECEIVED',
        pagamentoId: 'pay_alheio_2',
        payload: { payment: { id: 'pay_alheio_2', value: 10, status: 'RECEIVED' } },
        tentativas: 9,
        erro: 'deadlock detected',
      },
    ]);
    const admin = await t.loginAdmin();
    const lista = await req('GET', '/api/pendencias-financeiras/paginado?quantidade=50', admin);
    expect(lista.statusCode, lista.body).toBe(200);
    const tipos = lista.json().itens.map((p: { tipo: string; referenciaId: string }) => `${p.tipo}:${p.referenciaId}`);
    expect(tipos).toEqual(
      expect.arrayContaining(['PAGAMENTO_SEM_COBRANCA:evt_pend_1', 'EVENTO_NAO_APLICADO:evt_pend_2']),
    );
    const item = lista.json().itens.find((p: { referenciaId: string }) => p.referenciaId === 'evt_pend_1');
    expect(item).toMatchObject({ valor: '45.50', acao: 'MARCAR_RESOLVIDA' });
    const antes = (await req('GET', '/api/pendencias-financeiras/contagem', admin)).json().total;

    expect((await req('POST', '/api/pendencias-financeiras/eventos/evt_pend_1/resolver', admin)).statusCode).toBe(200);
    expect((await req('GET', '/api/pendencias-financeiras/contagem', admin)).json().total).toBe(antes - 1);
    expect((await req('POST', '/api/pendencias-financeiras/eventos/evt_pend_1/resolver', admin)).statusCode).toBe(404);
    // A retry of an event for a charge we do not hold applies it (as an unknown one).
    const r = await req('POST', '/api/pendencias-financeiras/eventos/evt_pend_2/reaplicar', admin);
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().resultado).toBe('pagamento-sem-cobranca:desconhecida');
  });

  it('a pending posting is listed in its organization, and posting it without a period is refused with a 4xx', async () => {
    const caixa = (await contaCaixaPelaApi(t, tesouraria, { nome: 'Caixa P', dataSaldoInicial: '2099-01-01' })).id;
    const plano = (await planoContaPelaApi(t, tesouraria, { codigoInterno: 'P1', nome: 'Receitas P' })).id;
    const [p] = await t.banco.db
      .insert(schema.lancamentoPendente)
      .values({
        organizacaoId,
        contaCaixaId: caixa,
        planoContaId: plano,
        data: '2099-07-03',
        valor: '80.00',
        historico: 'Recebimento: cartão',
        historicoTraduzivel: { chave: 'financeiro:textos.recebimento', params: { referencia: 'cartão' } },
        origem: 'CONTA_A_RECEBER',
        origemId: 1,
        motivo: 'PERIODO_INEXISTENTE',
      })
      .returning({ id: schema.lancamentoPendente.id });
    const lista = (await req('GET', '/api/pendencias-financeiras/paginado?tipo=LANCAMENTO_PENDENTE')).json();
    expect(lista.itens.map((i: { referenciaId: string }) => i.referenciaId)).toContain(String(p!.id));
    // The description and the reason the system wrote follow the reader's language.
    type Item = { referenciaId: string; referencia: string; detalhe: string };
    const em = async (idioma: string) =>
      (
        await t.req({
          method: 'GET',
          url: '/api/pendencias-financeiras/paginado?tipo=LANCAMENTO_PENDENTE',
          token: tesouraria,
          idioma,
        })
      )
        .json()
        .itens.find((i: Item) => i.referenciaId === String(p!.id)) as Item;
    expect(await em('pt-BR')).toMatchObject({
      referencia: 'Recebimento: cartão',
      detalhe: 'Não há período contábil para a conta caixa nesta data.',
    });
    expect(await em('en')).toMatchObject({
      referencia: 'Payment received: cartão',
      detalhe: 'There is no accounting period for the cash account on this date.',
    });
    const cedo = await req('POST', `/api/pendencias-financeiras/lancamentos/${p!.id}/lancar`);
    expect(cedo.statusCode).toBe(422);
    await periodoPelaApi(t, tesouraria, caixa, '2099-07-01', '2099-07-31');
    // Opening the period posted it already.
    const [depois] = await t.banco.db
      .select()
      .from(schema.lancamentoPendente)
      .where(eq(schema.lancamentoPendente.id, p!.id));
    expect(depois!.lancamentoId).not.toBeNull();
    expect((await req('GET', '/api/pendencias-financeiras/paginado', paroquia)).statusCode).toBe(403);
  });
});
