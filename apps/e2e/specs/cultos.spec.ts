import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { criarPelaApi, escolher, escolherOpcao } from '../fixtures/formularios.js';
import { comPagina, linha, loginAs, usarNavegador, violacoesGraves } from '../fixtures/navegador.js';

const navegador = usarNavegador();

/** Today in Brazil as the pt-BR forms show it: the demo opens the current month on the worship account. */
const hoje = new Date().toLocaleDateString('pt-BR', { timeZone: 'America/Sao_Paulo' });
const hojeIso = new Date().toLocaleDateString('sv-SE', { timeZone: 'America/Sao_Paulo' });
const inicioDoMes = `${hojeIso.slice(0, 8)}01`;

async function registrarCulto(p: Page, destino: string) {
  await p.goto('/culto/form');
  const form = p.getByTestId('form-culto');
  const data = form.getByLabel('Data', { exact: true });
  await data.fill(hoje);
  await data.press('Tab');
  const hora = form.getByLabel('Hora', { exact: true });
  await hora.fill('10:00');
  await hora.press('Enter');
  await expect
    .poll(() => p.getByTestId('aviso-plano').textContent())
    .toContain('Não há plano de ofertas para a data (abrangência e destino preenchidos manualmente).');
  await form.getByLabel('Presentes', { exact: true }).fill('85');
  await form.getByLabel('Ofertas', { exact: true }).fill('120,00');
  await escolherOpcao(p, form.getByLabel('Abrangência', { exact: true }), 'Paroquial');
  await form.getByLabel('Destino', { exact: true }).fill(destino);
  await escolher(p, form.getByLabel('Conta do plano de contas', { exact: true }), 'dos cultos', 'Ofertas dos cultos');
  await p.getByRole('button', { name: 'Salvar' }).click();
  return form;
}

describe('[CULTOS] worship services and their offerings', () => {
  it('[CULTOS] the list opens on the month so far; a saved filter applies by default and the export has its rows', () =>
    comPagina(navegador, 'cultos-lista', async (p) => {
      const marca = Date.now().toString(36);
      await loginAs(p, 'tesouraria');
      const organizacaoId = Number(await p.evaluate(() => localStorage.getItem('organizacaoLogadaId')));
      const culto = (santaCeia: boolean, destino: string) =>
        criarPelaApi(p, 'culto', { organizacaoId, data: hojeIso, hora: '08:00', santaCeia, presentes: 12, destino });
      await culto(true, `Com ceia ${marca}`);
      await culto(false, `Sem ceia ${marca}`);

      // Spec §9: first day of the month → today, in the address and on screen in the user's format.
      await p.goto('/culto');
      await p.waitForURL((u) => u.searchParams.get('periodoDe') === inicioDoMes, { waitUntil: 'commit' });
      expect(new URL(p.url()).searchParams.get('periodoAte')).toBe(hojeIso);
      const filtros = p.getByTestId('filtros');
      await expect
        .poll(() => filtros.getByLabel('Período de', { exact: true }).inputValue())
        .toBe(`01/${hoje.slice(3)}`);
      await expect.poll(() => linha(p, `Sem ceia ${marca}`).count()).toBe(1);
      expect(await p.getByTestId('totais').innerText()).toContain('R$');
      expect(await violacoesGraves(p), 'list with totals').toEqual([]);

      await escolherOpcao(p, filtros.getByLabel('Santa Ceia', { exact: true }), 'Sim');
      await filtros.getByRole('button', { name: 'Buscar' }).click();
      await p.waitForURL((u) => u.searchParams.get('santaCeia') === 'true', { waitUntil: 'commit' });
      await p.getByRole('button', { name: 'Salvar filtro' }).click();
      const dialogo = p.getByRole('dialog').filter({ hasText: 'Nome do filtro' });
      await dialogo.getByLabel('Nome do filtro').fill(`Com ceia ${marca}`);
      await dialogo.getByLabel('Usar como filtro padrão').check();
      await dialogo.getByRole('button', { name: 'Salvar' }).click();
      await expect.poll(() => p.getByText('Filtro salvo.').count()).toBeGreaterThan(0);

      // Opened again without filters, the list takes the default saved filter (not the month's period).
      await p.goto('/culto');
      await p.waitForURL((u) => u.searchParams.get('santaCeia') === 'true', { waitUntil: 'commit' });
      await expect.poll(() => linha(p, `Com ceia ${marca}`).count()).toBe(1);
      expect(await linha(p, `Sem ceia ${marca}`).count()).toBe(0);

      const [download] = await Promise.all([
        p.waitForEvent('download'),
        p.getByRole('button', { name: 'Exportar CSV' }).click(),
      ]);
      const csv = await readFile((await download.path())!, 'utf8');
      expect(csv).toContain(`Com ceia ${marca}`);
      expect(csv).not.toContain(`Sem ceia ${marca}`);

      // Left as it was for the other stories of this user.
      await p.getByRole('button', { name: 'Excluir filtro salvo' }).click();
      await p.locator('.ant-popconfirm').getByRole('button', { name: 'Excluir' }).click();
      await expect.poll(() => p.getByText('Filtro excluído.').count()).toBeGreaterThan(0);
    }));

  it(
    '[CULTOS] the treasurer records a service with an offering, finds it in the ledger, closes the period and is refused another',
    () =>
      comPagina(navegador, 'cultos', async (p) => {
        const destino = `Diaconia ${Date.now().toString(36)}`;
        await loginAs(p, 'tesouraria');
        await registrarCulto(p, destino);
        await p.waitForURL((u) => u.pathname === '/culto', { waitUntil: 'commit' });
        await expect.poll(() => linha(p, destino).count()).toBe(1);
        expect(await violacoesGraves(p), 'services').toEqual([]);

        // By its text: the list opens on the first cash account, which other stories' accounts may precede.
        await p.goto(`/lancamento-caixa?historico=${encodeURIComponent(destino)}`);
        const entrada = linha(p, `Oferta do culto de ${hoje} – ${destino}`);
        await expect.poll(() => entrada.count()).toBe(1);
        expect(await entrada.getByRole('cell', { name: 'R$ 120,00' }).count()).toBeGreaterThan(0);

        await p.goto('/periodo-contabil');
        const periodo = linha(p, 'Caixa dos cultos').filter({ has: p.getByRole('button', { name: 'Fechar' }) });
        await expect.poll(() => periodo.count()).toBe(1);
        await periodo.getByRole('button', { name: 'Fechar' }).click();
        await p.locator('.ant-popconfirm:visible').getByRole('button', { name: 'Fechar' }).click();
        await expect.poll(() => p.getByText('Período fechado.').count()).toBeGreaterThan(0);

        const form = await registrarCulto(p, `${destino} (depois)`);
        await expect.poll(() => form.getByText('O período contábil desta data está fechado.').count()).toBe(1);
        expect(new URL(p.url()).pathname).toBe('/culto/form');
      }),
    120_000,
  );
});
