import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { comPagina, linha, loginAs, usarNavegador, violacoesGraves } from '../fixtures/navegador.js';

const navegador = usarNavegador();

const mural = (p: Page) => p.getByTestId('mural');
const cartao = (p: Page, titulo: string) =>
  mural(p)
    .getByRole('listitem')
    .filter({ has: p.getByRole('heading', { name: titulo, exact: true }) });
const form = (p: Page) => p.getByTestId('form-cadastro');

describe('[MURAL] the notice board', () => {
  const titulo = `Aviso E2E ${Date.now()}`;
  let sinodo = '';

  it('[MURAL] the synod posts a notice for the organizations below and sees it on its board', () =>
    comPagina(navegador, 'mural-sinodo', async (p) => {
      await loginAs(p, 'sinodo');
      sinodo = (await p.evaluate(() => localStorage.getItem('organizacaoLogadaNome'))) ?? '';
      await p.goto('/mural-de-avisos');
      await p.getByRole('heading', { name: 'Avisos vigentes', level: 2 }).waitFor();
      await p.getByRole('heading', { name: 'Mural de avisos', level: 1 }).waitFor();
      expect(await p.title()).toBe('SIG - Mural de avisos');

      await p.getByTestId('novo').click();
      await p.waitForURL('**/mural-de-avisos/form', { waitUntil: 'commit' });
      await form(p).getByLabel('Nome', { exact: true }).fill(titulo);
      await form(p).getByLabel('Mensagem').fill('Culto de encerramento às 19h.\nTragam um prato de doces.');
      await form(p).getByLabel('Válido até').fill('31/12/2099');
      await form(p).getByLabel('Válido até').press('Enter');
      await form(p).getByLabel('Exibir às organizações subordinadas').click();
      await p.getByRole('button', { name: 'Salvar' }).click();

      await p.waitForURL((u) => u.pathname === '/mural-de-avisos', { waitUntil: 'commit' });
      await expect.poll(() => p.getByText('Registro salvo.').count()).toBeGreaterThan(0);
      await cartao(p, titulo).waitFor();
      // The line break typed in the message is kept on the board.
      expect(await cartao(p, titulo).innerText()).toContain('Culto de encerramento às 19h.\nTragam um prato de doces.');
      expect(await cartao(p, titulo).innerText()).toContain('Válido até 31/12/2099');
      expect(await cartao(p, titulo).innerText()).toContain(`Publicado por ${sinodo}`);
      await expect.poll(() => linha(p, titulo).getByRole('button', { name: 'Editar' }).count()).toBe(1);
      // Checked with rows: the engine's empty-table placeholder is pale by antd's design.
      expect(await violacoesGraves(p), 'board and list').toEqual([]);
    }));

  it('[MURAL] a parish below sees the notice on its board, read-only', () =>
    comPagina(navegador, 'mural-paroquia', async (p) => {
      await loginAs(p, 'paroquia');
      await p.goto('/mural-de-avisos');
      await cartao(p, titulo).waitFor();
      expect(await cartao(p, titulo).innerText()).toContain(`Publicado por ${sinodo}`);
      expect(await cartao(p, titulo).getByRole('button').count()).toBe(0);

      // In the list below, the synod's notice can be viewed, not edited nor deleted.
      await linha(p, titulo).waitFor();
      expect(await linha(p, titulo).getByRole('button', { name: 'Visualizar' }).count()).toBe(1);
      expect(await linha(p, titulo).getByRole('button', { name: 'Editar' }).count()).toBe(0);
      expect(await linha(p, titulo).getByRole('button', { name: 'Excluir' }).count()).toBe(0);
      expect(await violacoesGraves(p), 'board of the parish').toEqual([]);
    }));

  it('[MURAL] a profile that only reads notices gets the board alone, in English too', () =>
    comPagina(
      navegador,
      'mural-leitura',
      async (p) => {
        await p.addInitScript(() => localStorage.setItem('idioma', 'en'));
        await loginAs(p, 'atendimento');
        await p.goto('/mural-de-avisos');
        await p.getByRole('heading', { name: 'Notice board', level: 1 }).waitFor();
        await cartao(p, titulo).waitFor();
        expect(await cartao(p, titulo).innerText()).toContain('Valid until 12/31/2099');
        expect(await p.getByTestId('novo').count()).toBe(0);
        expect(await p.locator('.ant-table').count()).toBe(0);
        expect(await violacoesGraves(p), 'board alone').toEqual([]);
      },
      'en',
    ));
});
