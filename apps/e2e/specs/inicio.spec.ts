import { describe, expect, it } from 'vitest';
import { api } from '../fixtures/api.js';
import { criarPelaApi } from '../fixtures/formularios.js';
import { comPagina, loginAs, usarNavegador, violacoesGraves } from '../fixtures/navegador.js';

const navegador = usarNavegador();

/** Today in Brazil, as the API reads "this month". */
const hoje = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date());

type Resumo = {
  pessoas?: { total: number };
  receberMes?: { abertas: { quantidade: number; valor: string } };
};

describe('[INICIO] the home page', () => {
  it('[INICIO] each figure equals the list behind it, and opens that list filtered', () =>
    comPagina(navegador, 'inicio-kpis', async (p) => {
      await loginAs(p, 'tesouraria');
      const [pessoa] = await p.evaluate(async () => {
        const r = await fetch('/api/pessoa/select?busca=Tesoureiro', {
          headers: { authorization: `Bearer ${localStorage.getItem('token')}` },
        });
        return ((await r.json()) as { value: number }[]).map((o) => o.value);
      });
      const vencimento = hoje();
      const antes = (await api<Resumo>(p, 'GET', 'inicio/resumo')).corpo.receberMes!.abertas.quantidade;
      await criarPelaApi(p, 'conta-a-receber', {
        pessoaId: pessoa,
        tipo: 'OUTROS',
        mesCompetencia: Number(vencimento.slice(5, 7)),
        anoCompetencia: Number(vencimento.slice(0, 4)),
        vencimento,
        valorPrevisto: '123.45',
      });
      const resumo = (await api<Resumo>(p, 'GET', 'inicio/resumo')).corpo;
      expect(resumo.receberMes!.abertas.quantidade).toBe(antes + 1);

      await p.reload();
      const aberto = p.locator('[data-kpi="receber-abertas"]');
      await expect.poll(() => aberto.innerText()).toContain(`${resumo.receberMes!.abertas.quantidade} conta`);
      const valor = (await p.getByTestId('kpi-receber-abertas-valor').innerText()).trim();
      expect(await violacoesGraves(p), 'home').toEqual([]);

      await aberto.click();
      await p.waitForURL(
        (u) =>
          u.pathname === '/conta-a-receber' &&
          u.searchParams.get('status') === 'ABERTO' &&
          u.searchParams.get('vencimentoDe') === `${vencimento.slice(0, 8)}01`,
        { waitUntil: 'commit' },
      );
      await expect
        .poll(() => p.locator('.ant-pagination-total-text').innerText())
        .toBe(`Total: ${resumo.receberMes!.abertas.quantidade}`);
      await expect.poll(() => p.getByTestId('totais').innerText()).toContain(valor);

      // People: the card's count is the people list's total.
      await p.goto('/dashboard');
      const pessoas = p.locator('[data-kpi="pessoas"]');
      const total = (await p.getByTestId('kpi-pessoas-valor').innerText()).trim();
      await pessoas.click();
      await p.waitForURL((u) => u.pathname === '/pessoa', { waitUntil: 'commit' });
      await expect
        .poll(async () => (await p.locator('.ant-pagination-total-text').innerText()).replace(/\D/g, ''))
        .toBe(total.replace(/\D/g, ''));
    }));

  it('[INICIO] the screens opened come back as recent ones, and a pinned one stays', () =>
    comPagina(navegador, 'inicio-atalhos', async (p) => {
      await loginAs(p, 'tesouraria');
      await p.goto('/conta-a-receber');
      await p.locator('.ant-table').waitFor();
      await p.goto('/dashboard');
      const atalhos = p.getByTestId('atalhos');
      const recente = atalhos.locator('[data-atalho="ContaAReceber"]');
      await recente.waitFor();
      await recente.getByRole('button', { name: 'Fixar uma tela' }).click();
      await expect.poll(() => recente.getByRole('button', { name: 'Desafixar' }).count()).toBe(1);
      await p.reload();
      await expect.poll(() => recente.getByRole('button', { name: 'Desafixar' }).count()).toBe(1);
      await recente.getByRole('link').click();
      await p.waitForURL((u) => u.pathname === '/conta-a-receber', { waitUntil: 'commit' });
    }));

  it('[INICIO] a synod looks at one of its parishes', () =>
    comPagina(navegador, 'inicio-filho', async (p) => {
      await loginAs(p, 'sinodo');
      await p.goto('/dashboard/filho');
      await p.getByTestId('escolher-filho').click();
      await p.locator('.ant-select-item-option').filter({ hasText: 'Paróquia' }).first().click();
      await p.waitForURL((u) => !!u.searchParams.get('organizacaoId'), { waitUntil: 'commit' });
      const id = new URL(p.url()).searchParams.get('organizacaoId');
      const pessoas = p.locator('[data-kpi="pessoas"]');
      await pessoas.waitFor();
      await pessoas.click();
      await p.waitForURL((u) => u.pathname === '/pessoa' && u.searchParams.get('organizacaoId') === id, {
        waitUntil: 'commit',
      });
    }));
});
