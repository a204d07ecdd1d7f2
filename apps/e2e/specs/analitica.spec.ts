import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { comPagina, loginAs, usarNavegador } from '../fixtures/navegador.js';

const navegador = usarNavegador();

type Enviada = { corpo: Record<string, unknown>; autorizacao?: string };

/** The page views the browser posts, as they leave it. */
function ouvirVisualizacoes(p: Page): Enviada[] {
  const enviadas: Enviada[] = [];
  p.on('request', (r) => {
    if (new URL(r.url()).pathname === '/api/analitica/pagina')
      enviadas.push({ corpo: r.postDataJSON(), autorizacao: r.headers().authorization });
  });
  return enviadas;
}

const menu = (p: Page) => p.getByRole('navigation').first();

describe('[ANALITICA] page views after each navigation', () => {
  it('[ANALITICA] with analytics off (the default) the browser sends none', () =>
    comPagina(navegador, 'analitica-off', async (p) => {
      const enviadas = ouvirVisualizacoes(p);
      await loginAs(p, 'sinodo');
      // Asked from the page once signed in: the sign-in's own health answer may belong to a page left since.
      const saude = await p.evaluate(() => fetch('/api/saude').then((r) => r.json()));
      expect(saude).toMatchObject({ analitica: { ativa: false } });
      await menu(p).getByRole('link', { name: 'Mural de avisos' }).click();
      await expect.poll(() => p.title()).toBe('SIG - Mural de avisos');
      await p.waitForTimeout(500);
      expect(enviadas).toEqual([]);
    }));

  it('[ANALITICA] when the server turns it on, each page is sent once with its title, organization and person', () =>
    comPagina(navegador, 'analitica-on', async (p) => {
      // The e2e server runs with analytics off; its health answer is switched on in the browser.
      await p.route('**/api/saude', async (rota) => {
        const resposta = await rota.fetch();
        await rota.fulfill({ response: resposta, json: { ...(await resposta.json()), analitica: { ativa: true } } });
      });
      const enviadas = ouvirVisualizacoes(p);
      await loginAs(p, 'sinodo');
      const [token, organizacaoId, pessoaId] = await p.evaluate(() => [
        localStorage.getItem('token'),
        Number(localStorage.getItem('organizacaoLogadaId')),
        Number(localStorage.getItem('pessoaLogadaId')),
      ]);
      await expect.poll(() => enviadas.length).toBe(1);

      await menu(p).getByRole('link', { name: 'Mural de avisos' }).click();
      await expect.poll(() => enviadas.length).toBe(2);
      // Same title as the list: sent once the page had its chance to change it.
      await p.getByTestId('novo').click();
      await expect.poll(() => enviadas.length).toBe(3);

      expect(enviadas.map((e) => e.corpo)).toEqual([
        { caminho: '/dashboard', titulo: 'SIG - Painel', organizacaoId, pessoaId },
        { caminho: '/mural-de-avisos', titulo: 'SIG - Mural de avisos', organizacaoId, pessoaId },
        { caminho: '/mural-de-avisos/form', titulo: 'SIG - Mural de avisos', organizacaoId, pessoaId },
      ]);
      expect(enviadas.every((e) => e.autorizacao === `Bearer ${token}`)).toBe(true);
    }));
});
