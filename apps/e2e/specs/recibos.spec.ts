import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { idDaPessoa } from '../fixtures/api.js';
import { criarPelaApi, emitirRecibo } from '../fixtures/formularios.js';
import { comPagina, loginAs, usarNavegador, violacoesGraves } from '../fixtures/navegador.js';

const navegador = usarNavegador();

const linha = (p: Page, texto: string) =>
  p.locator('.ant-table-row:visible').filter({ has: p.getByRole('cell', { name: texto, exact: true }) });

describe('[RECIBOS] manual payment and receipts', () => {
  it('[RECIBOS] the treasurer records a payment by hand, issues its receipt and downloads the PDF', () =>
    comPagina(navegador, 'recibos', async (p) => {
      await loginAs(p, 'tesouraria');
      const titular = 'Tiago Tesoureiro';
      const pessoaId = await idDaPessoa(p, titular);
      // Cents of its own tell this receivable from others of the same holder.
      const centavos = String(Date.now() % 100).padStart(2, '0');
      await criarPelaApi(p, 'conta-a-receber', {
        pessoaId,
        tipo: 'DIZIMO',
        mesCompetencia: 4,
        anoCompetencia: 2099,
        vencimento: '2099-04-10',
        valorPrevisto: `75.${centavos}`,
      });
      const valor = `75,${centavos}`;

      // Its own due date: the holder has receivables of other stories, which may fill the first page.
      await p.goto(`/conta-a-receber?pessoaId=${pessoaId}&vencimentoDe=2099-04-10&vencimentoAte=2099-04-10`);
      const conta = linha(p, titular).filter({ hasText: valor });
      await expect.poll(() => conta.count()).toBe(1);
      await conta.getByRole('button', { name: 'Registrar pagamento' }).click();
      await p.waitForURL((u) => u.pathname === '/pagamento/form', { waitUntil: 'commit' });
      const form = p.getByTestId('form-pagamento');
      await expect.poll(() => form.getByLabel('Valor', { exact: true }).inputValue()).toBe(valor);
      expect(await violacoesGraves(p), 'payment form').toEqual([]);
      await p.getByRole('button', { name: 'Registrar pagamento' }).click();
      await p.waitForURL((u) => /^\/pagamento\/form\/\d+\/visualizacao$/.test(u.pathname), { waitUntil: 'commit' });
      await expect.poll(() => p.getByTestId('pagamento').innerText()).toContain('Dinheiro');

      await emitirRecibo(p, 'Tesoureiro', titular, titular, valor);

      const recibo = linha(p, titular).filter({ hasText: valor });
      await expect.poll(() => recibo.count()).toBe(1);
      expect(await violacoesGraves(p), 'receipts list').toEqual([]);
      const [download] = await Promise.all([
        p.waitForEvent('download'),
        recibo.getByRole('button', { name: 'Baixar PDF' }).click(),
      ]);
      expect(download.suggestedFilename()).toMatch(/^recibo-\d{6}\.pdf$/);
    }));
});
