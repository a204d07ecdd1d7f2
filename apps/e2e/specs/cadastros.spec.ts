import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { comPagina, linha, loginAs, usarNavegador, violacoesGraves } from '../fixtures/navegador.js';

const navegador = usarNavegador();

const NENHUM = 'Nenhum resultado encontrado. Por favor, ajuste os filtros de busca.';

const filtroNome = (p: Page) => p.getByTestId('filtros').getByLabel('Nome', { exact: true });
const campoNome = (p: Page) => p.getByTestId('form-cadastro').getByLabel('Nome', { exact: true });

async function filtrarPorNome(p: Page, nome: string) {
  await filtroNome(p).fill(nome);
  await p.getByRole('button', { name: 'Buscar' }).click();
  await p.waitForURL((u) => u.searchParams.get('nome') === nome, { waitUntil: 'commit' });
}

describe('[CADASTROS] one declaration gives list and form', () => {
  it('[CADASTROS] the admin creates, finds, edits, views and deletes a job title', () =>
    comPagina(navegador, 'cadastros-ciclo', async (p) => {
      const nome = `Cargo E2E ${Date.now()}`;
      await loginAs(p, 'admin');
      await p.goto('/cargo');
      await linha(p, 'Presidente').waitFor();
      expect(await p.title()).toBe('SIG - Cargos');
      expect(await violacoesGraves(p), 'list').toEqual([]);

      await p.getByTestId('novo').click();
      await p.waitForURL('**/cargo/form', { waitUntil: 'commit' });
      // Saving an empty form only validates, so repeating the click is harmless; it covers a
      // click that lands while the freshly loaded form is still mounting.
      await expect
        .poll(async () => {
          await p.getByRole('button', { name: 'Salvar' }).click();
          return p.getByText('Por favor, informe o campo Nome').count();
        })
        .toBe(1);
      expect(await violacoesGraves(p), 'form').toEqual([]);

      await campoNome(p).fill(nome);
      await p.getByRole('button', { name: 'Salvar' }).click();
      await p.waitForURL((u) => u.pathname === '/cargo', { waitUntil: 'commit' });
      await expect.poll(() => p.getByText('Registro salvo.').count()).toBeGreaterThan(0);

      await filtrarPorNome(p, nome);
      await expect.poll(() => p.locator('.ant-table-row').count()).toBe(1);
      expect(await linha(p, nome).count()).toBe(1);

      await linha(p, nome).getByRole('button', { name: 'Editar' }).click();
      await p.waitForURL(/\/cargo\/form\/\d+$/, { waitUntil: 'commit' });
      await expect.poll(() => campoNome(p).inputValue()).toBe(nome);
      await campoNome(p).fill(`${nome} editado`);
      await p.getByRole('button', { name: 'Salvar' }).click();
      // The list comes back with the filter it had, and the edited name still matches it.
      await p.waitForURL((u) => u.pathname === '/cargo' && u.searchParams.get('nome') === nome, {
        waitUntil: 'commit',
      });
      await expect.poll(() => linha(p, `${nome} editado`).count()).toBe(1);

      const editado = `${nome} editado`;
      await linha(p, editado).getByRole('button', { name: 'Visualizar' }).click();
      await p.waitForURL(/\/cargo\/form\/\d+\/visualizacao$/, { waitUntil: 'commit' });
      await expect.poll(() => campoNome(p).inputValue()).toBe(`${nome} editado`);
      expect(await campoNome(p).isDisabled()).toBe(true);
      expect(await p.getByTestId('form-cadastro').getByRole('switch').isDisabled()).toBe(true);
      expect(await p.getByRole('button', { name: 'Salvar' }).count()).toBe(0);
      await p.getByRole('button', { name: 'Voltar' }).click();
      await p.waitForURL((u) => u.pathname === '/cargo', { waitUntil: 'commit' });

      await linha(p, editado).getByRole('button', { name: 'Excluir' }).click();
      await p.locator('.ant-popconfirm').getByRole('button', { name: 'Excluir' }).click();
      await expect.poll(() => p.getByText('Registro excluído.').count()).toBeGreaterThan(0);
      await expect.poll(() => p.getByText(NENHUM).count()).toBeGreaterThan(0);
      expect(await linha(p, editado).count()).toBe(0);
    }));

  it('[CADASTROS] leaving a form with unsaved changes asks first', () =>
    comPagina(navegador, 'cadastros-saida', async (p) => {
      await loginAs(p, 'admin');
      await p.goto('/cargo/form');
      await campoNome(p).fill('Rascunho');
      const menu = p.getByRole('navigation').first();
      await menu.getByRole('menuitem', { name: 'Tabelas' }).click();
      await menu.getByRole('link', { name: 'Bancos' }).click();
      const dialogo = p.getByRole('dialog').filter({ hasText: 'Há alterações não salvas' });
      await dialogo.waitFor();
      await dialogo.getByRole('button', { name: 'Continuar editando' }).click();
      await expect.poll(() => dialogo.count()).toBe(0);
      expect(new URL(p.url()).pathname).toBe('/cargo/form');
      expect(await campoNome(p).inputValue()).toBe('Rascunho');

      await menu.getByRole('link', { name: 'Bancos' }).click();
      await dialogo.getByRole('button', { name: 'Sair sem salvar' }).click();
      await p.waitForURL((u) => u.pathname === '/banco', { waitUntil: 'commit' });
    }));

  it('[CADASTROS] a profile with list and view only gets no New button and view-only forms', () =>
    comPagina(navegador, 'cadastros-leitura', async (p) => {
      await loginAs(p, 'paroquia');
      await p.goto('/cargo');
      await linha(p, 'Presidente').first().waitFor();
      expect(await p.getByTestId('novo').count()).toBe(0);
      expect(await linha(p, 'Presidente').getByRole('button', { name: 'Editar' }).count()).toBe(0);
      expect(await linha(p, 'Presidente').getByRole('button', { name: 'Excluir' }).count()).toBe(0);

      await linha(p, 'Presidente').getByRole('button', { name: 'Visualizar' }).click();
      await p.waitForURL(/\/cargo\/form\/\d+\/visualizacao$/, { waitUntil: 'commit' });
      await expect.poll(() => campoNome(p).inputValue()).toBe('Presidente');
      expect(await campoNome(p).isDisabled()).toBe(true);

      // The edit address without update permission opens view-only too.
      await p.goto(p.url().replace(/\/visualizacao$/, ''));
      await expect.poll(() => campoNome(p).inputValue()).toBe('Presidente');
      expect(await campoNome(p).isDisabled()).toBe(true);
      expect(await p.getByRole('button', { name: 'Salvar' }).count()).toBe(0);
    }));
  it('[CADASTROS] filters are saved by name, the default one applies on opening, and the list exports', () =>
    comPagina(navegador, 'cadastros-filtros', async (p) => {
      await loginAs(p, 'admin');
      await p.goto('/cargo');
      await linha(p, 'Presidente').waitFor();
      await filtrarPorNome(p, 'presi');
      await expect.poll(() => p.locator('.ant-table-row').count()).toBe(2);

      await p.getByRole('button', { name: 'Salvar filtro' }).click();
      const dialogo = p.getByRole('dialog').filter({ hasText: 'Nome do filtro' });
      await dialogo.getByRole('button', { name: 'Salvar' }).click();
      await expect.poll(() => dialogo.getByText('Por favor, informe o campo Nome do filtro').count()).toBe(1);
      await dialogo.getByLabel('Nome do filtro').fill('Presidência');
      await dialogo.getByLabel('Usar como filtro padrão').check();
      await dialogo.getByRole('button', { name: 'Salvar' }).click();
      await expect.poll(() => p.getByText('Filtro salvo.').count()).toBeGreaterThan(0);

      await p.goto('/cargo');
      await p.waitForURL((u) => u.searchParams.get('nome') === 'presi', { waitUntil: 'commit' });
      await expect.poll(() => filtroNome(p).inputValue()).toBe('presi');
      await expect.poll(() => p.locator('.ant-table-row').count()).toBe(2);

      const [download] = await Promise.all([
        p.waitForEvent('download'),
        p.getByRole('button', { name: 'Exportar CSV' }).click(),
      ]);
      expect(download.suggestedFilename()).toMatch(/\.csv$/);
      // The filtered set only: the two job titles the saved filter finds.
      const nomes = (await readFile((await download.path())!, 'utf8'))
        .trim()
        .split('\r\n')
        .slice(1)
        .map((l) => l.split(';')[1]);
      expect(nomes).toHaveLength(2);
      expect(nomes.every((n) => /presi/i.test(n ?? ''))).toBe(true);

      await p.getByRole('button', { name: 'Excluir filtro salvo' }).click();
      await p.locator('.ant-popconfirm').getByRole('button', { name: 'Excluir' }).click();
      await expect.poll(() => p.getByText('Filtro excluído.').count()).toBeGreaterThan(0);
    }));
});
