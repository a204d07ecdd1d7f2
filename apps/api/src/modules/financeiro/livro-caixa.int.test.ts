import { schema } from '@sig/db';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { reqCom, usarAppTeste } from '../../../test/app-teste.js';
import { organizacaoPorNome } from '../../../test/fabricas.js';
import { contaCaixaPelaApi, planoContaPelaApi } from '../../../test/financeiro.js';

const t = usarAppTeste();
let admin: string;
let paroquia: string;
let tesouraria: string;
let caixa: number;
let banco: number;
let receita: number;
let despesa: number;
let grupo: number;
let transferir: number;
let centro: number;

const req = reqCom(t, () => tesouraria);
const criar = (url: string, payload: object, token = tesouraria) => t.criar(url, payload, token);
const saldo = async (periodoId: number) => (await req('GET', `/api/periodo-contabil/${periodoId}`)).json().saldoAtual;

const lancamento = (extra: Record<string, unknown> = {}) => ({
  data: '2026-11-08',
  tipo: 'ENTRADA',
  contaCaixaId: caixa,
  planoContaId: receita,
  valor: '50.00',
  historico: 'Oferta do culto',
  ...extra,
});

beforeAll(async () => {
  [admin, paroquia, tesouraria] = await t.logins('admin', 'paroquia', 'tesouraria');
  const conta = (campos: { nome: string } & Record<string, unknown>) =>
    contaCaixaPelaApi(t, tesouraria, { dataSaldoInicial: '2026-01-01', ...campos });
  caixa = (await conta({ nome: 'Caixa', saldoInicial: '100.00' })).id;
  banco = (await conta({ nome: 'Aplicação', tipoContaCaixa: 'APLICACAO' })).id;
  const plano = async (codigoInterno: string, nome: string, extra: object = {}) =>
    (await planoContaPelaApi(t, tesouraria, { codigoInterno, nome, ...extra })).id;
  grupo = await plano('3', 'Receitas', { tipoPlanoConta: 'SINTETICA' });
  receita = await plano('3.1', 'Ofertas', { planoContaPaiId: grupo });
  despesa = await plano('4.1', 'Energia', { naturezaPlanoConta: 'DESPESA' });
  transferir = await plano('9.1', 'Transferências', { naturezaPlanoConta: 'TRANSFERENCIA' });
  centro = (await criar('/api/controle-gerencial', { codigo: 'CC1', nome: 'Templo' })).id;
});

describe('accounting periods and the cash ledger', () => {
  let novembro: number;

  it('takes no entry without a period; a period starts from the opening balance and never overlaps', async () => {
    const sem = await req('POST', '/api/lancamento-caixa', lancamento());
    expect(sem.statusCode).toBe(422);
    expect(sem.json()).toMatchObject({ codigo: 'PERIODO_INEXISTENTE', campos: [{ campo: 'data' }] });
    const p = await criar('/api/periodo-contabil', {
      contaCaixaId: caixa,
      dataInicio: '2026-11-01',
      dataFim: '2026-11-30',
    });
    expect(p).toMatchObject({
      situacao: 'ABERTO',
      saldoInicial: '100.00',
      saldoAtual: '100.00',
      contaCaixaNome: 'Caixa',
    });
    novembro = p.id;
    const sobre = await req('POST', '/api/periodo-contabil', {
      contaCaixaId: caixa,
      dataInicio: '2026-11-15',
      dataFim: '2026-12-15',
    });
    expect(sobre.statusCode).toBe(409);
    const invertido = await req('POST', '/api/periodo-contabil', {
      contaCaixaId: caixa,
      dataInicio: '2026-12-15',
      dataFim: '2026-12-01',
    });
    expect(invertido.statusCode).toBe(400);
    expect(invertido.json().campos[0].campo).toBe('dataFim');
    await criar('/api/periodo-contabil', { contaCaixaId: banco, dataInicio: '2026-11-01', dataFim: '2026-11-30' });
  });

  it('records entries on analytic accounts with a running balance; transfers and reversals keep it right', async () => {
    const entrada = await criar(
      '/api/lancamento-caixa',
      lancamento({ controleGerencialId: centro, documento: 'Recibo 1' }),
    );
    expect(entrada).toMatchObject({ valor: '50.00', saldo: '150.00', planoContaNome: 'Ofertas' });
    const saida = await criar(
      '/api/lancamento-caixa',
      lancamento({ data: '2026-11-10', tipo: 'SAIDA', planoContaId: despesa, valor: '20', historico: 'Conta de luz' }),
    );
    expect(saida).toMatchObject({ valor: '-20.00', saldo: '130.00' });
    const sintetica = await req('POST', '/api/lancamento-caixa', lancamento({ planoContaId: grupo }));
    expect(sintetica.statusCode).toBe(422);
    expect(sintetica.json().codigo).toBe('CONTA_SINTETICA');
    const zero = await req('POST', '/api/lancamento-caixa', lancamento({ valor: '0' }));
    expect(zero.statusCode).toBe(400);
    expect(zero.json().campos[0].campo).toBe('valor');

    const daReceita = await req(
      'POST',
      '/api/lancamento-caixa',
      lancamento({ data: '2026-11-12', tipo: 'TRANSFERENCIA', contaCaixaDestinoId: banco, valor: '30.00' }),
    );
    expect(daReceita.statusCode).toBe(422);
    expect(daReceita.json()).toMatchObject({
      codigo: 'CONTA_NAO_TRANSFERENCIA',
      campos: [{ campo: 'planoContaId' }],
    });
    const transferencia = await criar(
      '/api/lancamento-caixa',
      lancamento({
        data: '2026-11-12',
        tipo: 'TRANSFERENCIA',
        planoContaId: transferir,
        contaCaixaDestinoId: banco,
        valor: '30.00',
        historico: 'Aplicação',
      }),
    );
    expect(transferencia).toMatchObject({ valor: '-30.00', saldo: '100.00' });
    const noBanco = (await req('GET', `/api/lancamento-caixa/paginado?contaCaixaId=${banco}`)).json();
    expect(noBanco.itens).toMatchObject([{ valor: '30.00', saldo: '30.00', transferenciaId: transferencia.id }]);

    const semJustificativa = await req('POST', `/api/lancamento-caixa/${saida.id}/estornar`, {});
    expect(semJustificativa.statusCode).toBe(400);
    const estorno = await req('POST', `/api/lancamento-caixa/${saida.id}/estornar`, {
      justificativa: 'Lançada em duplicidade',
      data: '2026-11-20',
    });
    expect(estorno.statusCode, estorno.body).toBe(200);
    expect(estorno.json()).toMatchObject({
      estornadoEm: expect.any(String),
      justificativaEstorno: 'Lançada em duplicidade',
    });
    expect(await saldo(novembro)).toBe('120.00');
    const denovo = await req('POST', `/api/lancamento-caixa/${saida.id}/estornar`, { justificativa: 'Outra vez' });
    expect(denovo.statusCode).toBe(409);
    expect((await req('PUT', `/api/lancamento-caixa/${saida.id}`, lancamento({ tipo: 'SAIDA' }))).statusCode).toBe(409);

    const lista = (await req('GET', `/api/lancamento-caixa/paginado?contaCaixaId=${caixa}`)).json();
    expect(lista.total).toBe(4);
    expect(lista.itens.map((l: { saldo: string }) => l.saldo)).toEqual(['150.00', '130.00', '100.00', '120.00']);
    const filtrada = (
      await req('GET', `/api/lancamento-caixa/paginado?contaCaixaId=${caixa}&periodoDe=2026-11-11&historico=LUZ`)
    ).json();
    // Filters narrow the rows; the balance still counts every earlier entry of the account.
    expect(filtrada.itens).toMatchObject([{ historico: 'Conta de luz (estorno)', saldo: '120.00' }]);
    // Issue 17: what the system wrote follows the reader's language, in the list and the export.
    const emIngles = (
      await t.req({
        method: 'GET',
        url: `/api/lancamento-caixa/paginado?contaCaixaId=${caixa}&periodoDe=2026-11-11&historico=LUZ`,
        token: tesouraria,
        idioma: 'en',
      })
    ).json();
    expect(emIngles.itens).toMatchObject([{ historico: 'Conta de luz (reversal)' }]);
    // The totals row is the net of the filtered set (the reversal alone), the page's and the account's aside.
    expect(filtrada.totais).toEqual({ valor: '20.00' });
    expect(lista.totais).toEqual({ valor: '20.00' });
    const csv = async (idioma: string) =>
      (
        await t.req({
          method: 'GET',
          url: `/api/lancamento-caixa/exportar-lista?formato=csv&contaCaixaId=${caixa}&periodoDe=2026-11-11`,
          token: tesouraria,
          idioma,
        })
      ).body;
    expect(await csv('pt-BR')).toContain('Conta de luz (estorno)');
    expect(await csv('en')).toContain('Conta de luz (reversal)');

    const corrigida = await req('PUT', `/api/lancamento-caixa/${entrada.id}`, lancamento({ valor: '55.00' }));
    expect(corrigida.statusCode, corrigida.body).toBe(200);
    expect(corrigida.json()).toMatchObject({ valor: '55.00', saldo: '155.00' });
    expect(await saldo(novembro)).toBe('125.00');
  });

  it('closes after confirmation, carries the balance to the next period, refuses entries in it, reopens only the latest', async () => {
    expect((await req('PUT', `/api/periodo-contabil/${novembro}/fechar`, {})).statusCode).toBe(400);
    const fechado = await req('PUT', `/api/periodo-contabil/${novembro}/fechar`, { confirmado: true });
    expect(fechado.statusCode, fechado.body).toBe(200);
    expect(fechado.json()).toMatchObject({ situacao: 'FECHADO', saldoFinal: '125.00' });
    const lista = (await req('GET', `/api/periodo-contabil/paginado?contaCaixaId=${caixa}`)).json();
    expect(lista.itens).toMatchObject([
      { dataInicio: '2026-11-01', situacao: 'FECHADO' },
      { dataInicio: '2026-12-01', dataFim: '2026-12-31', situacao: 'ABERTO', saldoInicial: '125.00' },
    ]);
    const dezembro = lista.itens[1].id;
    const noFechado = await req('POST', '/api/lancamento-caixa', lancamento({ data: '2026-11-25' }));
    expect(noFechado.statusCode).toBe(422);
    expect(noFechado.json().codigo).toBe('PERIODO_FECHADO');
    await criar('/api/lancamento-caixa', lancamento({ data: '2026-12-06', valor: '10.00' }));
    expect(await saldo(dezembro)).toBe('135.00');

    await req('PUT', `/api/periodo-contabil/${dezembro}/fechar`, { confirmado: true });
    const antigo = await req('PUT', `/api/periodo-contabil/${novembro}/reabrir`, { confirmado: true });
    expect(antigo.statusCode).toBe(409);
    expect(antigo.json().codigo).toBe('PERIODO_NAO_REABRIVEL');
    const reaberto = await req('PUT', `/api/periodo-contabil/${dezembro}/reabrir`, { confirmado: true });
    expect(reaberto.json()).toMatchObject({ situacao: 'ABERTO', saldoFinal: null });
    const [h] = await t.banco.db
      .select({ n: schema.historicoAlteracao.id })
      .from(schema.historicoAlteracao)
      .where(eq(schema.historicoAlteracao.entidade, 'periodo_contabil'));
    expect(h).toBeDefined();
  });

  it('needs its permissions and keeps other organizations out', async () => {
    expect((await req('GET', '/api/lancamento-caixa/paginado', undefined, paroquia)).statusCode).toBe(403);
    expect(
      (
        await req(
          'POST',
          '/api/periodo-contabil',
          { contaCaixaId: caixa, dataInicio: '2027-01-01', dataFim: '2027-01-31' },
          paroquia,
        )
      ).statusCode,
    ).toBe(403);
    const outraId = await organizacaoPorNome(t.banco.db, 'Sínodo Paranapanema');
    const alheio = await contaCaixaPelaApi(t, admin, {
      nome: 'Caixa alheio',
      dataSaldoInicial: '2026-01-01',
      organizacaoId: outraId,
    });
    await t.banco.db
      .update(schema.contaCaixa)
      .set({ organizacaoId: outraId })
      .where(eq(schema.contaCaixa.id, alheio.id));
    const periodo = await criar(
      '/api/periodo-contabil',
      { contaCaixaId: alheio.id, dataInicio: '2026-11-01', dataFim: '2026-11-30' },
      admin,
    );
    const doAdmin = await criar('/api/lancamento-caixa', lancamento({ contaCaixaId: alheio.id }), admin);
    expect((await req('GET', `/api/lancamento-caixa/${doAdmin.id}`)).statusCode).toBe(404);
    expect((await req('GET', `/api/periodo-contabil/${periodo.id}`)).statusCode).toBe(404);
    const fora = await req('POST', '/api/lancamento-caixa', lancamento({ contaCaixaId: alheio.id }));
    expect(fora.statusCode).toBe(400);
    expect(fora.json().campos[0].campo).toBe('contaCaixaId');
    expect(
      (await req('POST', `/api/lancamento-caixa/${doAdmin.id}/estornar`, { justificativa: 'Não é meu' })).statusCode,
    ).toBe(404);
    expect((await req('PUT', `/api/periodo-contabil/${periodo.id}/fechar`, { confirmado: true })).statusCode).toBe(404);
  });
});
