import { schema } from '@sig/db';
import { and, eq, isNull } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { reqCom, usarAppTeste } from '../../../test/app-teste.js';
import { organizacaoPorNome } from '../../../test/fabricas.js';
import { contaCaixaPelaApi, planoContaPelaApi } from '../../../test/financeiro.js';

const t = usarAppTeste();
let admin: string;
let tesouraria: string;
let atendimento: string;
let paroquiaId: number;
let caixa: number;
let outubro: number;
let receita: number;
let receitaPlano: number;
let plano: number;
let planoNacional: number;
let celebrante: number;

const req = reqCom(t, () => tesouraria);
const criar = (url: string, payload: object, token = tesouraria) => t.criar(url, payload, token);
const lancamento = async (id: number) => (await req('GET', `/api/lancamento-caixa/${id}`)).json();
const contaCulto = (id: number | null) =>
  t.banco.db.update(schema.organizacao).set({ contaCultoId: id }).where(eq(schema.organizacao.id, paroquiaId));

const culto = (extra: Record<string, unknown> = {}) => ({
  organizacaoId: paroquiaId,
  data: '2026-10-07',
  hora: '19:30',
  santaCeia: false,
  celebrantes: [celebrante],
  presentes: 40,
  ofertas: '0',
  ...extra,
});

beforeAll(async () => {
  [admin, tesouraria, atendimento] = await t.logins('admin', 'tesouraria', 'atendimento');
  const conta = await contaCaixaPelaApi(t, tesouraria, { nome: 'Caixa das ofertas', dataSaldoInicial: '2026-01-01' });
  caixa = conta.id;
  paroquiaId = conta.organizacaoId;
  await contaCulto(caixa);
  outubro = (
    await criar('/api/periodo-contabil', { contaCaixaId: caixa, dataInicio: '2026-10-01', dataFim: '2026-10-31' })
  ).id;
  receita = (await planoContaPelaApi(t, tesouraria, { codigoInterno: 'C.1', nome: 'Ofertas avulsas' })).id;
  receitaPlano = (await planoContaPelaApi(t, tesouraria, { codigoInterno: 'C.2', nome: 'Ofertas de missão' })).id;
  plano = (
    await criar('/api/plano-de-ofertas', {
      data: '2026-10-04',
      nome: 'Missão sinodal',
      abrangencia: 'SINODAL',
      destino: 'Missão',
      planoContaId: receitaPlano,
    })
  ).id;
  // The national church's plans: one shared down the hierarchy, one kept to itself.
  planoNacional = (
    await criar(
      '/api/plano-de-ofertas',
      { data: '2026-10-11', nome: 'Oferta nacional', abrangencia: 'NACIONAL', destino: 'Diaconia' },
      admin,
    )
  ).id;
  await criar(
    '/api/plano-de-ofertas',
    {
      data: '2026-10-18',
      nome: 'Só da igreja',
      abrangencia: 'NACIONAL',
      destino: 'Sede',
      acessivelHierarquia: false,
    },
    admin,
  );
  // A person of the parish: celebrants are people of the writer's scope.
  const [p] = await t.banco.db
    .select({ id: schema.pessoa.id })
    .from(schema.pessoa)
    .where(and(isNull(schema.pessoa.excluidoEm), eq(schema.pessoa.organizacaoId, paroquiaId)))
    .limit(1);
  celebrante = p!.id;
});

describe('worship services and their offerings', () => {
  let comPlano: { id: number; lancamentoCaixaId: number };

  it('takes scope, destination and ledger account from the offering plan of the date and posts the offering', async () => {
    const c = await criar(
      '/api/culto',
      culto({
        data: '2026-10-04',
        santaCeia: true,
        presentes: 80,
        ofertas: '150.50',
        abrangencia: 'COMUNITARIA',
        destino: 'Digitado',
        sermao: 'Mc 10.45',
      }),
    );
    expect(c).toMatchObject({
      abrangencia: 'SINODAL',
      destino: 'Missão',
      planoOfertasId: plano,
      planoContaId: receitaPlano,
      celebrantes: [celebrante],
      ofertas: '150.50',
      lancamentoCaixaId: expect.any(Number),
    });
    comPlano = c;
    expect(await lancamento(c.lancamentoCaixaId)).toMatchObject({
      tipo: 'ENTRADA',
      data: '2026-10-04',
      contaCaixaId: caixa,
      planoContaId: receitaPlano,
      valor: '150.50',
      historico: 'Oferta do culto de 04/10/2026 – Missão',
    });
    const achado = await req('GET', `/api/culto/oferta/${c.lancamentoCaixaId}`);
    expect(achado.json()).toMatchObject({ id: c.id });
  });

  it('without a plan for the date takes them as typed, and needs them when there is an offering', async () => {
    const semPlano = await req('GET', `/api/culto/plano-de-ofertas?organizacaoId=${paroquiaId}&data=2026-10-07`);
    expect(semPlano.json()).toEqual({ plano: null });
    const doPlano = (d: string) => req('GET', `/api/culto/plano-de-ofertas?organizacaoId=${paroquiaId}&data=${d}`);
    expect((await doPlano('2026-10-04')).json().plano).toMatchObject({ id: plano, destino: 'Missão' });
    expect((await doPlano('2026-10-11')).json().plano).toMatchObject({ id: planoNacional, planoContaId: null });
    expect((await doPlano('2026-10-18')).json()).toEqual({ plano: null });

    const faltando = await req('POST', '/api/culto', culto({ ofertas: '30.00' }));
    expect(faltando.statusCode).toBe(400);
    expect(faltando.json().campos.map((c: { campo: string }) => c.campo)).toEqual([
      'abrangencia',
      'destino',
      'planoContaId',
    ]);
    const c = await criar(
      '/api/culto',
      culto({
        ofertas: '30.00',
        abrangencia: 'PAROQUIAL',
        destino: 'Reforma do templo',
        planoContaId: receita,
        dataCredito: '2026-10-08',
      }),
    );
    expect(c).toMatchObject({ planoOfertasId: null, abrangencia: 'PAROQUIAL', destino: 'Reforma do templo' });
    expect(await lancamento(c.lancamentoCaixaId)).toMatchObject({ data: '2026-10-08', planoContaId: receita });
    // A shared plan without a ledger account leaves the account to the service.
    const nacional = await criar('/api/culto', culto({ data: '2026-10-11', ofertas: '12', planoContaId: receita }));
    expect(nacional).toMatchObject({ planoOfertasId: planoNacional, destino: 'Diaconia', planoContaId: receita });
    // No offering, nothing to post and nothing required.
    const semOferta = await criar('/api/culto', culto({ data: '2026-10-14' }));
    expect(semOferta.lancamentoCaixaId).toBeNull();
  });

  it('refuses bad input naming the field', async () => {
    const campo = async (extra: Record<string, unknown>) => {
      const r = await req('POST', '/api/culto', culto(extra));
      expect(r.statusCode, r.body).toBe(400);
      return r.json().campos[0].campo;
    };
    expect(await campo({ presentes: -1 })).toBe('presentes');
    expect(await campo({ ofertas: '-5' })).toBe('ofertas');
    expect(await campo({ hora: '25:00' })).toBe('hora');
    expect(await campo({ dataCredito: '2026-10-01' })).toBe('dataCredito');
    expect(await campo({ celebrantes: [999999] })).toBe('celebrantes.0');
    const lista = await req('GET', '/api/culto/paginado?periodoDe=2026-10-10&periodoAte=2026-10-01');
    expect(lista.statusCode).toBe(400);
    expect(lista.json().campos[0].campo).toBe('periodoAte');
  });

  it('saves nothing when the credit date has no open period or the organization no worship account', async () => {
    const antes = (await req('GET', '/api/culto/paginado')).json().total;
    const semPeriodo = await req(
      'POST',
      '/api/culto',
      culto({ data: '2026-09-06', ofertas: '10', planoContaId: receita, abrangencia: 'PAROQUIAL', destino: 'X' }),
    );
    expect(semPeriodo.statusCode).toBe(422);
    expect(semPeriodo.json()).toMatchObject({ codigo: 'PERIODO_INEXISTENTE', campos: [{ campo: 'data' }] });
    await contaCulto(null);
    try {
      const semConta = await req(
        'POST',
        '/api/culto',
        culto({ ofertas: '10', planoContaId: receita, abrangencia: 'PAROQUIAL', destino: 'X' }),
      );
      expect(semConta.statusCode).toBe(422);
      expect(semConta.json()).toMatchObject({ codigo: 'CONTA_CULTO_NAO_CONFIGURADA', campos: [{ campo: 'ofertas' }] });
    } finally {
      await contaCulto(caixa);
    }
    expect((await req('GET', '/api/culto/paginado')).json().total).toBe(antes);
    const semOrigem = await t.banco.db
      .select({ id: schema.lancamentoCaixa.id })
      .from(schema.lancamentoCaixa)
      .where(and(eq(schema.lancamentoCaixa.contaCaixaId, caixa), eq(schema.lancamentoCaixa.data, '2026-09-06')));
    expect(semOrigem).toEqual([]);
  });

  it('lists by organization, period and Lord’s Supper with the totals of the set, and exports the list', async () => {
    const lista = (
      await req('GET', `/api/culto/paginado?organizacaoId=${paroquiaId}&periodoDe=2026-10-01&periodoAte=2026-10-31`)
    ).json();
    expect(lista.total).toBe(4);
    const soma = (k: 'presentes' | 'ofertas') =>
      lista.itens.reduce((a: number, c: Record<string, number | string>) => a + Number(c[k]), 0);
    expect(lista.totais).toEqual({ presentes: soma('presentes'), ofertas: soma('ofertas').toFixed(2) });
    const ceia = (await req('GET', '/api/culto/paginado?santaCeia=true')).json();
    expect(ceia.itens.map((c: { id: number }) => c.id)).toEqual([comPlano.id]);
    const csv = await req('GET', '/api/culto/exportar?santaCeia=true');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const [cabecalho, linha] = csv.body.trim().split('\r\n');
    expect(cabecalho).toContain('Presentes');
    expect(linha).toContain('04/10/2026');
  });

  it('corrects the entry while its period is open, reverses it when the offering goes or the service is deleted', async () => {
    const corpo = culto({ data: '2026-10-04', santaCeia: true, presentes: 80, ofertas: '175.00' });
    const editado = await req('PUT', `/api/culto/${comPlano.id}`, corpo);
    expect(editado.statusCode, editado.body).toBe(200);
    expect(editado.json().lancamentoCaixaId).toBe(comPlano.lancamentoCaixaId);
    expect(await lancamento(comPlano.lancamentoCaixaId)).toMatchObject({ valor: '175.00' });

    const zerado = await criar(
      '/api/culto',
      culto({ data: '2026-10-21', ofertas: '5', planoContaId: receita, abrangencia: 'PAROQUIAL', destino: 'X' }),
    );
    const semOferta = await req('PUT', `/api/culto/${zerado.id}`, culto({ data: '2026-10-21', ofertas: '0' }));
    expect(semOferta.json().lancamentoCaixaId).toBeNull();
    expect((await lancamento(zerado.lancamentoCaixaId)).estornadoEm).toEqual(expect.any(String));

    const fechado = await req('PUT', `/api/periodo-contabil/${outubro}/fechar`, { confirmado: true });
    expect(fechado.statusCode, fechado.body).toBe(200);
    // The offering of a closed period stays; the rest of the service may still change.
    const tarde = await req('PUT', `/api/culto/${comPlano.id}`, { ...corpo, ofertas: '200.00' });
    expect(tarde.statusCode).toBe(422);
    expect(tarde.json().codigo).toBe('PERIODO_FECHADO');
    expect(await lancamento(comPlano.lancamentoCaixaId)).toMatchObject({ valor: '175.00' });
    const sermao = await req('PUT', `/api/culto/${comPlano.id}`, { ...corpo, sermao: 'Jo 3.16' });
    expect(sermao.statusCode, sermao.body).toBe(200);
    const novo = await req(
      'POST',
      '/api/culto',
      culto({ data: '2026-10-25', ofertas: '9', planoContaId: receita, abrangencia: 'PAROQUIAL', destino: 'X' }),
    );
    expect(novo.json().codigo).toBe('PERIODO_FECHADO');

    // Deleting reverses the offering today (November, opened when October closed).
    const excluido = await req('DELETE', `/api/culto/${comPlano.id}`);
    expect(excluido.statusCode, excluido.body).toBe(200);
    expect((await req('GET', `/api/culto/${comPlano.id}`)).statusCode).toBe(404);
    expect((await lancamento(comPlano.lancamentoCaixaId)).estornadoEm).toEqual(expect.any(String));
  });

  it('finds no service for an entry typed into the ledger', async () => {
    const [manual] = await t.banco.db
      .select({ id: schema.lancamentoCaixa.id })
      .from(schema.lancamentoCaixa)
      .where(isNull(schema.lancamentoCaixa.origem))
      .limit(1);
    const r = await req('GET', `/api/culto/oferta/${manual!.id}`);
    expect(r.statusCode).toBe(404);
    expect(r.json()).toMatchObject({
      codigo: 'CULTO_NAO_ENCONTRADO',
      mensagem: 'Nenhum culto encontrado para a oferta.',
    });
  });

  it('keeps the offering plan on Sundays', async () => {
    const segunda = await req('POST', '/api/plano-de-ofertas', {
      data: '2026-10-05',
      nome: 'Segunda',
      abrangencia: 'PAROQUIAL',
      destino: 'X',
    });
    expect(segunda.statusCode).toBe(400);
    expect(segunda.json().campos[0].campo).toBe('data');
  });

  it('needs its permission and keeps other organizations out', async () => {
    expect((await req('GET', '/api/culto/paginado', undefined, atendimento)).statusCode).toBe(403);
    expect((await req('POST', '/api/culto', culto(), atendimento)).statusCode).toBe(403);
    const outraId = await organizacaoPorNome(t.banco.db, 'Sínodo Paranapanema');
    const alheio = await criar('/api/culto', culto({ organizacaoId: outraId, celebrantes: [] }), admin);
    expect((await req('GET', `/api/culto/${alheio.id}`)).statusCode).toBe(404);
    expect((await req('PUT', `/api/culto/${alheio.id}`, culto())).statusCode).toBe(404);
    expect((await req('DELETE', `/api/culto/${alheio.id}`)).statusCode).toBe(404);
    const fora = await req('POST', '/api/culto', culto({ organizacaoId: outraId }));
    expect(fora.statusCode).toBe(400);
    expect(fora.json().campos[0].campo).toBe('organizacaoId');
    expect((await req('GET', `/api/culto/plano-de-ofertas?organizacaoId=${outraId}&data=2026-10-04`)).statusCode).toBe(
      404,
    );
    const lista = (await req('GET', '/api/culto/paginado?quantidade=100')).json();
    expect(lista.itens.some((c: { id: number }) => c.id === alheio.id)).toBe(false);
  });
});

describe('worship indicator', () => {
  it('sums services, attendance, Lord’s Supper and offerings, bucket by bucket and against the previous period', async () => {
    const r = await req('GET', '/api/indicadores/cultos?periodoDe=2026-10-01&periodoAte=2026-10-31&periodo=1');
    expect(r.statusCode, r.body).toBe(200);
    const d = r.json();
    // Left after the tests above: 07/10 (30.00), 11/10 (12.00), 14/10 and 21/10 (offering withdrawn).
    expect(d).toMatchObject({ cultos: 4, presentes: 160, santaCeia: 0, ofertas: '42.00' });
    expect(d.serie).toEqual([
      {
        chave: '2026-10',
        de: '2026-10-01',
        ate: '2026-10-31',
        cultos: 4,
        presentes: 160,
        santaCeia: 0,
        ofertas: '42.00',
      },
    ]);
    expect(d).toMatchObject({ recortado: false, anteriorDe: '2026-09-01', anteriorAte: '2026-09-30' });
    expect(d.serieAnterior).toEqual([{ chave: '2026-09', de: '2026-09-01', ate: '2026-09-30', ...d.anterior }]);
    // By day the month is cut to its last ten days: the cards count exactly the buckets' days.
    const dias = (await req('GET', '/api/indicadores/cultos?periodoDe=2026-10-01&periodoAte=2026-10-31')).json();
    expect(dias).toMatchObject({ periodoDe: '2026-10-22', recortado: true, anteriorDe: '2026-10-12' });
    expect(dias.serie).toHaveLength(10);
    expect(dias.cultos).toBe(dias.serie.reduce((s: number, b: { cultos: number }) => s + b.cultos, 0));
    expect(dias.anterior.cultos).toBe(dias.serieAnterior.reduce((s: number, b: { cultos: number }) => s + b.cultos, 0));
    expect(dias.anterior.cultos).toBe(2);
    expect(d.porOrganizacao[0]).toMatchObject({ total: 160 });
    const invertido = await req('GET', '/api/indicadores/cultos?periodoDe=2026-10-31&periodoAte=2026-10-01');
    expect(invertido.statusCode).toBe(400);
    expect((await req('GET', '/api/indicadores/cultos', undefined, atendimento)).statusCode).toBe(403);
  });
});
