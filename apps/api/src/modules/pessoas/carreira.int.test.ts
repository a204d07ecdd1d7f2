import { hojeNoBrasil } from '@sig/contracts';
import { schema } from '@sig/db';
import { and, like, ne, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { usarAppTeste } from '../../../test/app-teste.js';
import { organizacaoPorNome } from '../../../test/fabricas.js';

const t = usarAppTeste();
let admin: string;
let sinodo: string;
let paroquia: string;
let orgParoquia: number;
let orgOutra: number;
let orgOutroSinodo: number;

const url = '/api/pessoa-ministro';
const req = (method: 'GET' | 'POST' | 'PUT', caminho: string, token = sinodo, payload?: object, idioma?: string) =>
  t.req({ method, url: caminho, token, payload, idioma });
const campos = (r: { json: () => { campos?: { campo: string; mensagem: string }[] } }) =>
  Object.fromEntries((r.json().campos ?? []).map((c) => [c.campo, c.mensagem]));

/** Today plus `dias`, as the API's dates. */
const emDias = (dias: number) => {
  const d = new Date(`${hojeNoBrasil()}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + dias);
  return d.toISOString().slice(0, 10);
};

const novaPessoa = async (nome: string, organizacaoId = orgParoquia, token = sinodo) => {
  const r = await req('POST', '/api/pessoa', token, { nome, sobrenome: 'Carreira', organizacaoId, status: 'ATIVO' });
  expect(r.statusCode, r.body).toBe(201);
  return r.json().id as number;
};
const ministro = (pessoaId: number, chamados: object[], extra: Record<string, unknown> = {}) => ({
  pessoaId,
  tipoMinisterio: 'PASTORAL',
  dataOrdenacao: '2010-03-07',
  localOrdenacao: 'Catedral de Porto Alegre',
  ordenante: 'Pastor sinodal',
  exames: [{ descricao: 'Exame de ordenação', data: '2009-11-20', resultado: 'APROVADO' }],
  chamados,
  ...extra,
});
/** Saves a minister (POST) as `token`, with the given calls. */
const salvarMinistro = (token: string, pessoaId: number, chamados: object[], idioma?: string) =>
  req('POST', url, token, ministro(pessoaId, chamados), idioma);

beforeAll(async () => {
  [admin, sinodo, paroquia] = await t.logins('admin', 'sinodo', 'paroquia');
  orgParoquia = await organizacaoPorNome(t.banco.db, 'Paróquia da Reconciliação - Canguçu');
  orgOutra = await organizacaoPorNome(t.banco.db, 'Sínodo Rio dos Sinos');
  const [outro] = await t.banco.db
    .select({ id: schema.organizacao.id })
    .from(schema.organizacao)
    .where(and(like(schema.organizacao.nomeFantasia, 'Sínodo%'), ne(schema.organizacao.id, orgOutra)))
    .limit(1);
  orgOutroSinodo = outro!.id;
});

describe('ministers’ calls and careers', () => {
  it('the demo synod has 40 ministers with their calls, some needing attention', async () => {
    const [n] = (
      (await t.banco.db.execute(sql`select count(distinct m.id)::int as ministros, count(c.id)::int as chamados
        from ministro m join ministro_chamado c on c.ministro_id = m.id where m.registro_ministerial like 'MIN-%'`)) as unknown as {
        rows: { ministros: number; chamados: number }[];
      }
    ).rows;
    expect(n).toMatchObject({ ministros: 40 });
    expect(n!.chamados).toBeGreaterThan(60);
    const alertas = (await req('GET', `${url}/alertas?quantidade=500`)).json();
    const tipos = new Set(alertas.itens.map((a: { tipo: string }) => a.tipo));
    expect([...tipos].sort()).toEqual(['CHAMADO_TERMINANDO', 'CHAMADO_VENCIDO', 'SEM_CHAMADO']);
  });

  let ministroId = 0;
  let pessoaId = 0;

  it('saves calls with the minister and answers the career: current post, history, alerts', async () => {
    pessoaId = await novaPessoa('Helmut');
    const r = await salvarMinistro(sinodo, pessoaId, [
      {
        organizacaoId: orgOutra,
        dataInicio: '2010-04-01',
        dataFimMandato: '2016-03-31',
        dataInstalacao: '2010-04-11',
        situacao: 'ENCERRADO',
      },
      {
        organizacaoId: orgParoquia,
        dataInicio: '2016-04-01',
        dataFimMandato: emDias(40),
        dataInstalacao: '2016-04-10',
        situacao: 'ATIVO',
      },
    ]);
    expect(r.statusCode, r.body).toBe(201);
    ministroId = r.json().id;
    expect(r.json().chamados).toHaveLength(2);

    const c = await req('GET', `${url}/${ministroId}/carreira`, sinodo, undefined, 'en');
    expect(c.statusCode, c.body).toBe(200);
    const carreira = c.json();
    expect(carreira).toMatchObject({
      pessoaId,
      pessoaNome: 'Helmut Carreira',
      dataOrdenacao: '2010-03-07',
      postoAtual: [{ organizacaoId: orgParoquia, situacao: 'ATIVO', dataInstalacao: '2016-04-10' }],
      alertas: [{ tipo: 'CHAMADO_TERMINANDO', dias: 40, dataFimMandato: emDias(40) }],
    });
    expect(carreira.chamados.map((x: { dataInicio: string }) => x.dataInicio)).toEqual(['2016-04-01', '2010-04-01']);
    // Newest first, the exam before the ordination, the call's steps with their organization.
    const etapas = carreira.historico.map((h: { data: string; etapa: string }) => `${h.data} ${h.etapa}`);
    expect(etapas.slice(-4)).toEqual([
      '2010-04-11 INSTALACAO',
      '2010-04-01 CHAMADO',
      '2010-03-07 ORDENACAO',
      '2009-11-20 EXAME',
    ]);
    expect(carreira.historico).toContainEqual({
      data: '2010-04-01',
      etapa: 'CHAMADO',
      organizacaoNome: 'Sínodo Rio dos Sinos',
      detalhe: 'Ended',
    });
  });

  it('lists the alerts in scope: ending, overdue, and active ministers without a call', async () => {
    const vencido = await novaPessoa('Ortrud');
    const rv = await salvarMinistro(sinodo, vencido, [
      { organizacaoId: orgParoquia, dataInicio: '2015-01-01', dataFimMandato: emDias(-10) },
    ]);
    expect(rv.statusCode, rv.body).toBe(201);
    const semPosto = await novaPessoa('Ingo');
    expect((await salvarMinistro(sinodo, semPosto, [])).statusCode).toBe(201);
    // Far from its end: no alert.
    const tranquilo = await novaPessoa('Gerda');
    expect(
      (
        await salvarMinistro(sinodo, tranquilo, [
          { organizacaoId: orgParoquia, dataInicio: '2020-01-01', dataFimMandato: emDias(400) },
        ])
      ).statusCode,
    ).toBe(201);

    const r = await req('GET', `${url}/alertas?quantidade=500`);
    expect(r.statusCode, r.body).toBe(200);
    const porPessoa = new Map<number, string[]>();
    for (const a of r.json().itens as { pessoaId: number; tipo: string }[])
      porPessoa.set(a.pessoaId, [...(porPessoa.get(a.pessoaId) ?? []), a.tipo]);
    expect(porPessoa.get(pessoaId)).toEqual(['CHAMADO_TERMINANDO']);
    expect(porPessoa.get(vencido)).toEqual(['CHAMADO_VENCIDO']);
    expect(porPessoa.get(semPosto)).toEqual(['SEM_CHAMADO']);
    expect(porPessoa.has(tranquilo)).toBe(false);
    const vencidos = (await req('GET', `${url}/alertas?tipo=CHAMADO_VENCIDO&quantidade=500`)).json();
    expect(
      vencidos.itens.every((a: { tipo: string; dias: number }) => a.tipo === 'CHAMADO_VENCIDO' && a.dias < 0),
    ).toBe(true);
    expect(vencidos.total).toBe(vencidos.itens.length);
  });

  it('refuses a term ending before its start and two active calls to one organization, in both languages', async () => {
    const p = await novaPessoa('Wilma');
    const r = await salvarMinistro(
      sinodo,
      p,
      [
        { organizacaoId: orgParoquia, dataInicio: '2020-01-01', dataFimMandato: '2019-12-31' },
        { organizacaoId: orgParoquia, dataInicio: '2021-01-01', situacao: 'ATIVO' },
      ],
      'en',
    );
    expect(r.statusCode).toBe(400);
    expect(campos(r)).toEqual({
      'chamados.0.dataFimMandato': 'The end date cannot be before the start date.',
      'chamados.1.situacao': 'There is already an active call for this organization.',
    });
    const pt = await salvarMinistro(sinodo, p, [
      { organizacaoId: orgParoquia, dataInicio: '2020-01-01', situacao: 'ATIVO' },
      { organizacaoId: orgParoquia, dataInicio: '2021-01-01', situacao: 'ATIVO' },
    ]);
    expect(campos(pt)).toEqual({ 'chamados.1.situacao': 'Já há um chamado ativo para esta organização.' });
    // An ended call and an active one at the same organization are a career, not a conflict.
    const ok = await salvarMinistro(sinodo, p, [
      { organizacaoId: orgParoquia, dataInicio: '2015-01-01', dataFimMandato: '2019-12-31', situacao: 'ENCERRADO' },
      { organizacaoId: orgParoquia, dataInicio: '2020-01-01', situacao: 'ATIVO' },
    ]);
    expect(ok.statusCode, ok.body).toBe(201);
  });

  it('needs the minister screen (403) and keeps ministers and calls out of scope away', async () => {
    expect((await req('GET', `${url}/${ministroId}/carreira`, paroquia)).statusCode).toBe(403);
    expect((await req('GET', `${url}/alertas`, paroquia)).statusCode).toBe(403);
    const fora = await novaPessoa('Distante', orgOutroSinodo, admin);
    const deFora = await salvarMinistro(admin, fora, [
      { organizacaoId: orgOutroSinodo, dataInicio: '2020-01-01', dataFimMandato: emDias(5) },
    ]);
    expect(deFora.statusCode, deFora.body).toBe(201);
    expect((await req('GET', `${url}/${deFora.json().id}/carreira`)).statusCode).toBe(404);
    const alertas = (await req('GET', `${url}/alertas?quantidade=500`)).json();
    expect(alertas.itens.some((a: { pessoaId: number }) => a.pessoaId === fora)).toBe(false);
    expect((await req('GET', `${url}/alertas?organizacaoId=${orgOutroSinodo}`)).statusCode).toBe(404);
    // A call to an organization out of the writer's scope is refused by the reference rules.
    const p = await novaPessoa('Chamado Longe');
    const longe = await salvarMinistro(sinodo, p, [{ organizacaoId: orgOutroSinodo, dataInicio: '2020-01-01' }]);
    expect(longe.statusCode).toBe(400);
    expect(Object.keys(campos(longe))).toEqual(['chamados.0.organizacaoId']);
  });
});
