import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { abrirNavegador, comPagina, loginAs, violacoesGraves } from '../fixtures/navegador.js';

let navegador: Browser;
beforeAll(async () => {
  navegador = await abrirNavegador();
});
afterAll(() => navegador?.close());

const criarPessoa = (p: Page, corpo: Record<string, unknown>) =>
  p.evaluate(async (c) => {
    const r = await fetch('/api/pessoa', {
      method: 'POST',
      headers: { authorization: `Bearer ${localStorage.getItem('token')}`, 'content-type': 'application/json' },
      body: JSON.stringify({ organizacaoId: Number(localStorage.getItem('organizacaoLogadaId')), ...c }),
    });
    if (!r.ok) throw new Error(`${r.status} ${await r.text()}`);
    return ((await r.json()) as { id: number }).id;
  }, corpo);

async function escolherOpcao(p: Page, select: Locator, opcao: string) {
  await select.click();
  await p.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: opcao }).first().click();
  await expect.poll(() => p.locator('.ant-select-dropdown:visible').count()).toBe(0);
}

describe('[PESSOAS] integration and withdrawal', () => {
  it('[PESSOAS] a withdrawal recorded from the person form detaches them from the members', () =>
    comPagina(navegador, 'integracao-desligamento', async (p) => {
      const marca = `Desligada${Date.now().toString(36)}`;
      await loginAs(p, 'sinodo');
      const id = await criarPessoa(p, { nome: 'Mathilde', sobrenome: marca, titular: true });
      await p.goto(`/pessoa/form/${id}`);
      await p.getByRole('tab', { name: 'Integração e desligamento' }).click();
      await p.getByRole('button', { name: 'Registrar integração ou desligamento' }).click();
      await p.waitForURL(`**/pessoa-integracao-desligamento/form?pessoaId=${id}`);
      const f = p.getByTestId('form-integracao');
      await expect.poll(() => f.textContent()).toContain(`Mathilde ${marca}`);
      await f.getByText('Desligamento', { exact: true }).click();
      await f.getByLabel('Data', { exact: true }).fill('10/01/2026');
      await f.getByLabel('Data', { exact: true }).press('Enter');
      await escolherOpcao(p, f.getByLabel('Forma', { exact: true }), 'Transferência');
      // A withdrawal needs its reason.
      await p.getByRole('button', { name: 'Salvar' }).click();
      await expect.poll(() => f.getByText('Por favor, informe o campo Motivo').count()).toBe(1);
      expect(await violacoesGraves(p), 'form').toEqual([]);
      await f.getByLabel('Motivo', { exact: true }).fill('Mudou-se para outra cidade');
      await p.getByRole('button', { name: 'Salvar' }).click();
      await p.waitForURL(`**/pessoa/form/${id}`);

      // Back on the person's form (general data first): the status the record brought.
      await expect.poll(() => p.getByTestId('aba-dados').textContent()).toContain('Desligado');
      await p.getByRole('tab', { name: 'Integração e desligamento' }).click();
      await expect.poll(() => p.getByTestId('aba-integracao').textContent()).toContain('Mudou-se para outra cidade');

      // Among the active members the person is gone; the history tab shows the status change.
      await p.goto(`/pessoa?nome=${marca}&status=ATIVO`);
      await expect
        .poll(() => p.getByText('Nenhum resultado encontrado. Por favor, ajuste os filtros de busca.').count())
        .toBeGreaterThan(0);
      await p.goto(`/pessoa/form/${id}`);
      await p.getByRole('tab', { name: 'Histórico de atualizações' }).click();
      await expect.poll(() => p.getByTestId('aba-historico').textContent()).toContain('DESLIGADO');
    }));
});
