import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { escolherOpcao } from '../fixtures/formularios.js';
import { comPagina, linha, loginAs, usarNavegador, violacoesGraves } from '../fixtures/navegador.js';

const navegador = usarNavegador();

const form = (p: Page) => p.getByTestId('form-cadastro');
const campo = (p: Page, rotulo: string) => form(p).getByLabel(rotulo, { exact: true });

async function data(p: Page, rotulo: string, valor: string) {
  await campo(p, rotulo).fill(valor);
  await campo(p, rotulo).press('Tab');
}

describe('[FINANCEIRO] the registries of the books', () => {
  it('[FINANCEIRO] the treasurer plans a Sunday offering and opens a cash account', () =>
    comPagina(navegador, 'financeiro-cadastros', async (p) => {
      const marca = `w${Date.now().toString(36)}`;
      await loginAs(p, 'tesouraria');
      await p.goto('/plano-de-ofertas');
      await p.getByTestId('novo').click();
      await p.waitForURL('**/plano-de-ofertas/form', { waitUntil: 'commit' });
      await expect.poll(() => p.title()).toBe('SIG - Plano de ofertas');
      await data(p, 'Data', '24/11/2026');
      await campo(p, 'Nome').fill(`Oferta ${marca}`);
      await escolherOpcao(p, campo(p, 'Abrangência'), 'Nacional');
      await campo(p, 'Destino').fill('Missão Zero');
      await p.getByRole('button', { name: 'Salvar' }).click();
      await expect.poll(() => form(p).getByText('A data do plano de ofertas deve ser um domingo.').count()).toBe(1);
      expect(await violacoesGraves(p), 'form').toEqual([]);
      await data(p, 'Data', '29/11/2026');
      await p.getByRole('button', { name: 'Salvar' }).click();
      await p.waitForURL((u) => u.pathname === '/plano-de-ofertas', { waitUntil: 'commit' });
      // By its name: the demo year fills the list with a plan for every Sunday.
      await p.goto(`/plano-de-ofertas?nome=${marca}`);
      await expect.poll(() => linha(p, `Oferta ${marca}`).count()).toBe(1);
      expect(await linha(p, `Oferta ${marca}`).getByRole('cell', { name: '29/11/2026' }).count()).toBe(1);

      await p.goto('/conta-caixa');
      await p.getByTestId('novo').click();
      await p.waitForURL('**/conta-caixa/form', { waitUntil: 'commit' });
      await campo(p, 'Nome').fill(`Caixa ${marca}`);
      await escolherOpcao(p, campo(p, 'Tipo de conta'), 'Caixa');
      await data(p, 'Data do saldo inicial', '01/01/2026');
      await p.getByRole('button', { name: 'Salvar' }).click();
      await p.waitForURL((u) => u.pathname === '/conta-caixa', { waitUntil: 'commit' });
      // By its name: other stories' accounts may fill the first page.
      await p.goto(`/conta-caixa?nome=${marca}`);
      await expect.poll(() => linha(p, `Caixa ${marca}`).count()).toBe(1);
    }));
});
