import { describe, expect, it } from 'vitest';
import { api } from '../fixtures/api.js';
import { ADMIN_SENHA, SENHA_DEMO } from '../fixtures/constantes.js';
import { criarPessoa } from '../fixtures/formularios.js';
import { comPagina, loginAs, usarNavegador, violacoesGraves } from '../fixtures/navegador.js';

const navegador = usarNavegador();
/** The demo's data consent term (packages/db/src/seed/demo.ts). */
const CONSENTIMENTO = '7a1e2c4d-0000-4000-8000-000000000001';

describe('[TERMOS] revocation, coverage and the sign-in gate', () => {
  it('[TERMOS] a person accepts on the public page, revokes by the e-mail link, and coverage shows it revoked', () =>
    comPagina(navegador, 'termos-revogacao', async (p) => {
      const marca = Date.now().toString(36);
      await loginAs(p, 'sinodo');
      // A person of the synod, sent the demo's data consent term.
      const email = `revoga.${marca}@exemplo.org`;
      await criarPessoa(p, { nome: 'Rita', sobrenome: `Revoga ${marca}`, email });
      const organizacaoId = Number(await p.evaluate(() => localStorage.getItem('organizacaoLogadaId')));
      const envio = await api(p, 'POST', `termos/solicitacoes/${CONSENTIMENTO}/envio`, { organizacaoId });
      expect(envio.status).toBe(200);

      // The e-mail, as the administrator reads it in the outbox: the acceptance and revocation links.
      const entrada = await p.request.post('/api/Autenticacao/autenticar', {
        data: { login: 'admin@sig.local', senha: ADMIN_SENHA },
      });
      const headers = { authorization: `Bearer ${(await entrada.json()).accessToken}` };
      let texto = '';
      await expect
        .poll(
          async () => {
            const caixa = await (await p.request.get(`/api/caixa-de-saida/paginado?para=${email}`, { headers })).json();
            if (!caixa.itens?.length) return '';
            texto = (await (await p.request.get(`/api/caixa-de-saida/${caixa.itens[0].id}`, { headers })).json()).texto;
            return texto;
          },
          { timeout: 30_000 },
        )
        .toContain('/externo/termos/revogar/');
      const aceite = /\/externo\/termos\/[\w-]{43}/.exec(texto)![0];
      const revogacao = /\/externo\/termos\/revogar\/[\w-]+/.exec(texto)![0];

      await p.goto(aceite);
      const aceito = p.getByRole('button', { name: 'Aceito', exact: true });
      await aceito.waitFor();
      await p.getByTestId('texto-termo').evaluate((el) => el.scrollTo(0, el.scrollHeight));
      await expect.poll(() => aceito.isEnabled()).toBe(true);
      await aceito.click();
      await expect.poll(() => p.getByText('Aceite registrado. Obrigado!').count()).toBe(1);

      // The revocation link: one click, recorded; the same link again is a clear page.
      await p.goto(revogacao);
      const revogar = p.getByRole('button', { name: 'Revogar consentimento' });
      await revogar.waitFor();
      expect(await violacoesGraves(p), 'revocation page').toEqual([]);
      await revogar.click();
      await expect.poll(() => p.getByText('Consentimento revogado.').count()).toBe(1);
      await p.goto(revogacao);
      await expect.poll(() => p.getByText('Consentimento revogado.').count()).toBe(1);

      // Coverage: the synod's row counts one revoked more; its count opens the people revoked.
      // The name filter, in the address as the list keeps it (the synod's communities fill pages).
      await p.goto(`/termos/cobertura/${CONSENTIMENTO}?nome=${encodeURIComponent('Sínodo Rio dos Sinos')}`);
      const linhaSinodo = p.locator('.ant-table-row', { hasText: 'Sínodo Rio dos Sinos' });
      await linhaSinodo.first().waitFor();
      expect(await violacoesGraves(p), 'coverage').toEqual([]);
      const revogados = linhaSinodo.first().locator('td').nth(4);
      await expect.poll(() => revogados.innerText()).toMatch(/^[1-9]\d*$/);
      await revogados.getByRole('link').click();
      await p.waitForURL((u) => u.pathname === `/termos/solicitacies/${CONSENTIMENTO}`);
      const linhaRita = p.locator('.ant-table-row', { hasText: email });
      await linhaRita.waitFor();
      expect(await linhaRita.innerText()).toContain('Revogado');
    }));

  it('[TERMOS] a user with a pending required term of use sees it first and accepts it to get in', () =>
    comPagina(navegador, 'termos-portao', async (p) => {
      await p.goto('/login');
      await p.getByLabel('E-mail ou CPF').fill('termos@sig.local');
      await p.getByLabel('Senha', { exact: true }).fill(SENHA_DEMO);
      await p.getByRole('button', { name: 'Entrar' }).click();
      const aceito = p.getByRole('button', { name: 'Aceito', exact: true });
      await aceito.waitFor();
      expect(await p.getByText('Termos de uso do SIG').count()).toBeGreaterThan(0);
      expect(await p.getByTestId('boas-vindas').count()).toBe(0);
      expect(await violacoesGraves(p), 'gate').toEqual([]);
      // The API holds every other call meanwhile.
      const barrado = await api<{ codigo: string }>(p, 'GET', 'termos/paginado');
      expect(barrado).toMatchObject({ status: 428, corpo: { codigo: 'TERMO_OBRIGATORIO_PENDENTE' } });
      await p.getByTestId('texto-termo-obrigatorio').evaluate((el) => el.scrollTo(0, el.scrollHeight));
      await expect.poll(() => aceito.isEnabled()).toBe(true);
      await aceito.click();
      await p.getByTestId('boas-vindas').waitFor();
      expect((await api(p, 'GET', 'termos/obrigatorios-pendentes')).corpo).toEqual([]);
    }));
});
