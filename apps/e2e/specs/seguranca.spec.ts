import { describe, expect, inject, it } from 'vitest';
import { comPagina, loginAs, usarNavegador } from '../fixtures/navegador.js';

const navegador = usarNavegador();

/** comPagina fails any story that violates the Content-Security-Policy; these visit what is most likely to. */
describe('[SEGURANCA] the app under its Content-Security-Policy', () => {
  it(
    '[SEGURANCA] the app is served with a strict policy and its screens load without a violation',
    () =>
      comPagina(navegador, 'csp-app', async (p) => {
        const resposta = await p.goto('/login');
        const csp = resposta!.headers()['content-security-policy'] ?? '';
        expect(csp).toContain("script-src 'self'");
        expect(csp).toContain("frame-ancestors 'none'");
        expect(resposta!.headers()['x-content-type-options']).toBe('nosniff');
        await loginAs(p, 'sinodo');
        // A list with filters, the profiles' permission matrix, the account page.
        for (const rota of ['/pessoa', '/perfil', '/conta']) {
          await p.goto(rota);
          await p.getByRole('heading', { level: 1 }).first().waitFor();
        }
      }),
    120_000,
  );

  it('[SEGURANCA] the API explorer works under the same policy', () =>
    comPagina(navegador, 'csp-docs', async (p) => {
      await p.goto('/api/docs/');
      await p.locator('.opblock-tag').first().waitFor();
      await p.locator('.opblock-tag').first().click();
      await expect.poll(() => p.locator('.opblock').count()).toBeGreaterThan(0);
    }));

  it('[SEGURANCA] an injected inline script is refused, and the refusal is what the stories watch for', async () => {
    const contexto = await navegador.newContext({ baseURL: inject('baseURL') });
    try {
      const p = await contexto.newPage();
      const mensagens: string[] = [];
      p.on('console', (m) => mensagens.push(m.text()));
      await p.goto('/login');
      await p.evaluate(() => {
        const s = document.createElement('script');
        s.textContent = 'window.injetado = true';
        document.head.append(s);
      });
      expect(await p.evaluate(() => (window as { injetado?: boolean }).injetado)).toBeUndefined();
      await expect.poll(() => mensagens.some((m) => /Content Security Policy/.test(m))).toBe(true);
    } finally {
      await contexto.close();
    }
  });
});
