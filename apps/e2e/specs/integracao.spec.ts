import { describe, expect, it } from 'vitest';
import { criarPessoa, escolherOpcao } from '../fixtures/formularios.js';
import { comPagina, loginAs, usarNavegador, violacoesGraves } from '../fixtures/navegador.js';

const navegador = usarNavegador();

describe('[PESSOAS] integration and withdrawal', () => {
  it('[PESSOAS] a withdrawal recorded from the person form detaches them from the members', () =>
    comPagina(navegador, 'integracao-desligamento', async (p) => {
      const marca = `Desligada${Date.now().toString(36)}`;
      await loginAs(p, 'sinodo');
      const id = await criarPessoa(p, { nome: 'Mathilde', sobrenome: marca, titular: true });
      await p.goto(`/pessoa/form/${id}`);
      await p.getByRole('tab', { name: 'Integração e desligamento' }).click();
      await p.getByRole('button', { name: 'Registrar integração ou desligamento' }).click();
      await p.waitForURL(`**/pessoa-integracao-desligamento/form?pessoaId=${id}`, { waitUntil: 'commit' });
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
      await p.waitForURL(`**/pessoa/form/${id}`, { waitUntil: 'commit' });

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
      // In the reader's words, not the stored code.
      await expect.poll(() => p.getByTestId('aba-historico').textContent()).toContain('Desligado');
      expect(await p.getByTestId('aba-historico').textContent()).not.toContain('DESLIGADO');
    }));
});
