import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { comPagina, loginAs, usarNavegador } from '../fixtures/navegador.js';

const navegador = usarNavegador();

/** Pages of every kind: the home, lists with an actions column (those once cut off), forms, indicators. */
const PAGINAS = [
  '/dashboard',
  '/dashboard/filho',
  '/pessoa',
  '/pessoa/form',
  '/organizacao',
  '/culto',
  '/ministerio',
  '/ministerio/form',
  '/conta-a-receber',
  '/cobranca',
  '/plano-de-conta',
  '/controle-gerencial',
  '/processamentos-em-lote',
  '/lancamento-caixa',
  '/atendimento-solicitacoes-geral',
  '/indicadores/financeiros',
  '/indicadores/cadastros',
  '/mural-de-avisos',
  '/usuarios',
];

const TELAS = [
  { nome: 'telefone', width: 390, height: 844 },
  { nome: 'notebook', width: 1366, height: 768 },
];

/** Whether the page is wider than the window (a sideways scroll of the whole page). */
const transborda = (p: Page) => p.evaluate(() => document.scrollingElement!.scrollWidth - window.innerWidth);

describe('[LAYOUT] every page fits a phone and a laptop', () => {
  // Nineteen pages, each waited on until it has loaded.
  for (const tela of TELAS)
    it(
      `[LAYOUT] ${tela.nome} ${tela.width}×${tela.height}: no sideways overflow, actions in sight`,
      { timeout: 240_000 },
      () =>
        comPagina(navegador, `layout-${tela.nome}`, async (p) => {
          await p.setViewportSize({ width: tela.width, height: tela.height });
          await loginAs(p, 'admin');
          for (const rota of PAGINAS) {
            await p.goto(rota);
            await p.locator('main h1, .ant-layout-content h1, .ant-table, form').first().waitFor();
            // Loaded when nothing spins any more; an idle network is not a page's state (background requests).
            await expect
              .poll(() => p.locator('.ant-spin-spinning, .ant-skeleton-active').count(), { timeout: 60_000 })
              .toBe(0);
            expect(await transborda(p), `${rota} overflows sideways`).toBeLessThanOrEqual(0);
            // A list's actions column (the last header) is inside the window, not cut off.
            const acoes = p.locator('.ant-table-thead th:last-child').first();
            if ((await p.locator('.ant-table-row').count()) && (await acoes.count())) {
              const caixa = (await acoes.boundingBox())!;
              expect(caixa.x + caixa.width, `${rota} actions column`).toBeLessThanOrEqual(tela.width + 1);
              expect(caixa.x, `${rota} actions column`).toBeGreaterThanOrEqual(0);
            }
          }
          await p.goto('/dashboard');
          const menu = p.getByRole('navigation');
          if (tela.width < 992) {
            // The phone's menu is a drawer over the page, with the items' full names.
            expect(await menu.count()).toBe(0);
            await p.getByTestId('abrir-menu').click();
            await menu.getByRole('menuitem', { name: 'Cadastros' }).click();
            await menu.getByRole('link', { name: 'Pessoas', exact: true }).click();
            await p.waitForURL((u) => u.pathname === '/pessoa', { waitUntil: 'commit' });
            await expect.poll(() => menu.count()).toBe(0);
          } else {
            await expect.poll(() => menu.getByRole('link', { name: 'Painel', exact: true }).isVisible()).toBe(true);
          }
        }),
    );

  it('[LAYOUT] the spec §3 browser keys are stored from the first visit', () =>
    comPagina(navegador, 'layout-chaves', async (p) => {
      await p.goto('/login');
      await p.getByRole('button', { name: 'Entrar' }).waitFor();
      expect(await p.evaluate(() => localStorage.getItem('idioma'))).toBe('br');
      expect(await p.evaluate(() => localStorage.getItem('quantidadeRegistrosPorPagina'))).toBe('10');
    }));
});
