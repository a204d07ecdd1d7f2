import { generate } from 'otplib';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { comPagina, usarNavegador, violacoesGraves } from '../fixtures/navegador.js';

const navegador = usarNavegador();

const EMAIL = 'helena.dois.fatores@exemplo.com';
const SENHA = 'MinhaSenha1';

/** Signs in with the password; answers the body the page sent (it carries the browser's device id). */
async function entrar(p: Page) {
  await p.goto('/login');
  await p.getByLabel('E-mail ou CPF').fill(EMAIL);
  await p.getByLabel(/^Senha$/).fill(SENHA);
  const pedido = p.waitForRequest((r) => r.url().endsWith('/api/Autenticacao/autenticar'));
  await p.getByRole('button', { name: 'Entrar' }).click();
  return (await pedido).postDataJSON() as { dispositivo?: string };
}

async function sair(p: Page) {
  await p.getByTestId('menu-usuario').click();
  await p.getByText('Sair').click();
  await p.waitForURL('**/login', { waitUntil: 'commit' });
}

async function usarRecuperacao(p: Page, codigo: string) {
  await p.getByRole('heading', { name: 'Verificação em duas etapas' }).waitFor();
  await p.getByRole('button', { name: 'Usar um código de recuperação' }).click();
  await p.getByLabel('Código de recuperação').fill(codigo);
  await p.getByRole('button', { name: 'Confirmar' }).click();
}

describe('[2FA] two-step verification with a QR code and recovery codes', () => {
  it('[2FA] a member registers, turns 2FA on with the app, and signs in once with each recovery code', () =>
    comPagina(navegador, 'dois-fatores', async (p) => {
      // Registration offers only the organizations that accept members: communities, not the church.
      await p.goto('/cadastro');
      await p.getByLabel('Nome', { exact: true }).fill('Helena');
      await p.getByLabel('Sobrenome').fill('Duasetapas');
      await p.getByLabel('CPF').fill('407.152.440-51');
      await p.getByLabel('E-mail').fill(EMAIL);
      const organizacao = p.getByLabel('Comunidade ou organização');
      await organizacao.click();
      await organizacao.fill('Igreja Nacional');
      await p.getByText('Não há dados').last().waitFor();
      await organizacao.fill('Comunidade');
      // The options of the search typed, not a list still answering an earlier one.
      await p.locator('.ant-select-item-option', { hasText: 'Comunidade' }).first().click();
      await p.getByLabel(/^Senha$/).fill(SENHA);
      await p.getByLabel('Confirmação da senha').fill(SENHA);
      await p.getByText('Li e aceito os termos').click();
      const resposta = p.waitForResponse((r) => r.url().endsWith('/api/Autenticacao/cadastrar'));
      await p.getByRole('button', { name: 'Criar cadastro' }).click();
      const cadastro = await resposta;
      expect(cadastro.status(), await cadastro.text()).toBe(201);
      await p.waitForURL('**/login', { waitUntil: 'commit' });

      const primeiro = await entrar(p);
      expect(primeiro.dispositivo).toMatch(/^[0-9a-f]{32}$/);
      await p.waitForURL('**/dashboard', { waitUntil: 'commit' });

      await p.goto('/conta');
      const cartao = p.getByTestId('dois-fatores');
      await cartao.getByRole('button', { name: 'Ativar' }).click();
      const qr = cartao.getByTestId('qr-code-2fa');
      await qr.waitFor();
      expect(await qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml;base64,/);
      expect(await qr.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
      const texto = await cartao.getByText(/Ou digite esta chave no aplicativo:/).textContent();
      const segredo = /aplicativo: ([A-Z2-7]+)/.exec(texto ?? '')![1]!;

      // A wrong code is the field's error; the user stays signed in.
      await cartao.getByLabel('Informe o código gerado para confirmar').fill('000000');
      await cartao.getByRole('button', { name: 'Ativar' }).click();
      await cartao.getByText('Código de verificação inválido ou expirado.').waitFor();
      expect(p.url()).toMatch(/\/conta$/);
      expect(await p.evaluate(() => localStorage.getItem('token'))).not.toBeNull();

      await cartao.getByLabel('Informe o código gerado para confirmar').fill(await generate({ secret: segredo }));
      await cartao.getByRole('button', { name: 'Ativar' }).click();
      const lista = cartao.getByTestId('codigos-recuperacao');
      await lista.waitFor();
      const codigos = (await lista.locator('li').allTextContents()).map((c) => c.trim());
      expect(codigos).toHaveLength(10);
      expect(await violacoesGraves(p), 'recovery codes').toEqual([]);
      await cartao.getByRole('button', { name: 'Já guardei os códigos' }).click();
      await cartao.getByText('Códigos de recuperação restantes: 10').waitFor();

      await sair(p);
      const segundo = await entrar(p);
      expect(segundo.dispositivo).toBe(primeiro.dispositivo);
      await usarRecuperacao(p, codigos[0]!);
      await p.waitForURL('**/dashboard', { waitUntil: 'commit' });
      await p.goto('/conta');
      await p.getByText('Códigos de recuperação restantes: 9').waitFor();

      // The same code a second time is refused on its field.
      await sair(p);
      await entrar(p);
      await usarRecuperacao(p, codigos[0]!);
      await p.getByText('Código de verificação inválido ou expirado.').waitFor();
      expect(p.url()).toMatch(/\/login$/);
      expect(await violacoesGraves(p), 'second step').toEqual([]);
    }));
});
