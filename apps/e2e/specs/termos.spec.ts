import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ADMIN_SENHA } from '../fixtures/constantes.js';
import { criarPessoa, salvarE } from '../fixtures/formularios.js';
import { comPagina, linha, loginAs, usarNavegador, violacoesGraves } from '../fixtures/navegador.js';

const navegador = usarNavegador();

/** The requests list narrowed to one person by name. */
async function buscarPessoa(p: Page, nome: string) {
  const busca = p.getByPlaceholder('Pessoa', { exact: true });
  await busca.fill(nome);
  await busca.press('Enter');
}

describe('[TERMOS] consent terms', () => {
  it('[TERMOS] drafts a term, publishes it, sends it, and the person accepts it on the public page after reading to the end', () =>
    comPagina(navegador, 'termos', async (p) => {
      const marca = Date.now().toString(36);
      const email = `helga.${marca}@exemplo.org`;
      await loginAs(p, 'sinodo');
      await criarPessoa(p, { nome: 'Helga', sobrenome: `Consentimento ${marca}`, email });

      // The draft: the e-mail body must hold the link variable (spec §5).
      await p.goto('/termos/cadastrar');
      const form = p.getByTestId('form-termo');
      await form.getByLabel('Nome', { exact: true }).fill(`Consentimento ${marca}`);
      await form.getByLabel('Remetente', { exact: true }).fill('Secretaria Sinodal');
      await form.getByLabel('Assunto do e-mail', { exact: true }).fill('Seu consentimento');
      await form.getByLabel('Corpo do e-mail', { exact: true }).fill('Olá {{nome}}, responda por favor.');
      const texto = Array.from({ length: 80 }, (_, i) => `Cláusula ${i + 1} do termo de consentimento.`).join('\n');
      await form.getByLabel('Texto', { exact: true }).fill(texto);
      await p.getByRole('button', { name: 'Salvar' }).click();
      await expect
        .poll(() => p.getByText('O corpo do e-mail deve conter a variável do link: {{link}}.').count())
        .toBeGreaterThan(0);
      await form.getByLabel('Corpo do e-mail', { exact: true }).fill('Olá {{nome}}, responda por favor: {{link}}');
      await salvarE(p, (u) => u.pathname.startsWith('/termos/editar-rascunho/'));
      const idCompartilhado = new URL(p.url()).pathname.split('/').pop()!;
      await expect.poll(() => form.getByLabel('Nome', { exact: true }).inputValue()).toBe(`Consentimento ${marca}`);

      // Published: an immutable version 1, in the history.
      await p.getByRole('button', { name: 'Publicar' }).click();
      // The confirmation's button, clicked again only while the popover is still open: a click
      // caught by its opening animation did nothing once, and a second publication is impossible
      // (the popover closes on the first one that counts).
      const confirmar = p.locator('.ant-popover:visible').getByRole('button', { name: 'Publicar' });
      await expect
        .poll(
          async () => {
            if (await confirmar.count()) await confirmar.click({ timeout: 2_000 }).catch(() => undefined);
            return new URL(p.url()).pathname;
          },
          { timeout: 30_000, interval: 1_000 },
        )
        .toBe(`/termos/historico/${idCompartilhado}`);
      const versoes = p.getByTestId('versoes-termo');
      await expect.poll(() => versoes.locator('.ant-table-row').count()).toBe(1);
      expect(await versoes.innerText()).toContain('Publicado');
      expect(await violacoesGraves(p), 'history').toEqual([]);

      // Sent to the synod's active people: the person's request, pending, the progress done.
      await p.getByRole('button', { name: 'Solicitações' }).click();
      await p.waitForURL((u) => u.pathname === `/termos/solicitacies/${idCompartilhado}`);
      await p.getByTestId('form-envio-termo').getByRole('button', { name: 'Enviar' }).click();
      await expect
        .poll(() => p.getByTestId('progresso-envio').innerText(), { timeout: 30_000 })
        .toMatch(/^(\d+) de \1 /);
      // Among the synod's hundreds of requests, found by name.
      await buscarPessoa(p, `Helga Consentimento ${marca}`);
      await expect.poll(() => linha(p, email).count(), { timeout: 30_000 }).toBe(1);
      expect(await linha(p, email).innerText()).toContain('Pendente');
      expect(await violacoesGraves(p), 'requests').toEqual([]);

      // The personal link, as the e-mail carries it (the administrator reads the outbox).
      const entrada = await p.request.post('/api/Autenticacao/autenticar', {
        data: { login: 'admin@sig.local', senha: ADMIN_SENHA },
      });
      const headers = { authorization: `Bearer ${(await entrada.json()).accessToken}` };
      const caixa = await (await p.request.get(`/api/caixa-de-saida/paginado?para=${email}`, { headers })).json();
      const mensagem = await (await p.request.get(`/api/caixa-de-saida/${caixa.itens[0].id}`, { headers })).json();
      expect(mensagem.texto).toContain('Olá Helga');
      const link = /\/externo\/termos\/[\w-]+/.exec(mensagem.texto)![0];

      // The public page: "Aceito" only once the text was read to its end.
      await p.goto(link);
      const aceito = p.getByRole('button', { name: 'Aceito', exact: true });
      await aceito.waitFor();
      expect(await aceito.isDisabled()).toBe(true);
      expect(await violacoesGraves(p), 'public page').toEqual([]);
      await p.getByTestId('texto-termo').evaluate((el) => el.scrollTo(0, el.scrollHeight));
      await expect.poll(() => aceito.isEnabled()).toBe(true);
      await aceito.click();
      await expect.poll(() => p.getByText('Aceite registrado. Obrigado!').count()).toBe(1);
      // The same link again: its answer, a clear page, not an error.
      await p.goto(link);
      await expect.poll(() => p.getByText('Aceite registrado. Obrigado!').count()).toBe(1);
      expect(await p.getByRole('button', { name: 'Aceito', exact: true }).count()).toBe(0);

      // The request shows the acceptance.
      await p.goto(`/termos/solicitacies/${idCompartilhado}`);
      await buscarPessoa(p, `Helga Consentimento ${marca}`);
      await expect
        .poll(async () =>
          (
            await linha(p, email)
              .innerText()
              .catch(() => '')
          ).includes('Aceito'),
        )
        .toBe(true);
    }));
});
