import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { escolher } from '../fixtures/formularios.js';
import { abrirNavegador, comPagina, loginAs, violacoesGraves } from '../fixtures/navegador.js';

let navegador: Browser;
beforeAll(async () => {
  navegador = await abrirNavegador();
});
afterAll(() => navegador?.close());

const linha = (p: Page, texto: string) =>
  p.locator('.ant-table-row:visible').filter({ has: p.getByRole('cell', { name: texto, exact: true }) });

describe('[INADIMPLENCIA] aging and the annual statement', () => {
  it("[INADIMPLENCIA] the treasurer opens the aging report from the menu, sees a member's buckets and exports it", () =>
    comPagina(navegador, 'inadimplencia', async (p) => {
      await loginAs(p, 'tesouraria');
      const menu = p.getByRole('navigation').first();
      await menu.getByRole('menuitem', { name: 'Relatórios' }).click();
      await menu.getByRole('link', { name: 'Inadimplência por pessoa' }).click();
      await p.waitForURL((u) => u.pathname === '/relatorio-inadimplencia', { waitUntil: 'commit' });
      // Biggest debts first; the demo's member behind for months is found through the person filter:
      // 80,00 this month's bucket, 160,00 over 90 days.
      await p.locator('.ant-table-row:visible').first().waitFor();
      const pessoa = p.getByTestId('filtros').getByLabel('Pessoa', { exact: true });
      await escolher(p, pessoa, 'Lucas Atrasado', 'Lucas Atrasado');
      await p.getByRole('button', { name: 'Buscar' }).click();
      await p.waitForURL((u) => u.searchParams.has('pessoaId'), { waitUntil: 'commit' });
      await expect.poll(() => p.locator('.ant-table-row:visible').count()).toBe(1);
      const lucas = linha(p, 'Lucas Atrasado');
      await expect.poll(() => lucas.count()).toBe(1);
      expect(await lucas.innerText()).toContain('462.719.385-82');
      expect(await lucas.innerText()).toContain('160,00');
      await expect.poll(() => p.getByTestId('totais').innerText()).toContain('R$');
      expect(await violacoesGraves(p), 'aging report').toEqual([]);
      const [csv] = await Promise.all([
        p.waitForEvent('download'),
        p.getByRole('button', { name: 'Exportar CSV' }).click(),
      ]);
      expect(csv.suggestedFilename()).toMatch(/^inadimplencia-\d{4}-\d{2}-\d{2}\.csv$/);
      const [pdf] = await Promise.all([p.waitForEvent('download'), p.getByRole('button', { name: 'PDF' }).click()]);
      expect(pdf.suggestedFilename()).toMatch(/\.pdf$/);
    }));

  it('[INADIMPLENCIA] the annual statement of a member downloads from the receipts list', () =>
    comPagina(navegador, 'declaracao-anual', async (p) => {
      await loginAs(p, 'tesouraria');
      await p.goto('/lista-de-recibos');
      await p.getByTestId('declaracao-anual').click();
      const modal = p.locator('.ant-modal:visible');
      await escolher(p, modal.getByRole('combobox', { name: 'Pessoa' }), 'Contribuinte', 'Marta Contribuinte');
      const ano = new Date().getFullYear() - 1;
      await expect.poll(() => modal.getByLabel('Ano-calendário').inputValue()).toBe(String(ano));
      expect(await violacoesGraves(p), 'statement dialog').toEqual([]);
      const [download] = await Promise.all([
        p.waitForEvent('download'),
        modal.getByRole('button', { name: 'Baixar PDF' }).click(),
      ]);
      expect(download.suggestedFilename()).toMatch(new RegExp(`^declaracao-${ano}-\\d+\\.pdf$`));
    }));
});
