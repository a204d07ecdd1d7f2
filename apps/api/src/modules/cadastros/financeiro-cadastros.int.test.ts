import { schema } from '@sig/db';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { usarAppTeste } from '../../../test/app-teste.js';

const t = usarAppTeste();
let admin: string;
let sinodo: string;
let tesouraria: string;

beforeAll(async () => {
  [admin, sinodo, tesouraria] = await t.logins('admin', 'sinodo', 'tesouraria');
});

const req = (method: 'GET' | 'POST' | 'PUT', url: string, token: string, payload?: object) =>
  t.req({ method, url, token, payload });

describe('the registries of the books', () => {
  it('an offering plan falls on a Sunday (both languages)', async () => {
    const plano = { data: '2026-11-24', nome: 'Oferta missionária', abrangencia: 'NACIONAL', destino: 'Missão' };
    const terca = await req('POST', '/api/plano-de-ofertas', tesouraria, plano);
    expect(terca.statusCode).toBe(400);
    expect(terca.json().campos).toEqual([
      { campo: 'data', mensagem: 'A data do plano de ofertas deve ser um domingo.' },
    ]);
    const en = await t.req({
      method: 'POST',
      url: '/api/plano-de-ofertas',
      token: tesouraria,
      idioma: 'en',
      payload: plano,
    });
    expect(en.json().campos[0].mensagem).toBe('The offering plan date must be a Sunday.');
    const domingo = await req('POST', '/api/plano-de-ofertas', tesouraria, { ...plano, data: '2026-11-29' });
    expect(domingo.statusCode, domingo.body).toBe(201);
    expect(domingo.json()).toMatchObject({ data: '2026-11-29', acessivelHierarquia: true });
  });

  it('a bank cash account names its bank; cash accounts stay with their organization', async () => {
    const conta = { nome: 'Banco da paróquia', tipoContaCaixa: 'BANCO', dataSaldoInicial: '2026-01-01' };
    const semBanco = await req('POST', '/api/conta-caixa', tesouraria, conta);
    expect(semBanco.statusCode).toBe(400);
    expect(semBanco.json().campos[0].campo).toBe('bancoId');
    const [banco] = await t.banco.db.select({ id: schema.banco.id }).from(schema.banco).limit(1);
    const criada = await req('POST', '/api/conta-caixa', tesouraria, {
      ...conta,
      bancoId: banco!.id,
      saldoInicial: '1500.00',
    });
    expect(criada.statusCode, criada.body).toBe(201);
    expect(criada.json()).toMatchObject({ saldoInicial: '1500.00', somenteLeitura: false });
    // The synod office sees its parishes' accounts (its subtree) but may not change them.
    const doSinodo = await req('GET', `/api/conta-caixa/${criada.json().id}`, sinodo);
    expect(doSinodo.statusCode).toBe(200);
    expect(
      (await req('PUT', `/api/conta-caixa/${criada.json().id}`, sinodo, { ...conta, bancoId: banco!.id })).statusCode,
    ).toBe(403);
    // An account of another synod's organization is out of scope.
    const [outra] = await t.banco.db
      .select({ id: schema.organizacao.id })
      .from(schema.organizacao)
      .where(eq(schema.organizacao.nomeFantasia, 'Sínodo Paranapanema'));
    const [alheia] = await t.banco.db
      .insert(schema.contaCaixa)
      .values({
        nome: 'Caixa alheio',
        organizacaoId: outra!.id,
        tipoContaCaixa: 'CAIXA',
        dataSaldoInicial: '2026-01-01',
      })
      .returning({ id: schema.contaCaixa.id });
    expect((await req('GET', `/api/conta-caixa/${alheia!.id}`, tesouraria)).statusCode).toBe(404);
    expect((await req('GET', `/api/conta-caixa/${alheia!.id}`, admin)).statusCode).toBe(200);
  });

  it('the chart of accounts is a tree without cycles, shared down the hierarchy when marked', async () => {
    const grupo = await req('POST', '/api/plano-de-conta', admin, {
      codigoInterno: '3',
      nome: 'Receitas',
      tipoPlanoConta: 'SINTETICA',
      naturezaPlanoConta: 'RECEITA',
      acessivelHierarquia: true,
    });
    expect(grupo.statusCode, grupo.body).toBe(201);
    const folha = await req('POST', '/api/plano-de-conta', admin, {
      codigoInterno: '3.1',
      nome: 'Ofertas de culto',
      planoContaPaiId: grupo.json().id,
      tipoPlanoConta: 'ANALITICA',
      naturezaPlanoConta: 'RECEITA',
      baseDizimo: true,
      acessivelHierarquia: true,
    });
    expect(folha.statusCode, folha.body).toBe(201);
    const ciclo = await req('PUT', `/api/plano-de-conta/${grupo.json().id}`, admin, {
      codigoInterno: '3',
      nome: 'Receitas',
      planoContaPaiId: folha.json().id,
      tipoPlanoConta: 'SINTETICA',
      naturezaPlanoConta: 'RECEITA',
    });
    expect(ciclo.statusCode).toBe(400);
    expect(ciclo.json().campos[0].campo).toBe('planoContaPaiId');
    // The parish treasury sees the national chart read-only.
    const lida = (await req('GET', `/api/plano-de-conta/${folha.json().id}`, tesouraria)).json();
    expect(lida).toMatchObject({ codigoInterno: '3.1', somenteLeitura: true });
    expect((await req('PUT', `/api/plano-de-conta/${folha.json().id}`, tesouraria, { ...lida })).statusCode).toBe(404);
  });
});
