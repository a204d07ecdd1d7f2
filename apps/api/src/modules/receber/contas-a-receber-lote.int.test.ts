import { schema } from '@sig/db';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { reqCom, usarAppTeste } from '../../../test/app-teste.js';
import { historicoDe, organizacaoForaDe } from '../../../test/fabricas.js';
import { tipoLote } from '../processamento-lote/index.js';
import { competenciasCobradas, type ParametrosLoteContas, valorDaConta } from './contas-a-receber-lote.tipo.js';

const t = usarAppTeste();
let admin: string;
let paroquia: string;
let tesouraria: string;
let organizacaoId: number;
let categoriaId: number;

const { contaAReceber: car, pessoa, pessoaContribuicao, categoriaContribuicao, processamentoLoteItem } = schema;

const req = reqCom(t, () => tesouraria);

const novaPessoa = async (contribuicao?: { valor?: string; percentualDesconto?: string }, org = organizacaoId) => {
  const [p] = await t.banco.db
    .insert(pessoa)
    .values({ nome: 'Contas', sobrenome: `Lote ${Math.random().toString(36).slice(2, 7)}`, organizacaoId: org })
    .returning({ id: pessoa.id });
  if (contribuicao) await t.banco.db.insert(pessoaContribuicao).values({ pessoaId: p!.id, ...contribuicao });
  return p!.id;
};
const novaCategoria = async (valores: Partial<typeof categoriaContribuicao.$inferInsert> = {}) => {
  const [c] = await t.banco.db
    .insert(categoriaContribuicao)
    .values({
      nome: `Categoria ${Math.random().toString(36).slice(2, 8)}`,
      organizacaoId,
      valor: '30.00',
      periodicidadeContribuicao: 'MENSAL',
      periodicidadeCobranca: 'MENSAL',
      diaVencimento: 31,
      ...valores,
    })
    .returning({ id: categoriaContribuicao.id });
  return c!.id;
};
const criarLote = async (payload: object, token = tesouraria) => {
  const r = await req('POST', '/api/contas-a-receber-lote', payload, token);
  expect(r.statusCode, r.body).toBe(201);
  return r.json();
};
const lote = async (id: number) => (await req('GET', `/api/contas-a-receber-lote/${id}`)).json();
const itens = async (id: number, idioma?: string) =>
  (await req('GET', `/api/contas-a-receber-lote/${id}/itens?quantidade=100`, undefined, tesouraria, idioma)).json()
    .itens as { id: number; referenciaId: number; status: string; resultado: string | null; erro: string | null }[];
const contasDe = (pessoaId: number) =>
  t.banco.db
    .select()
    .from(car)
    .where(eq(car.pessoaId, pessoaId))
    .orderBy(asc(car.anoCompetencia), asc(car.mesCompetencia), asc(car.id));

beforeAll(async () => {
  [admin, paroquia, tesouraria] = await t.logins('admin', 'paroquia', 'tesouraria');
  const [p] = await t.banco.db
    .select({ organizacaoId: pessoa.organizacaoId })
    .from(pessoa)
    .where(eq(pessoa.cpf, '39053344705'));
  organizacaoId = p!.organizacaoId;
  categoriaId = await novaCategoria();
});

describe('receivables in bulk', () => {
  let loteId: number;
  let comValor: number;
  let semContribuicao: number;
  let soDesconto: number;
  const periodo = { competenciaInicio: '2031-11', competenciaFim: '2032-02' };

  it('previews the people and months, then creates each person’s receivables with their value and due dates', async () => {
    comValor = await novaPessoa({ valor: '80.00', percentualDesconto: '25' });
    semContribuicao = await novaPessoa();
    soDesconto = await novaPessoa({ percentualDesconto: '10' });
    const entrada = {
      pessoasIds: [comValor, semContribuicao, soDesconto],
      categoriaContribuicaoId: categoriaId,
      ...periodo,
    };

    const previa = await req('POST', '/api/contas-a-receber-lote/previa', entrada);
    expect(previa.statusCode, previa.body).toBe(200);
    expect(previa.json()).toEqual({
      pessoas: 3,
      contas: 12,
      competencias: ['2031-11', '2031-12', '2032-01', '2032-02'],
      diaVencimento: 31,
    });

    const criado = await criarLote(entrada);
    loteId = criado.id;
    expect(criado).toMatchObject({
      tipo: 'CONTAS_A_RECEBER',
      status: 'PENDENTE',
      total: 3,
      organizacaoId,
      desfazivel: true,
    });
    await t.app.lotes.processarTudo();
    expect(await lote(loteId)).toMatchObject({ status: 'CONCLUIDO', sucessos: 3, erros: 0 });

    const esperado = { [comValor]: '60.00', [semContribuicao]: '30.00', [soDesconto]: '27.00' };
    for (const [pessoaId, valor] of Object.entries(esperado)) {
      const contas = await contasDe(Number(pessoaId));
      expect(contas.map((c) => [c.anoCompetencia, c.mesCompetencia, c.vencimento, c.valorPrevisto])).toEqual([
        [2031, 11, '2031-11-30', valor],
        [2031, 12, '2031-12-31', valor],
        [2032, 1, '2032-01-31', valor],
        [2032, 2, '2032-02-29', valor],
      ]);
      expect(contas[0]).toMatchObject({
        organizacaoId,
        tipo: 'CONTRIBUICAO',
        status: 'ABERTO',
        categoriaContribuicaoId: categoriaId,
        cobrancaGerada: false,
      });
      expect(contas[0]!.loteItemId).toBeTruthy();
    }
    const lista = await itens(loteId);
    expect(lista.map((i) => i.resultado)).toEqual(Array(3).fill('4 contas a receber criadas.'));
    expect((await itens(loteId, 'en'))[0]!.resultado).toBe('4 receivables created.');
    const conta = (await contasDe(comValor))[0]!;
    const [historico] = await historicoDe(t.banco.db, 'conta_a_receber', conta.id);
    expect(historico).toMatchObject({ operacao: 'CRIACAO', organizacaoId });
    expect(historico!.valorNovo).toMatchObject({
      valorPrevisto: '60.00',
      vencimento: '2031-11-30',
      loteItemId: conta.loteItemId,
    });
    // The receivables screen lists them like any other.
    const tela = await req('GET', `/api/conta-a-receber/paginado?pessoaId=${comValor}`);
    expect(tela.json().total).toBe(4);
  });

  it('run again after a crash, an item finishes what it had started and duplicates nothing', async () => {
    const [item] = (await itens(loteId)).filter((i) => i.referenciaId === comValor);
    // The dead run had created two of the four receivables before the process died.
    const criadas = await contasDe(comValor);
    await t.banco.db.delete(car).where(inArray(car.id, [criadas[2]!.id, criadas[3]!.id]));
    await t.banco.db
      .update(processamentoLoteItem)
      .set({ status: 'EM_ANDAMENTO', atualizadoEm: sql`now() - interval '10 minutes'` })
      .where(eq(processamentoLoteItem.id, item!.id));
    await t.banco.db
      .update(schema.processamentoLote)
      .set({ status: 'EM_ANDAMENTO', sucessos: 2 })
      .where(eq(schema.processamentoLote.id, loteId));
    expect(await t.app.lotes.processarProximo()).toBe(true);
    expect(await lote(loteId)).toMatchObject({ status: 'CONCLUIDO', sucessos: 3 });
    const depois = await contasDe(comValor);
    expect(depois).toHaveLength(4);
    expect(depois.slice(0, 2).map((c) => c.id)).toEqual([criadas[0]!.id, criadas[1]!.id]);
    expect((await itens(loteId)).find((i) => i.id === item!.id)!.resultado).toBe('4 contas a receber criadas.');

    // The kind itself, called twice for a done item, finds its four and adds none.
    const [doLote] = await t.banco.db
      .select({ parametros: schema.processamentoLote.parametros, criadoPor: schema.processamentoLote.criadoPor })
      .from(schema.processamentoLote)
      .where(eq(schema.processamentoLote.id, loteId));
    const trabalho = {
      id: item!.id,
      loteId,
      referenciaId: comValor,
      resultado: null,
      organizacaoId,
      tentativas: 2,
      ...doLote!,
    };
    expect(JSON.parse((await tipoLote('CONTAS_A_RECEBER')!.processar(t.app.deps, trabalho))!)).toEqual({
      criadas: 4,
      existentes: 0,
    });
    expect(await contasDe(comValor)).toHaveLength(4);
  });

  it('skips the months a person already has from another batch, saying so', async () => {
    const outro = await criarLote({
      pessoasIds: [comValor],
      categoriaContribuicaoId: categoriaId,
      competenciaInicio: '2032-01',
      competenciaFim: '2032-03',
    });
    await t.app.lotes.processarTudo();
    expect(await lote(outro.id)).toMatchObject({ status: 'CONCLUIDO', sucessos: 1 });
    expect((await itens(outro.id))[0]!.resultado).toBe(
      '1 conta a receber criada. 2 competências já tinham conta de outro lote e foram puladas.',
    );
    const contas = await contasDe(comValor);
    expect(contas.map((c) => `${c.anoCompetencia}-${c.mesCompetencia}`)).toEqual([
      '2031-11',
      '2031-12',
      '2032-1',
      '2032-2',
      '2032-3',
    ]);
  });

  it('undoes an item by excluding its receivables, with history; new batches may charge those months again', async () => {
    const item = (await itens(loteId)).find((i) => i.referenciaId === semContribuicao)!;
    const r = await req('POST', `/api/processamento-lote/${loteId}/desfazer`, { itemIds: [item.id] });
    expect(r.statusCode, r.body).toBe(200);
    await t.app.lotes.processarTudo();
    expect(await lote(loteId)).toMatchObject({ status: 'CONCLUIDO', desfeitos: 1, sucessos: 2 });
    const contas = await contasDe(semContribuicao);
    expect(contas.map((c) => c.status)).toEqual(Array(4).fill('EXCLUIDO'));
    const historico = await historicoDe(t.banco.db, 'conta_a_receber', contas[0]!.id, { operacao: 'ALTERACAO' });
    expect(historico).toMatchObject([{ campo: 'status', valorAnterior: 'ABERTO', valorNovo: 'EXCLUIDO' }]);

    const novo = await criarLote({ pessoasIds: [semContribuicao], categoriaContribuicaoId: categoriaId, ...periodo });
    await t.app.lotes.processarTudo();
    expect((await itens(novo.id))[0]!.resultado).toBe('4 contas a receber criadas.');
  });

  it('refuses to undo an item with a paid or charged receivable, naming why, and changes none of them', async () => {
    const [paga, cobrada] = await contasDe(comValor);
    await t.banco.db.update(car).set({ status: 'PAGO' }).where(eq(car.id, paga!.id));
    const r = await req('POST', `/api/processamento-lote/${loteId}/desfazer`, {});
    expect(r.statusCode, r.body).toBe(200);
    await t.app.lotes.processarTudo();
    const depois = await itens(loteId);
    expect(depois.find((i) => i.referenciaId === comValor)).toMatchObject({
      status: 'ERRO',
      erro: 'Não é possível desfazer: 1 conta(s) a receber deste item já foram pagas, estornadas ou fechadas.',
    });
    expect(depois.find((i) => i.referenciaId === soDesconto)).toMatchObject({ status: 'DESFEITO' });
    expect((await contasDe(comValor)).filter((c) => c.status === 'ABERTO')).toHaveLength(4);

    await t.banco.db.update(car).set({ status: 'ABERTO' }).where(eq(car.id, paga!.id));
    await t.banco.db.update(car).set({ cobrancaGerada: true }).where(eq(car.id, cobrada!.id));
    await req('POST', `/api/processamento-lote/${loteId}/reprocessar-erros`);
    await t.app.lotes.processarTudo();
    expect((await itens(loteId, 'en')).find((i) => i.referenciaId === comValor)!.erro).toBe(
      'Cannot undo: 1 receivable(s) of this item already have a charge; cancel the charges first.',
    );
  });

  it('without a category, charges each person’s own value or the organization’s default, due on its day', async () => {
    const propria = await novaPessoa({ valor: '45.00' });
    const padrao = await novaPessoa();
    const previa = await req('POST', '/api/contas-a-receber-lote/previa', {
      pessoasIds: [propria, padrao],
      competenciaInicio: '2035-02',
      competenciaFim: '2035-02',
      tipo: 'DIZIMO',
    });
    expect(previa.json()).toMatchObject({ pessoas: 2, contas: 2, diaVencimento: 10 });
    const { id } = await criarLote({
      pessoasIds: [propria, padrao],
      competenciaInicio: '2035-02',
      competenciaFim: '2035-02',
      tipo: 'DIZIMO',
    });
    await t.app.lotes.processarTudo();
    expect(await lote(id)).toMatchObject({ status: 'CONCLUIDO', sucessos: 2 });
    expect((await contasDe(propria))[0]).toMatchObject({
      valorPrevisto: '45.00',
      vencimento: '2035-02-10',
      tipo: 'DIZIMO',
    });
    // The demo parish's default: a fixed R$ 50,00 due on the 10th.
    expect((await contasDe(padrao))[0]).toMatchObject({ valorPrevisto: '50.00', categoriaContribuicaoId: null });
  });

  it('takes the people by the people list’s filters', async () => {
    const marcador = `Filtro${Math.random().toString(36).slice(2, 7)}`;
    for (let i = 0; i < 2; i++)
      await t.banco.db
        .insert(pessoa)
        .values({ nome: marcador, sobrenome: `P${i}`, nomeBusca: `${marcador.toLowerCase()} p${i}`, organizacaoId });
    const entrada = {
      nome: marcador,
      categoriaContribuicaoId: categoriaId,
      competenciaInicio: '2036-01',
      competenciaFim: '2036-12',
    };
    expect((await req('POST', '/api/contas-a-receber-lote/previa', entrada)).json()).toMatchObject({
      pessoas: 2,
      contas: 24,
    });
    const criado = await criarLote(entrada);
    expect(criado.total).toBe(2);
    const lista = await req('GET', '/api/contas-a-receber-lote/paginado');
    expect(lista.statusCode, lista.body).toBe(200);
    expect(lista.json().itens[0]).toMatchObject({ id: criado.id, tipo: 'CONTAS_A_RECEBER' });
  });
});

describe('periodicities and values', () => {
  const base: ParametrosLoteContas = {
    entrada: {} as ParametrosLoteContas['entrada'],
    tipo: 'CONTRIBUICAO',
    usarValorDaPessoa: true,
    diaVencimento: 10,
    competencias: [],
    categoria: {
      id: 1,
      nome: 'X',
      valor: '10.00',
      periodicidadeContribuicao: 'MENSAL',
      periodicidadeCobranca: 'TRIMESTRAL',
    },
    organizacao: { valorPadrao: '5', tipoValor: 'PERCENTUAL_RENDA' },
    criadoPor: 1,
  };
  const meses = (...a: Parameters<typeof competenciasCobradas>) => competenciasCobradas(...a).map((c) => c.mes);

  it('charges the months of the periodicity counted from the default due month, on the calendar', () => {
    expect(meses('2030-01', '2030-12', 'TRIMESTRAL', null, 10)).toEqual([1, 4, 7, 10]);
    expect(meses('2030-03', '2031-02', 'TRIMESTRAL', 2, 10)).toEqual([5, 8, 11, 2]);
    expect(meses('2030-01', '2030-12', 'ANUAL', 3, 10)).toEqual([3]);
    expect(meses('2030-04', '2030-12', 'ANUAL', 3, 10)).toEqual([]);
    expect(meses('2030-01', '2030-06', 'UNICA', null, 10)).toEqual([1]);
    expect(meses('2030-01', '2030-06', 'UNICA', 5, 10)).toEqual([5]);
    expect(competenciasCobradas('2030-02', '2030-04', 'MENSAL', null, 31).map((c) => c.vencimento)).toEqual([
      '2030-02-28',
      '2030-03-31',
      '2030-04-30',
    ]);
  });

  it('charges several contribution periods together, or a share of one', () => {
    expect(valorDaConta(base, null)).toBe(3000);
    expect(valorDaConta(base, { valor: '20.00', percentualDesconto: '50', rendaFamiliar: null })).toBe(3000);
    const anual = {
      ...base.categoria!,
      valor: '100.00',
      periodicidadeContribuicao: 'ANUAL' as const,
      periodicidadeCobranca: 'MENSAL' as const,
    };
    expect(valorDaConta({ ...base, categoria: anual }, null)).toBe(833);
    expect(
      valorDaConta(
        { ...base, usarValorDaPessoa: false },
        { valor: '20.00', percentualDesconto: '50', rendaFamiliar: null },
      ),
    ).toBe(3000);
    expect(
      valorDaConta({ ...base, categoria: null }, { valor: null, percentualDesconto: null, rendaFamiliar: '3000' }),
    ).toBe(15000);
    expect(valorDaConta({ ...base, categoria: null }, null)).toBeNull();
    expect(valorDaConta(base, { valor: null, percentualDesconto: '100', rendaFamiliar: null })).toBe(0);
  });
});

describe('validation, permissions and scope', () => {
  const periodo = { competenciaInicio: '2040-01', competenciaFim: '2040-03' };

  it('refuses a bad period naming the field, in both languages, and creates nothing', async () => {
    const pessoaId = await novaPessoa();
    const antes = await t.banco.db.select({ n: sql<number>`count(*)::int` }).from(schema.processamentoLote);
    const casos: [object, string][] = [
      [
        { competenciaInicio: '2040-05', competenciaFim: '2040-04' },
        'A competência final não pode ser anterior à inicial.',
      ],
      [{ competenciaInicio: '2040-01', competenciaFim: '2041-01' }, 'O período pode ter no máximo 12 meses.'],
    ];
    for (const [p, mensagem] of casos) {
      const r = await req('POST', '/api/contas-a-receber-lote', {
        pessoasIds: [pessoaId],
        categoriaContribuicaoId: categoriaId,
        ...p,
      });
      expect(r.statusCode, r.body).toBe(400);
      expect(r.json().campos).toEqual([{ campo: 'competenciaFim', mensagem }]);
    }
    const en = await req(
      'POST',
      '/api/contas-a-receber-lote/previa',
      { pessoasIds: [pessoaId], competenciaInicio: '2040-01', competenciaFim: '2041-06' },
      tesouraria,
      'en',
    );
    expect(en.json().campos[0].mensagem).toBe('The period can have at most 12 months.');
    const semInicio = await req('POST', '/api/contas-a-receber-lote', {
      pessoasIds: [pessoaId],
      competenciaFim: '2040-01',
    });
    expect(semInicio.statusCode).toBe(400);
    expect(semInicio.json().campos[0].campo).toBe('competenciaInicio');
    const mes13 = await req('POST', '/api/contas-a-receber-lote', {
      pessoasIds: [pessoaId],
      competenciaInicio: '2040-13',
      competenciaFim: '2040-13',
    });
    expect(mes13.json().campos[0]).toMatchObject({
      campo: 'competenciaInicio',
      mensagem: 'Informe o mês e o ano da competência.',
    });
    const anual = await novaCategoria({ periodicidadeCobranca: 'ANUAL', mesVencimento: 6 });
    const semMes = await req('POST', '/api/contas-a-receber-lote', {
      pessoasIds: [pessoaId],
      categoriaContribuicaoId: anual,
      ...periodo,
    });
    expect(semMes.statusCode).toBe(400);
    expect(semMes.json().campos[0]).toMatchObject({ campo: 'competenciaFim' });
    const depois = await t.banco.db.select({ n: sql<number>`count(*)::int` }).from(schema.processamentoLote);
    expect(depois).toEqual(antes);
  });

  it('asks for the due day when neither the category nor the organization has one', async () => {
    const semDia = await novaCategoria({ diaVencimento: null });
    await t.banco.db
      .update(schema.organizacao)
      .set({ diaVencimentoContribuicao: null })
      .where(eq(schema.organizacao.id, organizacaoId));
    try {
      const r = await req('POST', '/api/contas-a-receber-lote/previa', {
        pessoasIds: [await novaPessoa()],
        categoriaContribuicaoId: semDia,
        ...periodo,
      });
      expect(r.statusCode).toBe(400);
      expect(r.json().campos[0].campo).toBe('diaVencimento');
      const comDia = await req('POST', '/api/contas-a-receber-lote/previa', {
        pessoasIds: [await novaPessoa()],
        categoriaContribuicaoId: semDia,
        diaVencimento: 15,
        ...periodo,
      });
      expect(comDia.json()).toMatchObject({ diaVencimento: 15, contas: 3 });
    } finally {
      await t.banco.db
        .update(schema.organizacao)
        .set({ diaVencimentoContribuicao: 10 })
        .where(eq(schema.organizacao.id, organizacaoId));
    }
  });

  it('answers 403 to a profile without the screen', async () => {
    const corpo = { pessoasIds: [await novaPessoa()], ...periodo };
    expect((await req('POST', '/api/contas-a-receber-lote', corpo, paroquia)).statusCode).toBe(403);
    expect((await req('POST', '/api/contas-a-receber-lote/previa', corpo, paroquia)).statusCode).toBe(403);
    expect((await req('GET', '/api/contas-a-receber-lote/paginado', undefined, paroquia)).statusCode).toBe(403);
    expect((await req('GET', '/api/contas-a-receber-lote/opcoes', undefined, paroquia)).statusCode).toBe(403);
  });

  it('answers 400 naming people, organizations and categories outside the scope, 404 for its batches', async () => {
    const foraId = await organizacaoForaDe(t.banco.db, organizacaoId, 2);
    const pessoaFora = await novaPessoa(undefined, foraId);
    const categoriaFora = await novaCategoria({ organizacaoId: foraId });
    const pessoaId = await novaPessoa();
    for (const corpo of [
      { pessoasIds: [pessoaFora], ...periodo },
      { organizacaoId: foraId, ...periodo },
      { pessoasIds: [pessoaId], categoriaContribuicaoId: categoriaFora, ...periodo },
    ]) {
      expect((await req('POST', '/api/contas-a-receber-lote', corpo)).statusCode).toBe(400);
      expect((await req('POST', '/api/contas-a-receber-lote/previa', corpo)).statusCode).toBe(400);
    }
    const opcoes = (await req('GET', '/api/contas-a-receber-lote/opcoes')).json();
    expect(opcoes.categorias.map((c: { value: number }) => c.value)).toContain(categoriaId);
    expect(opcoes.categorias.map((c: { value: number }) => c.value)).not.toContain(categoriaFora);
    expect(opcoes.organizacao).toMatchObject({ diaVencimentoContribuicao: 10, valorPadraoContribuicao: '50.00' });

    // The administrator acts for the national church: that batch lies outside the parish's scope.
    const alheio = await criarLote({ pessoasIds: [pessoaFora], diaVencimento: 5, ...periodo }, admin);
    await req('POST', `/api/processamento-lote/${alheio.id}/cancelar`, undefined, admin);
    expect((await req('GET', `/api/contas-a-receber-lote/${alheio.id}`)).statusCode).toBe(404);
    expect((await req('GET', `/api/contas-a-receber-lote/${alheio.id}/itens`)).statusCode).toBe(404);
    expect((await req('GET', `/api/contas-a-receber-lote/${alheio.id}`, undefined, admin)).statusCode).toBe(200);
  });
});
