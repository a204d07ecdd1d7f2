import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { escolher, salvarE } from '../fixtures/formularios.js';
import { abrirNavegador, comPagina, loginAs, violacoesGraves } from '../fixtures/navegador.js';

let navegador: Browser;
beforeAll(async () => {
  navegador = await abrirNavegador();
});
afterAll(() => navegador?.close());

const linha = (p: Page, texto: string) =>
  p.locator('.ant-table-row').filter({ has: p.getByRole('cell', { name: texto, exact: true }) });

describe('[RECEBER] accounts receivable', () => {
  it('[RECEBER] the treasurer records a small receivable, confirms raising its charge to R$ 5,00 and sees the charge', () =>
    comPagina(navegador, 'contas-a-receber', async (p) => {
      await loginAs(p, 'tesouraria');
      await p.goto('/conta-a-receber/form');
      const form = p.getByTestId('form-conta-a-receber');
      await escolher(p, form.getByLabel('Pessoa', { exact: true }), 'Tesoureiro', 'Tiago');
      const vencimento = form.getByLabel('Vencimento', { exact: true });
      await vencimento.fill('10/03/2099');
      await vencimento.press('Tab');
      await form.getByLabel('Valor previsto', { exact: true }).fill('3,00');
      expect(await violacoesGraves(p), 'form').toEqual([]);
      await salvarE(p, (u) => u.pathname === '/conta-a-receber');

      // Other stories charge the same person: this receivable is the one due on 10/03/2099.
      const conta = linha(p, 'Tiago Tesoureiro').filter({ hasText: '10/03/2099' });
      await expect.poll(() => conta.count()).toBe(1);
      expect(await violacoesGraves(p), 'list').toEqual([]);
      await conta.getByRole('button', { name: 'Gerar cobrança' }).click();
      await p.locator('.ant-modal:visible').getByRole('button', { name: 'Gerar cobrança' }).click();
      const confirmacao = p.locator('.ant-modal-confirm:visible');
      await expect.poll(() => confirmacao.innerText()).toContain('R$ 5,00');
      await confirmacao.getByRole('button', { name: 'Confirmar' }).click();
      await expect.poll(() => p.getByText('Cobrança gerada.').count()).toBe(1);
      await expect.poll(() => conta.getByRole('button', { name: 'Gerar cobrança' }).count()).toBe(0);

      await conta.getByRole('button', { name: 'Visualizar' }).click();
      const cobranca = p.locator('.ant-card').filter({ hasText: 'Cobranças' }).locator('.ant-table-row');
      await expect.poll(() => cobranca.count()).toBe(1);
      expect(await cobranca.innerText()).toContain('5,00');
      expect(await cobranca.innerText()).toContain('Em aberto');

      // The charges list finds it by holder and due date, exports it, and cancels it at the provider.
      await p.goto('/cobranca?titular=tiago&vencimentoDe=2099-03-10&vencimentoAte=2099-03-10');
      await p.getByRole('heading', { name: 'Cobranças', level: 1 }).waitFor();
      const naLista = linha(p, 'Tiago Tesoureiro');
      await expect.poll(() => naLista.count()).toBe(1);
      expect(await naLista.innerText()).toContain('5,00');
      expect(await violacoesGraves(p), 'charges list').toEqual([]);
      const [download] = await Promise.all([
        p.waitForEvent('download'),
        p.getByRole('button', { name: 'Exportar CSV' }).click(),
      ]);
      expect(download.suggestedFilename()).toMatch(/^cobrancas.*\.csv$/);
      await naLista.getByRole('button', { name: 'Cancelar cobrança' }).click();
      await p.locator('.ant-popconfirm').getByRole('button', { name: 'Sim' }).click();
      await expect.poll(() => p.getByText('Cobrança cancelada.').count()).toBeGreaterThan(0);
      await expect.poll(() => naLista.count()).toBe(0);
      await p.getByLabel('Incluir canceladas').check();
      await p.getByRole('button', { name: 'Buscar' }).click();
      await expect.poll(() => linha(p, 'Tiago Tesoureiro').count()).toBe(1);

      // An empty list reads in full contrast too (antd draws its text in the disabled colour).
      await p.goto('/cobranca?titular=nenhum-titular-assim');
      await p.locator('.ant-table-placeholder').getByText('Nenhum resultado encontrado', { exact: false }).waitFor();
      expect(await violacoesGraves(p), 'empty charges list').toEqual([]);
    }));
});
