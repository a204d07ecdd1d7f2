import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { idDaPessoa } from '../fixtures/api.js';
import { criarPelaApi } from '../fixtures/formularios.js';
import { comPagina, loginAs, usarNavegador, violacoesGraves } from '../fixtures/navegador.js';

const navegador = usarNavegador();

describe('[CARNES] payment booklets', () => {
  it('[CARNES] the treasurer prints the booklet of a charged receivable, in a batch and at once', () =>
    comPagina(navegador, 'carnes', async (p) => {
      await loginAs(p, 'tesouraria');
      // The treasurer may not register people: the demo holder with a CPF, in a month no other story uses.
      const titular = 'Tiago Tesoureiro';
      const pessoaId = await idDaPessoa(p, titular);
      const contaAReceberId = await criarPelaApi(p, 'conta-a-receber', {
        pessoaId,
        tipo: 'DIZIMO',
        mesCompetencia: 10,
        anoCompetencia: 2098,
        vencimento: '2098-10-10',
        valorPrevisto: '50.00',
      });
      await criarPelaApi(p, 'cobranca', { contaAReceberId, forma: 'BOLETO' });

      await p.goto('/emissao-carnes');
      await p.getByTestId('filtros').waitFor();
      expect(await p.title()).toBe('SIG - Emissão de carnês');
      // The batches' list settled (its loading veil dims the text under it).
      await p.getByTestId('lotes-carnes').locator('.ant-spin-spinning').waitFor({ state: 'detached' });
      expect(await violacoesGraves(p)).toEqual([]);

      await p.getByTestId('filtros').getByLabel('Nome', { exact: true }).fill(titular);
      for (const [rotulo, data] of [
        ['De', '01/10/2098'],
        ['Até', '31/10/2098'],
      ] as const) {
        await p.getByLabel(rotulo, { exact: true }).fill(data);
        await p.getByLabel(rotulo, { exact: true }).press('Tab');
      }
      // Many people: a batch fetches the codes in the background, then its PDF downloads.
      await p.getByRole('button', { name: 'Gerar em lote' }).click();
      await p.getByText('Processamento criado com 1 pessoas').waitFor();
      const linha = p.getByTestId('lotes-carnes').locator('tr.ant-table-row').first();
      const baixar = linha.getByRole('button', { name: 'Baixar PDF' });
      await baixar.waitFor({ timeout: 30_000 });
      expect(await linha.textContent()).toContain('Concluído');
      const [doLote] = await Promise.all([p.waitForEvent('download'), baixar.click()]);
      expect(doLote.suggestedFilename()).toMatch(/^carnes-.*\.pdf$/);
      expect((await readFile(await doLote.path())).subarray(0, 5).toString()).toBe('%PDF-');
      expect(await violacoesGraves(p), 'after the batch').toEqual([]);

      // A few people: at once.
      const [download] = await Promise.all([
        p.waitForEvent('download'),
        p.getByRole('button', { name: 'Baixar agora' }).click(),
      ]);
      expect(download.suggestedFilename()).toMatch(/^carnes-.*\.pdf$/);
      expect((await readFile(await download.path())).subarray(0, 5).toString()).toBe('%PDF-');
      await expect.poll(() => p.getByTestId('estado-documento').textContent()).toBe('1 boleto no carnê.');
      expect(await violacoesGraves(p), 'after generating').toEqual([]);
    }));
});
