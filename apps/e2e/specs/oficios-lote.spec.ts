import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { api } from '../fixtures/api.js';
import { criarPessoa, escolher } from '../fixtures/formularios.js';
import { comPagina, loginAs, usarNavegador, violacoesGraves } from '../fixtures/navegador.js';

const navegador = usarNavegador();
const paginas = (pdf: Buffer) => pdf.toString('latin1').match(/\/Type \/Page\b/g)?.length ?? 0;

describe('[OFICIOS] letters for a people filter', () => {
  it(
    '[OFICIOS] the parish issues an invitation to everyone a filter finds: a batch, then one PDF with a page each; a letter checks on the public page',
    () =>
      comPagina(navegador, 'oficios-lote', async (p) => {
        const marca = Date.now().toString(36);
        await loginAs(p, 'paroquia');
        for (const nome of ['Irma', 'Otto', 'Wanda']) await criarPessoa(p, { nome, sobrenome: `Convidada ${marca}` });

        await p.goto('/template-oficio/lote');
        await p.getByTestId('filtros').waitFor();
        await p.getByTestId('lotes-oficios').locator('.ant-spin-spinning').waitFor({ state: 'detached' });
        expect(await violacoesGraves(p), 'letters batch page').toEqual([]);
        await p.getByTestId('filtros').getByLabel('Nome', { exact: true }).fill(marca);
        await escolher(p, p.getByLabel('Modelo', { exact: true }), 'Convite', 'Convite para o culto festivo');
        await p.getByTestId('contar').click();
        await expect.poll(() => p.getByTestId('contagem').innerText()).toContain('3 ofícios');

        await p.getByRole('button', { name: 'Emitir em lote' }).click();
        await p.getByText('Processamento criado com 3 pessoas').waitFor();
        const linha = p.getByTestId('lotes-oficios').locator('tr.ant-table-row').first();
        const baixar = linha.getByRole('button', { name: 'Baixar PDF' });
        await baixar.waitFor({ timeout: 30_000 });
        expect(await linha.textContent()).toContain('Concluído');
        const [download] = await Promise.all([p.waitForEvent('download'), baixar.click()]);
        expect(download.suggestedFilename()).toMatch(/^oficios-lote-\d+\.pdf$/);
        const pdf = await readFile(await download.path());
        expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
        expect(paginas(pdf)).toBe(3);

        // One of the letters, checked by the code its QR holds, signed out.
        type Emitido = { numeroAno: string; destinatario: string; codigoVerificacao: string };
        const { itens } = (
          await api<{ itens: Emitido[] }>(p, 'GET', `oficio/paginado?destinatario=${marca}&quantidade=10`)
        ).corpo;
        expect(itens).toHaveLength(3);
        const carta = itens[0]!;
        await p.evaluate(() => localStorage.clear());
        await p.goto(`/externo/oficio/${carta.codigoVerificacao}`);
        const verificado = p.getByTestId('oficio-verificado');
        await verificado.waitFor();
        const texto = await verificado.innerText();
        expect(texto).toContain(carta.numeroAno);
        expect(texto).toContain(carta.destinatario);
        expect(await violacoesGraves(p), 'verification page').toEqual([]);

        // A code that no letter holds is told apart.
        const form = p.getByTestId('form-verificar-oficio');
        await form.getByLabel('Código de verificação').fill('ZZZZZZZZZZZZ');
        await form.getByRole('button', { name: 'Verificar' }).click();
        await p.getByTestId('oficio-nao-confirmado').waitFor();
        expect(await p.getByTestId('oficio-nao-confirmado').innerText()).toContain('Nenhum ofício');
      }),
    180_000,
  );
});
