import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { escolher, escolherOpcao } from '../fixtures/formularios.js';
import { abrirNavegador, comPagina, loginAs, violacoesGraves } from '../fixtures/navegador.js';

let navegador: Browser;
beforeAll(async () => {
  navegador = await abrirNavegador();
});
afterAll(() => navegador?.close());

const linha = (p: Page, texto: string) =>
  p.locator('.ant-table-row').filter({ has: p.getByRole('cell', { name: texto, exact: true }) });

/** Today in Brazil as the pt-BR forms show it: the demo opens the current month on the worship account. */
const hoje = new Date().toLocaleDateString('pt-BR', { timeZone: 'America/Sao_Paulo' });

async function registrarCulto(p: Page, destino: string) {
  await p.goto('/culto/form');
  const form = p.getByTestId('form-culto');
  const data = form.getByLabel('Data', { exact: true });
  await data.fill(hoje);
  await data.press('Tab');
  const hora = form.getByLabel('Hora', { exact: true });
  await hora.fill('10:00');
  await hora.press('Enter');
  await expect
    .poll(() => p.getByTestId('aviso-plano').textContent())
    .toContain('Não há plano de ofertas para a data (abrangência e destino preenchidos manualmente).');
  await form.getByLabel('Presentes', { exact: true }).fill('85');
  await form.getByLabel('Ofertas', { exact: true }).fill('120,00');
  await escolherOpcao(p, form.getByLabel('Abrangência', { exact: true }), 'Paroquial');
  await form.getByLabel('Destino', { exact: true }).fill(destino);
  await escolher(p, form.getByLabel('Conta do plano de contas', { exact: true }), 'dos cultos', 'Ofertas dos cultos');
  await p.getByRole('button', { name: 'Salvar' }).click();
  return form;
}

describe('[CULTOS] worship services and their offerings', () => {
  it(
    '[CULTOS] the treasurer records a service with an offering, finds it in the ledger, closes the period and is refused another',
    () =>
      comPagina(navegador, 'cultos', async (p) => {
        const destino = `Diaconia ${Date.now().toString(36)}`;
        await loginAs(p, 'tesouraria');
        await registrarCulto(p, destino);
        await p.waitForURL((u) => u.pathname === '/culto', { waitUntil: 'commit' });
        await expect.poll(() => linha(p, destino).count()).toBe(1);
        expect(await violacoesGraves(p), 'services').toEqual([]);

        await p.goto('/lancamento-caixa');
        const entrada = linha(p, `Oferta do culto de ${hoje} – ${destino}`);
        await expect.poll(() => entrada.count()).toBe(1);
        expect(await entrada.getByRole('cell', { name: 'R$ 120,00' }).count()).toBeGreaterThan(0);

        await p.goto('/periodo-contabil');
        const periodo = linha(p, 'Caixa dos cultos').filter({ has: p.getByRole('button', { name: 'Fechar' }) });
        await expect.poll(() => periodo.count()).toBe(1);
        await periodo.getByRole('button', { name: 'Fechar' }).click();
        await p.locator('.ant-popconfirm:visible').getByRole('button', { name: 'Fechar' }).click();
        await expect.poll(() => p.getByText('Período fechado.').count()).toBeGreaterThan(0);

        const form = await registrarCulto(p, `${destino} (depois)`);
        await expect.poll(() => form.getByText('O período contábil desta data está fechado.').count()).toBe(1);
        expect(new URL(p.url()).pathname).toBe('/culto/form');
      }),
    120_000,
  );
});
