import { CHAVE_PADRAO } from '@sig/asaas-fake';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { emitirRecibo, escolher, salvarE } from '../fixtures/formularios.js';
import { comPagina, loginAs, textoAposRecarregar, usarNavegador, violacoesGraves } from '../fixtures/navegador.js';
import { pdfDaApi, textoDoPdf } from '../fixtures/pdf.js';

const navegador = usarNavegador();

const linha = (p: Page, texto: string) =>
  p.locator('.ant-table-row:visible').filter({ has: p.getByRole('cell', { name: texto, exact: true }) });

/** A GET of the API with the signed-in user's token, from the page. */
const apiGet = <T>(p: Page, caminho: string) =>
  p.evaluate(async (c) => {
    const r = await fetch(`/api/${c}`, { headers: { authorization: `Bearer ${localStorage.getItem('token')}` } });
    return r.json();
  }, caminho) as Promise<T>;

describe('[COBRANCA] the whole money story', () => {
  it(
    '[COBRANCA] a receivable is charged by boleto, paid at the provider, comes back paid by webhook and gets its receipt PDF',
    () =>
      comPagina(navegador, 'cobranca-completa', async (p) => {
        await loginAs(p, 'tesouraria');
        const titular = 'Tiago Tesoureiro';
        // Cents of its own and a month no other story uses tell this receivable from the holder's others.
        const centavos = String(Date.now() % 100).padStart(2, '0');
        const valor = `82,${centavos}`;

        await p.goto('/conta-a-receber/form');
        const form = p.getByTestId('form-conta-a-receber');
        await escolher(p, form.getByLabel('Pessoa', { exact: true }), 'Tesoureiro', 'Tiago');
        const vencimento = form.getByLabel('Vencimento', { exact: true });
        await vencimento.fill('10/06/2099');
        await vencimento.press('Tab');
        await form.getByLabel('Valor previsto', { exact: true }).fill(valor);
        await salvarE(p, (u) => u.pathname === '/conta-a-receber');
        // The demo parish's own receivables (last year's and this year's) come first in the whole list.
        await p.goto('/conta-a-receber?vencimentoDe=2099-06-10&vencimentoAte=2099-06-10');

        const conta = linha(p, titular).filter({ hasText: '10/06/2099' }).filter({ hasText: valor });
        await expect.poll(() => conta.count()).toBe(1);
        await conta.getByRole('button', { name: 'Gerar cobrança' }).click();
        const modal = p.locator('.ant-modal:visible');
        expect(await modal.innerText()).toContain('Boleto');
        await modal.getByRole('button', { name: 'Gerar cobrança' }).click();
        await expect.poll(() => p.getByText('Cobrança gerada.').count()).toBe(1);
        await expect.poll(() => conta.innerText()).toContain('Em aberto');

        // The holder pays the boleto: the provider's sandbox confirms it and sends its webhook to the app.
        const pessoaId = (
          await apiGet<{ value: number }[]>(p, `pessoa/select?busca=${encodeURIComponent(titular)}`)
        )[0]!.value;
        const contas = await apiGet<{ itens: { id: number; valorPrevisto: string }[] }>(
          p,
          `conta-a-receber/paginado?pessoaId=${pessoaId}&pagina=1&quantidade=100`,
        );
        const contaId = contas.itens.find((c) => c.valorPrevisto === `82.${centavos}`)!.id;
        const [cobranca] = await apiGet<{ provedorId: string; forma: string }[]>(
          p,
          `cobranca?contaAReceberId=${contaId}`,
        );
        expect(cobranca!.forma).toBe('BOLETO');
        const confirmado = await fetch(`${inject('asaasFakeURL')}/sandbox/payment/${cobranca!.provedorId}/confirm`, {
          method: 'POST',
          headers: { access_token: CHAVE_PADRAO, 'user-agent': 'SIG/e2e' },
        });
        expect(confirmado.status).toBe(200);

        // Nobody touches the receivable here: the webhook alone makes it paid.
        await expect.poll(() => textoAposRecarregar(p, conta), { timeout: 45_000, interval: 1_000 }).toContain('Pago');
        expect(await violacoesGraves(p), 'paid receivable').toEqual([]);

        await emitirRecibo(p, 'Tesoureiro', titular, titular, valor);

        const recibo = linha(p, titular).filter({ hasText: valor });
        await expect.poll(() => recibo.count()).toBe(1);
        const [download] = await Promise.all([
          p.waitForEvent('download'),
          recibo.getByRole('button', { name: 'Baixar PDF' }).click(),
        ]);
        expect(download.suggestedFilename()).toMatch(/^recibo-\d{6}\.pdf$/);

        // The same PDF as the API answers it: its type, and the holder and amount in its text.
        const recibos = await apiGet<{ itens: { id: number; total: string }[] }>(
          p,
          // The holder's own: the demo year gives the parish thousands of receipts.
          `recibo/paginado?pessoaId=${pessoaId}&pagina=1&quantidade=100`,
        );
        const reciboId = recibos.itens.find((r) => r.total === `82.${centavos}`)!.id;
        const resposta = await pdfDaApi(p, `recibo/${reciboId}/pdf`);
        expect(resposta.tipo).toBe('application/pdf');
        const texto = textoDoPdf(resposta.pdf);
        expect(texto).toContain(titular);
        expect(texto).toContain(valor);
      }),
    // Several screens and a webhook round trip: longer than one screen's story.
    180_000,
  );
});
