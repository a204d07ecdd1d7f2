import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { comPagina, loginAs, usarNavegador, violacoesGraves } from '../fixtures/navegador.js';

const navegador = usarNavegador();

const popconfirm = (p: Page) => p.locator('.ant-popover:visible');

describe('[PENDENCIAS] the financial exceptions view (issue 17)', () => {
  it('[PENDENCIAS] the admin sees the demo exceptions, resolves one and it leaves the list', () =>
    comPagina(navegador, 'pendencias-resolver', async (p) => {
      await loginAs(p, 'admin');

      // The financial dashboard counts them and links to the view.
      await p.goto('/indicadores/financeiros');
      const contagem = p.getByTestId('contagem-pendencias');
      await expect.poll(() => contagem.innerText()).toMatch(/\d+ pendências? financeiras?/);
      await contagem.getByRole('link').click();
      await expect.poll(() => new URL(p.url()).pathname).toBe('/pendencias-financeiras');
      await expect.poll(() => p.title()).toBe('SIG - Pendências financeiras');

      // The two the demo seed leaves: a payment of no charge, and a status SIG did not take.
      const linha = (referencia: string) => p.locator('.ant-table-row').filter({ hasText: referencia });
      await expect.poll(() => linha('pay_demo_desconhecido').count()).toBe(1);
      expect(await linha('pay_demo_desconhecido').innerText()).toContain('Pagamento sem cobrança');
      await expect.poll(() => linha('pay_demo_divergente').count()).toBe(1);
      expect(await linha('pay_demo_divergente').innerText()).toContain('Status divergente do provedor');
      expect(await violacoesGraves(p), 'list').toEqual([]);

      // The kind filter keeps only its kind.
      await p.goto('/pendencias-financeiras?tipo=STATUS_DIVERGENTE');
      await expect.poll(() => linha('pay_demo_divergente').count()).toBe(1);
      await expect.poll(() => linha('pay_demo_desconhecido').count()).toBe(0);

      // Resolving asks first, then the exception is gone.
      await linha('pay_demo_divergente').getByRole('button', { name: 'Marcar como resolvida' }).click();
      expect(await popconfirm(p).innerText()).toContain('pay_demo_divergente');
      await popconfirm(p).getByRole('button', { name: 'Marcar como resolvida' }).click();
      await expect.poll(() => p.getByText('Ação concluída.').count()).toBeGreaterThan(0);
      await expect.poll(() => linha('pay_demo_divergente').count()).toBe(0);

      await p.goto('/pendencias-financeiras');
      await expect.poll(() => linha('pay_demo_desconhecido').count()).toBe(1);
      expect(await linha('pay_demo_divergente').count()).toBe(0);
    }));
});
