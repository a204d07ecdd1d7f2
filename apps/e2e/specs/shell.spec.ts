import { describe, expect, it } from 'vitest';
import { comPagina, loginAs, usarNavegador, violacoesGraves } from '../fixtures/navegador.js';

const navegador = usarNavegador();

describe('[SHELL] sign-in and frame', () => {
  it('[SHELL] wrong password shows the spec message; right password reaches the dashboard', () =>
    comPagina(navegador, 'login', async (p) => {
      await p.goto('/login');
      await expect.poll(() => p.title()).toBe('SIG - Entrar');
      await p.getByLabel('E-mail ou CPF').fill('paroquia@sig.local');
      await p.getByLabel('Senha', { exact: true }).fill('senha-errada1');
      await p.getByRole('button', { name: 'Entrar' }).click();
      await expect.poll(() => p.getByTestId('erro-login').textContent()).toContain('Login incorreto.');

      await p.getByLabel('Senha', { exact: true }).fill('Demo@2026');
      await p.getByRole('button', { name: 'Entrar' }).click();
      await p.waitForURL('**/dashboard', { waitUntil: 'commit' });
      expect(await p.getByTestId('boas-vindas').textContent()).toBe('Olá, Paula!');
      expect(await p.evaluate(() => localStorage.getItem('token'))).toMatch(/^[\w-]{40,}$/);
      expect(await p.evaluate(() => localStorage.getItem('primeiroNome'))).toBe('Paula');
    }));

  it('[SHELL] a required field is named before anything is sent', () =>
    comPagina(navegador, 'login-obrigatorio', async (p) => {
      await p.goto('/login');
      await p.getByRole('button', { name: 'Entrar' }).click();
      await expect.poll(() => p.getByText('Por favor, informe o campo Login (e-mail ou CPF)').count()).toBe(1);
    }));

  it('[SHELL] the language switch changes texts and survives a reload', () =>
    comPagina(navegador, 'idioma', async (p) => {
      await loginAs(p, 'tesouraria');
      await p.getByTestId('idioma').click();
      await p.getByTitle('Inglês').click();
      await expect.poll(() => p.getByTestId('boas-vindas').textContent()).toBe('Hello, Tiago!');
      expect(await p.evaluate(() => localStorage.getItem('idioma'))).toBe('en');
      await p.reload();
      await expect.poll(() => p.getByTestId('boas-vindas').textContent()).toBe('Hello, Tiago!');
      await expect.poll(() => p.title()).toBe('SIG - Dashboard');
    }));

  it('[SHELL] switching organization changes the data shown', () =>
    comPagina(navegador, 'organizacao', async (p) => {
      await loginAs(p, 'sinodo');
      await expect.poll(() => p.getByTestId('organizacao-atual').textContent()).toContain('Sínodo Rio dos Sinos');
      await p.getByTestId('trocar-organizacao').click();
      await p.locator('.ant-select-item-option').filter({ hasText: 'Paróquia' }).first().click();
      await expect.poll(() => p.getByTestId('organizacao-atual').textContent()).toContain('Paróquia');
      expect(await p.evaluate(() => localStorage.getItem('organizacaoLogadaNome'))).toMatch(/^Paróquia/);
    }));

  it('[SHELL] the menu hides screens without permission and their URL goes to the dashboard', () =>
    comPagina(navegador, 'permissao', async (p) => {
      await loginAs(p, 'atendimento');
      const menu = p.getByRole('navigation').first();
      await expect.poll(() => menu.textContent()).toContain('Indicadores');
      await menu.getByRole('menuitem', { name: 'Indicadores' }).click();
      await expect.poll(() => menu.getByRole('link', { name: 'Indicadores de atendimentos' }).count()).toBe(1);
      expect(await menu.getByRole('link', { name: 'Indicadores de cadastros' }).count()).toBe(0);
      await p.goto('/indicadores/cadastros');
      await p.waitForURL('**/dashboard', { waitUntil: 'commit' });
      await expect.poll(() => p.getByText('Acesso não permitido.').count()).toBeGreaterThan(0);
      await p.goto('/indicadores');
      await p.waitForURL('**/indicadores/atendimentos', { waitUntil: 'commit' });
    }));

  it('[SHELL] signing out ends the session and clears the stored login', () =>
    comPagina(navegador, 'sair', async (p) => {
      await loginAs(p, 'paroquia');
      const token = await p.evaluate(() => localStorage.getItem('token'));
      await p.getByTestId('menu-usuario').click();
      await p.getByText('Sair').click();
      await p.waitForURL('**/login', { waitUntil: 'commit' });
      expect(await p.evaluate(() => localStorage.getItem('token'))).toBeNull();
      const r = await p.request.get(`/api/Autenticacao/token-valido?token=${token}`);
      expect(await r.json()).toEqual({ valido: false });
      await p.goto('/dashboard');
      await p.waitForURL('**/login', { waitUntil: 'commit' });
    }));

  it('[SHELL] the test-environment banner shows on the public pages only when the server says homolog', () =>
    comPagina(navegador, 'homolog', async (p) => {
      await p.goto('/login');
      await p.locator('form').first().waitFor();
      expect(await p.getByTestId('homolog').count()).toBe(0);
      // The server's answer, as a homolog installation gives it.
      await p.route('**/api/saude', async (rota) => {
        const r = await rota.fetch();
        await rota.fulfill({ response: r, json: { ...(await r.json()), ambiente: 'homolog' } });
      });
      await p.reload();
      await p.getByTestId('homolog').waitFor();
      expect(await p.getByTestId('homolog').textContent()).toContain('homologação');
    }));

  it('[SHELL] unknown paths go to the login page', () =>
    comPagina(navegador, 'desconhecido', async (p) => {
      await p.goto('/nao-existe/de-jeito-nenhum');
      await p.waitForURL('**/login', { waitUntil: 'commit' });
    }));
});

describe('[A11Y] public screens and the shell', () => {
  it('[A11Y] no serious or critical axe violations', () =>
    comPagina(navegador, 'axe', async (p) => {
      for (const rota of ['/login', '/cadastro', '/reset-senha']) {
        await p.goto(rota);
        await p.locator('form').first().waitFor();
        expect(await violacoesGraves(p), rota).toEqual([]);
      }
      await loginAs(p, 'sinodo');
      expect(await violacoesGraves(p), 'dashboard').toEqual([]);
    }));
});
