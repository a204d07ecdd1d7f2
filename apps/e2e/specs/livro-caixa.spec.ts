import { describe, expect, it } from 'vitest';
import { criarPelaApi, escolher, escolherOpcao, preencherData } from '../fixtures/formularios.js';
import { comPagina, linha, loginAs, usarNavegador, violacoesGraves } from '../fixtures/navegador.js';

const navegador = usarNavegador();

describe('[FINANCEIRO] the cash ledger', () => {
  it(
    '[FINANCEIRO] the treasurer opens a period, records an offering, sees the balance, closes the month and is refused an entry in it',
    () =>
      comPagina(navegador, 'livro-caixa', async (p) => {
        const marca = `v${Date.now().toString(36)}`;
        await loginAs(p, 'tesouraria');
        await p.goto('/periodo-contabil');
        const contaId = await criarPelaApi(p, 'conta-caixa', {
          nome: `Caixa ${marca}`,
          tipoContaCaixa: 'CAIXA',
          saldoInicial: '100.00',
          dataSaldoInicial: '2026-01-01',
        });
        await criarPelaApi(p, 'plano-de-conta', {
          codigoInterno: marca,
          nome: `Ofertas ${marca}`,
          tipoPlanoConta: 'ANALITICA',
          naturezaPlanoConta: 'RECEITA',
        });

        await p.getByTestId('novo').click();
        const modal = p.locator('.ant-modal:visible');
        await escolher(p, modal.getByLabel('Conta caixa', { exact: true }), marca, `Caixa ${marca}`);
        await preencherData(modal.getByLabel('Data de início', { exact: true }), '01/10/2026');
        await preencherData(modal.getByLabel('Data de fim', { exact: true }), '31/10/2026');
        await modal.getByRole('button', { name: 'Salvar' }).click();
        await expect.poll(() => linha(p, `Caixa ${marca}`).count()).toBe(1);
        expect(await violacoesGraves(p), 'periods').toEqual([]);

        await p.goto('/lancamento-caixa/form');
        const form = p.getByTestId('form-lancamento');
        await preencherData(form.getByLabel('Data', { exact: true }), '11/10/2026');
        await escolher(p, form.getByLabel('Conta caixa', { exact: true }), marca, `Caixa ${marca}`);
        await escolher(p, form.getByLabel('Conta do plano de contas', { exact: true }), marca, `Ofertas ${marca}`);
        await form.getByLabel('Valor', { exact: true }).fill('45,50');
        await form.getByLabel('Histórico', { exact: true }).fill(`Oferta do culto ${marca}`);
        await p.getByRole('button', { name: 'Salvar' }).click();
        await p.waitForURL((u) => u.pathname === '/lancamento-caixa', { waitUntil: 'commit' });
        // The ledger opens on one cash account and the month so far (issue 17): this one's October.
        await expect.poll(() => new URL(p.url()).searchParams.get('contaCaixaId')).not.toBeNull();
        await p.goto(`/lancamento-caixa?contaCaixaId=${contaId}&periodoDe=2026-10-01&periodoAte=2026-10-31`);
        const entrada = linha(p, `Oferta do culto ${marca}`);
        await expect.poll(() => entrada.count()).toBe(1);
        expect(await entrada.getByRole('cell', { name: 'R$ 145,50' }).count()).toBe(1);

        await p.goto('/periodo-contabil');
        const periodo = linha(p, `Caixa ${marca}`);
        await expect.poll(() => periodo.getByRole('cell', { name: 'R$ 145,50' }).count()).toBe(1);
        await periodo.getByRole('button', { name: 'Fechar' }).click();
        await p.locator('.ant-popconfirm:visible').getByRole('button', { name: 'Fechar' }).click();
        await expect.poll(() => p.getByText('Período fechado.').count()).toBeGreaterThan(0);
        // The next month opens with the balance carried over.
        await expect.poll(() => linha(p, `Caixa ${marca}`).count()).toBe(2);

        await p.goto('/lancamento-caixa/form');
        await preencherData(form.getByLabel('Data', { exact: true }), '20/10/2026');
        await escolher(p, form.getByLabel('Conta caixa', { exact: true }), marca, `Caixa ${marca}`);
        await escolher(p, form.getByLabel('Conta do plano de contas', { exact: true }), marca, `Ofertas ${marca}`);
        await escolherOpcao(p, form.getByLabel('Tipo', { exact: true }), 'Saída');
        await form.getByLabel('Valor', { exact: true }).fill('10');
        await form.getByLabel('Histórico', { exact: true }).fill('Depois do fechamento');
        await p.getByRole('button', { name: 'Salvar' }).click();
        await expect.poll(() => form.getByText('O período contábil desta data está fechado.').count()).toBe(1);
        expect(new URL(p.url()).pathname).toBe('/lancamento-caixa/form');
      }),
    120_000,
  );
});
