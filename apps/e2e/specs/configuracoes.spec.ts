import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { comPagina, linha, loginAs, usarNavegador, violacoesGraves } from '../fixtures/navegador.js';

const navegador = usarNavegador();

const RECUSA = 'Você não pode conceder permissões que não possui.';

const campoNome = (p: Page) => p.getByTestId('form-perfil').getByLabel('Nome', { exact: true });
/** One checkbox of the permission matrix: the screen's row, the action's label. */
const caixa = (p: Page, acesso: string, rotulo: string) =>
  p.getByTestId(`permissao-${acesso}`).getByRole('checkbox', { name: rotulo });

describe('[CONFIGURACOES] profiles, permissions and the access audit', () => {
  it('[CONFIGURACOES] the admin creates a profile with Cargo list and view, and the matrix keeps them', () =>
    comPagina(navegador, 'configuracoes-perfil', async (p) => {
      await loginAs(p, 'admin');
      await p.goto('/perfil');
      await p.getByTestId('novo').click();
      await p.waitForURL('**/perfil/form', { waitUntil: 'commit' });
      await caixa(p, 'Cargo', 'Cargos — Listar').waitFor();
      expect(await violacoesGraves(p), 'form').toEqual([]);

      await campoNome(p).fill('Perfil E2E');
      await caixa(p, 'Cargo', 'Cargos — Listar').check();
      await caixa(p, 'Cargo', 'Cargos — Visualizar').check();
      await p.getByRole('button', { name: 'Salvar' }).click();
      await p.waitForURL((u) => u.pathname === '/perfil', { waitUntil: 'commit' });
      await expect.poll(() => p.getByText('Registro salvo.').count()).toBeGreaterThan(0);

      await p.getByTestId('filtros').getByLabel('Nome', { exact: true }).fill('Perfil E2E');
      await p.getByRole('button', { name: 'Buscar' }).click();
      await p.waitForURL((u) => u.searchParams.get('nome') === 'Perfil E2E', { waitUntil: 'commit' });
      await expect.poll(() => linha(p, 'Perfil E2E').count()).toBe(1);

      await linha(p, 'Perfil E2E').getByRole('button', { name: 'Editar' }).click();
      await p.waitForURL(/\/perfil\/form\/\d+$/, { waitUntil: 'commit' });
      await expect.poll(() => campoNome(p).inputValue()).toBe('Perfil E2E');
      await expect.poll(() => caixa(p, 'Cargo', 'Cargos — Listar').isChecked()).toBe(true);
      expect(await caixa(p, 'Cargo', 'Cargos — Visualizar').isChecked()).toBe(true);
      expect(await caixa(p, 'Cargo', 'Cargos — Criar').isChecked()).toBe(false);
      expect(await caixa(p, 'Banco', 'Bancos — Listar').isChecked()).toBe(false);
    }));

  it('[CONFIGURACOES] the admin sees their own sign-ins in the access audit', () =>
    comPagina(navegador, 'configuracoes-auditoria', async (p) => {
      await loginAs(p, 'admin');
      await p.goto('/auditoria-acesso');
      await expect.poll(() => p.title()).toBe('SIG - Auditoria de acesso');
      // Sign-ins reach the table in batches (about a second): filter once the batch is written.
      await p.waitForTimeout(1500);
      await p.getByTestId('filtros').getByLabel('Evento', { exact: true }).click();
      await p.locator('.ant-select-item-option[title="Login"]').click();
      // The closing dropdown's unnamed listbox would be flagged by the accessibility check below.
      await expect.poll(() => p.locator('.ant-select-dropdown:visible').count()).toBe(0);
      await p.getByRole('button', { name: 'Buscar' }).click();
      const login = p
        .locator('.ant-table-row')
        .filter({ has: p.getByRole('cell', { name: 'admin@sig.local', exact: true }) })
        .filter({ has: p.getByRole('cell', { name: 'Login', exact: true }) });
      await expect.poll(() => login.count(), { timeout: 15_000 }).toBeGreaterThan(0);
      expect(await violacoesGraves(p), 'list').toEqual([]);
    }));

  it('[CONFIGURACOES] a profile cannot grant what its writer lacks', () =>
    comPagina(navegador, 'configuracoes-escalada', async (p) => {
      await loginAs(p, 'sinodo');
      await p.goto('/perfil/form');
      await campoNome(p).fill(`Perfil sem direito ${Date.now()}`);
      await caixa(p, 'ContaAReceber', 'Contas a receber — Listar').check();
      await p.getByRole('button', { name: 'Salvar' }).click();
      await expect.poll(() => p.getByTestId('erro-permissoes').getByText(RECUSA).count()).toBeGreaterThan(0);
      expect(new URL(p.url()).pathname).toBe('/perfil/form');
      expect(await p.getByTestId('erros-matriz').getByText('Contas a receber: Listar').count()).toBe(1);
    }));
});
