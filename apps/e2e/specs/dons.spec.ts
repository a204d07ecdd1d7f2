import { describe, expect, it } from 'vitest';
import { escolher } from '../fixtures/formularios.js';
import { comPagina, linha, loginAs, usarNavegador, violacoesGraves } from '../fixtures/navegador.js';

const navegador = usarNavegador();

const GABARITO = 'Teste dos dons (demonstração)';

/**
 * The demo key asks one statement of each gift in turn (Ensino, Serviço, Hospitalidade, Liderança,
 * Misericórdia, Evangelismo), three rounds: these answers give 5, 1, 0, 7, 3 and 9 points.
 */
const RESPOSTAS = [
  [2, 1, 0, 3, 1, 3],
  [2, 0, 0, 2, 1, 3],
  [1, 0, 0, 2, 1, 3],
].flat();
const rotulo = (v: number) => (v === 0 ? '0 — nunca' : v === 3 ? '3 — sempre' : String(v));

describe('[DONS] gifts test', () => {
  it('[DONS] the synod takes a test with the demo key and sees the gifts ordered by points', () =>
    comPagina(navegador, 'teste-dons', async (p) => {
      await loginAs(p, 'sinodo');
      await p.goto('/teste-dons');
      await p.getByRole('heading', { name: 'Teste de dons', level: 1 }).waitFor();

      await p.getByTestId('novo').click();
      const dialogo = p.getByRole('dialog');
      await escolher(p, dialogo.getByLabel('Gabarito'), 'demonstração', GABARITO);
      await dialogo.getByRole('button', { name: 'Iniciar' }).click();
      await p.waitForURL(/\/gabarito-dons\/\d+\/resposta$/, { waitUntil: 'commit' });
      await p.getByRole('heading', { name: GABARITO, level: 1 }).waitFor();
      expect(await p.title()).toBe('SIG - Responder teste dos dons');

      const perguntas = p.getByTestId('pergunta');
      await expect.poll(() => perguntas.count()).toBe(RESPOSTAS.length);
      expect(await violacoesGraves(p), 'questionnaire').toEqual([]);

      // Everything is required: finishing at once names the person and every question.
      await p.getByRole('button', { name: 'Concluir teste' }).click();
      await expect.poll(() => p.getByText('Escolha a pessoa que responde o teste.').count()).toBe(1);
      await expect.poll(() => p.getByText('Responda esta pergunta.').count()).toBe(RESPOSTAS.length);

      await escolher(
        p,
        p.getByTestId('questionario').getByLabel('Pessoa', { exact: true }),
        // By surname: the demo year has many a Paula.
        'Paroquial',
        'Paula Paroquial',
      );
      for (const [i, v] of RESPOSTAS.entries()) await perguntas.nth(i).getByText(rotulo(v), { exact: true }).click();
      await expect.poll(() => p.getByText('Responda esta pergunta.').count()).toBe(0);
      await p.getByRole('button', { name: 'Concluir teste' }).click();

      await p.waitForURL(/\/teste-dos-dons\/\d+$/, { waitUntil: 'commit' });
      await expect.poll(() => p.getByText('Teste salvo.').count()).toBeGreaterThan(0);
      await p.getByRole('heading', { name: 'Resultado do teste dos dons', level: 1 }).waitFor();
      expect(await p.getByText('Paula Paroquial', { exact: true }).count()).toBe(1);
      expect(await p.getByText(GABARITO, { exact: true }).count()).toBe(1);
      // The bar chart draws, and its table holds each gift's points beside its maximum.
      const grafico = p.getByTestId('grafico-dons');
      await grafico.getByTestId('grafico').locator('svg').first().waitFor();
      await grafico.getByRole('button', { name: 'Ver como tabela' }).click();
      const linhas = grafico.locator('tbody tr.ant-table-row');
      await expect.poll(() => linhas.count()).toBe(6);
      expect((await linhas.allInnerTexts()).map((l) => l.split(/\s+/).join(' '))).toEqual([
        'Evangelismo 9 9',
        'Liderança 7 9',
        'Ensino 5 9',
        'Misericórdia 3 9',
        'Serviço 1 9',
        'Hospitalidade 0 9',
      ]);
      expect(await violacoesGraves(p), 'result').toEqual([]);

      // The list shows the test; its result opens from there, and it can be deleted after confirming.
      await p.getByRole('button', { name: 'Voltar' }).click();
      await p.waitForURL((u) => u.pathname === '/teste-dons', { waitUntil: 'commit' });
      const teste = linha(p, 'Paula Paroquial').filter({ hasText: GABARITO });
      await expect.poll(() => teste.count()).toBe(1);
      await teste.getByRole('button', { name: 'Visualizar' }).click();
      await p.waitForURL(/\/teste-dos-dons\/\d+$/, { waitUntil: 'commit' });
      await grafico.getByTestId('grafico').locator('svg').first().waitFor();
      await p.goBack();
      await teste.getByRole('button', { name: 'Excluir' }).click();
      await p.locator('.ant-popconfirm').getByRole('button', { name: 'Excluir' }).click();
      await expect.poll(() => p.getByText('Registro excluído.').count()).toBeGreaterThan(0);
      await expect.poll(() => teste.count()).toBe(0);
    }));
});
