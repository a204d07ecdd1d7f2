import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { criarPelaApi, criarPessoa, escolher } from '../fixtures/formularios.js';
import { comPagina, loginAs, usarNavegador, violacoesGraves } from '../fixtures/navegador.js';

const navegador = usarNavegador();

const popconfirm = (p: Page) => p.locator('.ant-popover:visible');

describe('[USUARIOS] users, their links and saved filters', () => {
  it('[USUARIOS] the admin links a new user to a synod, removes the link and deactivates the user', () =>
    comPagina(navegador, 'usuarios-vinculos', async (p) => {
      const marca = `z${Date.now().toString(36)}`;
      const email = `voluntaria.${marca}@sig.local`;
      await loginAs(p, 'admin');
      await criarPessoa(p, {
        nome: 'Olga',
        sobrenome: `Richter ${marca}`,
        usuario: { email, senha: 'Inicial2026', confirmacaoSenha: 'Inicial2026', trocarSenha: true },
      });
      await p.goto(`/usuarios?busca=${encodeURIComponent(email)}`);
      await expect.poll(() => p.title()).toBe('SIG - Usuários');
      const linha = p.locator('.ant-table-row').filter({ hasText: email });
      await expect.poll(() => linha.count()).toBe(1);
      expect(await violacoesGraves(p), 'list').toEqual([]);

      await linha.getByRole('button', { name: 'Vincular' }).click();
      const dialogo = p.locator('.ant-modal:visible');
      await escolher(p, dialogo.getByLabel('Organização', { exact: true }), 'Rio dos Sinos', 'Sínodo Rio dos Sinos');
      await escolher(p, dialogo.getByLabel('Perfil', { exact: true }), 'Sinodal', 'Secretaria Sinodal');
      await dialogo.getByRole('button', { name: 'Vincular' }).click();
      await expect.poll(() => p.getByText('Vínculo salvo.').count()).toBeGreaterThan(0);
      await expect.poll(() => linha.innerText()).toContain('Sínodo Rio dos Sinos');
      expect(await linha.innerText()).toContain('Secretaria Sinodal');

      // Removing the link asks first, naming the organization.
      const tagSinodo = linha.locator('.ant-tag').filter({ hasText: 'Sínodo Rio dos Sinos' });
      await tagSinodo.getByRole('button', { name: 'Remover vínculo' }).click();
      expect(await popconfirm(p).innerText()).toContain('Sínodo Rio dos Sinos');
      await popconfirm(p).getByRole('button', { name: 'Remover vínculo' }).click();
      await expect.poll(() => p.getByText('Vínculo removido.').count()).toBeGreaterThan(0);
      await expect.poll(() => linha.innerText()).not.toContain('Sínodo Rio dos Sinos');

      await linha.getByRole('button', { name: 'Desativar' }).click();
      await popconfirm(p).getByRole('button', { name: 'Desativar' }).click();
      await expect.poll(() => linha.innerText()).toContain('Desativado');

      // Signing in is refused from now on.
      await p.evaluate(() => localStorage.clear());
      await p.goto('/login');
      await p.getByLabel('E-mail ou CPF').fill(email);
      await p.getByLabel('Senha', { exact: true }).fill('Inicial2026');
      await p.getByRole('button', { name: 'Entrar' }).click();
      await expect.poll(() => p.getByText('Login incorreto.').count()).toBeGreaterThan(0);
      expect(new URL(p.url()).pathname).toBe('/login');
    }));

  it('[USUARIOS] the admin renames a saved filter and deletes it from /filtros-salvos', () =>
    comPagina(navegador, 'usuarios-filtros-salvos', async (p) => {
      const marca = `z${Date.now().toString(36)}`;
      await loginAs(p, 'admin');
      await criarPelaApi(p, 'filtro-salvo', {
        acesso: 'Usuarios',
        nome: `Inativos ${marca}`,
        filtros: { ativo: false },
      });
      await p.goto('/filtros-salvos');
      await expect.poll(() => p.title()).toBe('SIG - Filtros salvos');
      const linha = (nome: string) => p.getByTestId('filtros-salvos').locator('tr').filter({ hasText: nome });
      await expect.poll(() => linha(`Inativos ${marca}`).count()).toBe(1);
      expect(await linha(`Inativos ${marca}`).innerText()).toContain('Usuários');

      await linha(`Inativos ${marca}`).getByRole('button', { name: 'Renomear' }).click();
      const dialogo = p.locator('.ant-modal:visible');
      await dialogo.getByLabel('Nome', { exact: true }).fill(`Desativados ${marca}`);
      await dialogo.getByRole('button', { name: 'Salvar' }).click();
      await expect.poll(() => linha(`Desativados ${marca}`).count()).toBe(1);

      await linha(`Desativados ${marca}`).getByRole('button', { name: 'Excluir' }).click();
      await popconfirm(p).getByRole('button', { name: 'Excluir' }).click();
      await expect.poll(() => p.getByText('Filtro excluído.').count()).toBeGreaterThan(0);
      await expect.poll(() => linha(`Desativados ${marca}`).count()).toBe(0);
    }));
});
