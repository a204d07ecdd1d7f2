import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { escolher, salvarE } from '../fixtures/formularios.js';
import { comPagina, linha, loginAs, usarNavegador, violacoesGraves } from '../fixtures/navegador.js';

const navegador = usarNavegador();

/** A receivable of the person, due on a date only this story uses. */
async function novaConta(p: Page, vencimento: string, valor: string) {
  await p.goto('/conta-a-receber/form');
  const form = p.getByTestId('form-conta-a-receber');
  await escolher(p, form.getByLabel('Pessoa', { exact: true }), 'Tesoureiro', 'Tiago');
  const data = form.getByLabel('Vencimento', { exact: true });
  await data.fill(vencimento);
  await data.press('Tab');
  await form.getByLabel('Valor previsto', { exact: true }).fill(valor);
  await salvarE(p, (u) => u.pathname === '/conta-a-receber');
}

describe('[COBRANCAS-LOTE] charges in bulk', () => {
  it(
    '[COBRANCAS-LOTE] the treasurer charges the receivables of a due-date range in one batch and follows it to the end',
    () =>
      comPagina(navegador, 'cobrancas-lote', async (p) => {
        await loginAs(p, 'tesouraria');
        await novaConta(p, '15/07/2098', '40,00');
        await novaConta(p, '15/08/2098', '3,00');

        await p.goto('/cobrancas-em-lote/form');
        const form = p.getByTestId('form-cobrancas-em-lote');
        await escolher(p, form.getByLabel('Pessoas', { exact: true }), 'Tesoureiro', 'Tiago');
        for (const [rotulo, data] of [
          ['Vencimento de', '01/07/2098'],
          ['Vencimento até', '31/08/2098'],
        ] as const) {
          const campo = form.getByLabel(rotulo, { exact: true });
          await campo.fill(data);
          await campo.press('Tab');
        }
        expect(await violacoesGraves(p), 'form').toEqual([]);
        await form.getByTestId('conferir-lote').click();

        const confirmacao = p.locator('.ant-modal:visible');
        await expect.poll(() => confirmacao.innerText()).toContain('2 contas a receber');
        expect(await confirmacao.innerText()).toContain('1 delas');
        await confirmacao.getByTestId('elevar-minimo').check();
        await confirmacao.getByTestId('confirmar-lote').click();
        await p.waitForURL(/\/cobrancas-em-lote\/form\/\d+\/visualizacao$/, { waitUntil: 'commit' });
        // The worker runs in the server: the hub brings the batch to its end on the open screen.
        await expect
          .poll(() => p.getByText('Concluído', { exact: true }).count(), { timeout: 30_000 })
          .toBeGreaterThan(0);
        expect(await p.getByText('2 de 2').count()).toBeGreaterThan(0);

        await p.goto('/conta-a-receber?vencimentoDe=2098-07-15&vencimentoAte=2098-08-15');
        for (const data of ['15/07/2098', '15/08/2098']) {
          const conta = linha(p, 'Tiago Tesoureiro').filter({ hasText: data });
          await expect.poll(() => conta.count()).toBe(1);
          expect(await conta.getByRole('button', { name: 'Gerar cobrança' }).count()).toBe(0);
        }
        const conta = linha(p, 'Tiago Tesoureiro').filter({ hasText: '15/08/2098' });
        await conta.getByRole('button', { name: 'Visualizar' }).click();
        const cobranca = p.locator('.ant-card').filter({ hasText: 'Cobranças' }).locator('.ant-table-row');
        await expect.poll(() => cobranca.count()).toBe(1);
        expect(await cobranca.innerText()).toContain('5,00');
      }),
    150_000,
  );
});
