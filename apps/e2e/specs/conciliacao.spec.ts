import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { api, provedorFake } from '../fixtures/api.js';
import { criarPelaApi } from '../fixtures/formularios.js';
import { comPagina, loginAs, usarNavegador, violacoesGraves } from '../fixtures/navegador.js';

const navegador = usarNavegador();

const iso = (d: Date) => d.toISOString().slice(0, 10);
/** The first and last day of the month `mais` months from this one in Brazil, where the server dates money. */
function mes(mais: number) {
  const [ano, mesAtual] = new Date()
    .toLocaleDateString('sv-SE', { timeZone: 'America/Sao_Paulo' })
    .split('-')
    .map(Number);
  const inicio = new Date(Date.UTC(ano!, mesAtual! - 1 + mais, 1));
  const fim = new Date(Date.UTC(ano!, mesAtual! + mais, 0));
  return { dataInicio: iso(inicio), dataFim: iso(fim) };
}

type Lancamento = { historico: string; valor: string; data: string; estornadoEm: string | null };
type Pagina<T> = { itens: T[]; totais?: Record<string, string> };

const linhaPendencia = (p: Page, texto: string) => p.locator('.ant-table-row').filter({ hasText: texto });

/**
 * The parish posts received payments to a cash account of the story's own (issue 17 item 3), and
 * its settings are put back afterwards for the other stories.
 */
async function comLancamentoAutomatico(p: Page, marca: string, historia: (caixa: number) => Promise<void>) {
  const caixa = await criarPelaApi(p, 'conta-caixa', {
    nome: `Recebimentos ${marca}`,
    tipoContaCaixa: 'BANCO',
    bancoId: (await api<{ value: number }[]>(p, 'GET', 'banco/select?busca=Brasil')).corpo[0]!.value,
    dataSaldoInicial: '2026-01-01',
  });
  const plano = await criarPelaApi(p, 'plano-de-conta', {
    codigoInterno: `C${marca}`,
    nome: `Contribuições ${marca}`,
    tipoPlanoConta: 'ANALITICA',
    naturezaPlanoConta: 'RECEITA',
  });
  await criarPelaApi(p, 'periodo-contabil', { contaCaixaId: caixa, ...mes(0) });
  const { corpo: atual } = await api<Record<string, unknown>>(p, 'GET', 'organizacao/configuracoes');
  const campos = [
    'diaVencimentoContribuicao',
    'valorPadraoContribuicao',
    'tipoValorContribuicao',
    'lancamentoCaixaAutomatico',
    'aceitaCadastro',
    'contaCultoId',
    'contaCaixaEntradaId',
    'contaCaixaSaidaId',
    'contaCreditoId',
    'contaDebitoId',
  ];
  const antes = Object.fromEntries(campos.filter((c) => atual[c] !== undefined).map((c) => [c, atual[c]]));
  const ligado = await api(p, 'PUT', 'organizacao/configuracoes', {
    ...antes,
    lancamentoCaixaAutomatico: true,
    contaCaixaEntradaId: caixa,
    contaCreditoId: plano,
  });
  expect(ligado.status).toBe(200);
  try {
    await historia(caixa);
  } finally {
    await api(p, 'PUT', 'organizacao/configuracoes', antes);
  }
}

/** A receivable of the demo's treasurer, charged at the provider; answers it and its charge's provider id. */
async function contaCobrada(p: Page, valorPrevisto: string, forma: 'BOLETO' | 'CARTAO', mesCompetencia: number) {
  const pessoaId = (await api<{ value: number }[]>(p, 'GET', 'pessoa/select?busca=Tesoureiro')).corpo[0]!.value;
  const id = await criarPelaApi(p, 'conta-a-receber', {
    pessoaId,
    tipo: 'OUTROS',
    mesCompetencia,
    anoCompetencia: 2095,
    vencimento: `2095-${String(mesCompetencia).padStart(2, '0')}-20`,
    valorPrevisto,
  });
  const cobrado = await api<{ id: number; provedorId: string }[]>(p, 'POST', 'cobranca', {
    contaAReceberId: id,
    forma,
  });
  expect(cobrado.status).toBe(201);
  return { id, cobrancaId: cobrado.corpo[0]!.id, provedorId: cobrado.corpo[0]!.provedorId };
}

const statusDa = async (p: Page, id: number) =>
  (await api<{ status: string; valorPago: string | null }>(p, 'GET', `conta-a-receber/${id}`)).corpo;

const lancamentos = async (p: Page, caixa: number) =>
  (await api<Pagina<Lancamento>>(p, 'GET', `lancamento-caixa/paginado?contaCaixaId=${caixa}&pagina=1&quantidade=50`))
    .corpo;

describe('[CONCILIACAO] every payment reaches the books, or is shown (issue 17)', { timeout: 240_000 }, () => {
  it('[CONCILIACAO] a paid boleto reaches the ledger; its refund reverses the entry and cancels the receipt', () =>
    comPagina(navegador, 'conciliacao-reembolso', async (p) => {
      const marca = `r${Date.now().toString(36)}`;
      await loginAs(p, 'tesouraria');
      await comLancamentoAutomatico(p, marca, async (caixa) => {
        const conta = await contaCobrada(p, '73.40', 'BOLETO', 1);
        expect((await provedorFake('POST', `/sandbox/payment/${conta.provedorId}/confirm`)).status).toBe(200);
        await expect
          .poll(() => statusDa(p, conta.id), { timeout: 45_000 })
          .toMatchObject({
            status: 'PAGO',
            valorPago: '73.40',
          });
        await expect
          .poll(async () => (await lancamentos(p, caixa)).itens, { timeout: 30_000 })
          .toMatchObject([{ valor: '73.40', estornadoEm: null }]);
        const recibo = await api<{ id: number; numero: number }>(p, 'POST', 'recibo', { contaAReceberIds: [conta.id] });
        expect(recibo.status).toBe(201);

        // The provider refunds it: the receivable is refunded, the entry reversed, the receipt cancelled.
        expect((await provedorFake('POST', `/payments/${conta.provedorId}/refund`)).status).toBe(200);
        await expect.poll(async () => (await statusDa(p, conta.id)).status, { timeout: 45_000 }).toBe('ESTORNADO');
        const livro = await lancamentos(p, caixa);
        expect(livro.itens).toHaveLength(2);
        expect(livro.itens[0]).toMatchObject({ valor: '73.40', estornadoEm: expect.any(String) });
        expect(livro.itens[1]!.valor).toBe('-73.40');
        expect(livro.itens[1]!.historico).toMatch(/\(estorno\)$/);
        expect(livro.totais).toEqual({ valor: '0.00' });
        const lido = await api<{ estornadoEm: string | null; justificativaEstorno: string | null }>(
          p,
          'GET',
          `recibo/${recibo.corpo.id}`,
        );
        expect(lido.corpo.estornadoEm).not.toBeNull();
        expect(lido.corpo.justificativaEstorno).toContain('PAYMENT_REFUNDED');

        // The ledger screen shows the pair and a zero net; the exceptions view the cancelled receipt.
        await p.goto(
          `/lancamento-caixa?contaCaixaId=${caixa}&periodoDe=${mes(0).dataInicio}&periodoAte=${mes(0).dataFim}`,
        );
        await expect.poll(() => p.locator('.ant-table-row').count(), { timeout: 60_000 }).toBe(2);
        await expect.poll(() => p.getByTestId('totais').innerText()).toMatch(/R\$\s0,00/);
        await p.goto('/pendencias-financeiras?tipo=REEMBOLSO_APOS_RECIBO');
        await expect.poll(() => linhaPendencia(p, String(recibo.corpo.numero)).count(), { timeout: 60_000 }).toBe(1);
        expect(await linhaPendencia(p, String(recibo.corpo.numero)).innerText()).toContain('73,40');
      });
    }));

  it('[CONCILIACAO] a card payment credited next month waits as an exception and is posted when that period opens', () =>
    comPagina(navegador, 'conciliacao-pendente', async (p) => {
      const marca = `p${Date.now().toString(36)}`;
      await loginAs(p, 'tesouraria');
      await comLancamentoAutomatico(p, marca, async (caixa) => {
        const conta = await contaCobrada(p, '91.20', 'CARTAO', 2);
        expect((await provedorFake('POST', `/sandbox/payment/${conta.provedorId}/confirm`)).status).toBe(200);
        await expect.poll(async () => (await statusDa(p, conta.id)).status, { timeout: 45_000 }).toBe('PAGO');
        // Credited 30 days on: no period holds that date yet, so nothing is in the ledger...
        expect((await lancamentos(p, caixa)).itens).toEqual([]);

        // ...but the exceptions view shows it waiting, with its amount.
        await p.goto('/pendencias-financeiras?tipo=LANCAMENTO_PENDENTE');
        const pendente = linhaPendencia(p, 'Lançamento aguardando período').filter({ hasText: '91,20' });
        await expect.poll(() => pendente.count(), { timeout: 60_000 }).toBe(1);
        expect(await violacoesGraves(p), 'pending posting').toEqual([]);

        // Opening the periods up to the credit date posts it, once.
        await criarPelaApi(p, 'periodo-contabil', { contaCaixaId: caixa, ...mes(1) });
        await criarPelaApi(p, 'periodo-contabil', { contaCaixaId: caixa, ...mes(2) });
        const livro = await lancamentos(p, caixa);
        expect(livro.itens).toMatchObject([{ valor: '91.20', estornadoEm: null }]);
        expect(livro.itens[0]!.data > mes(0).dataFim).toBe(true);
        const { corpo: restantes } = await api<{ itens: { valor: string | null }[] }>(
          p,
          'GET',
          'pendencias-financeiras/paginado?tipo=LANCAMENTO_PENDENTE&pagina=1&quantidade=100',
        );
        expect(restantes.itens.filter((x) => x.valor === '91.20')).toEqual([]);
      });
    }));

  it('[CONCILIACAO] a payment for a charge cancelled in SIG is recorded as an exception', () =>
    comPagina(navegador, 'conciliacao-cancelada', async (p) => {
      await loginAs(p, 'tesouraria');
      const conta = await contaCobrada(p, '58.90', 'BOLETO', 3);
      expect((await api(p, 'DELETE', `cobranca/${conta.cobrancaId}`)).status).toBe(200);
      // The provider takes the money all the same (the charge restored there, then paid): SIG's cancel stands.
      expect((await provedorFake('POST', `/payments/${conta.provedorId}/restore`)).status).toBe(200);
      const pago = await provedorFake('POST', `/sandbox/payment/${conta.provedorId}/confirm`);
      expect(pago.status, await pago.text()).toBe(200);

      await p.goto('/pendencias-financeiras?tipo=PAGAMENTO_SEM_COBRANCA');
      const linha = linhaPendencia(p, conta.provedorId);
      await expect
        .poll(
          async () => {
            await p.reload({ waitUntil: 'commit' });
            await linha.waitFor({ timeout: 5_000 }).catch(() => undefined);
            return linha.count();
          },
          { timeout: 45_000, interval: 1_000 },
        )
        .toBe(1);
      expect(await linha.innerText()).toContain('58,90');
      expect(await linha.innerText()).toContain('Pagamento sem cobrança');
      // Not taken as a payment of the receivable: the money is shown, not silently applied.
      expect((await statusDa(p, conta.id)).status).not.toBe('PAGO');
    }));
});
