import { describe, expect, it } from 'vitest';
import { api } from '../fixtures/api.js';
import { escolher } from '../fixtures/formularios.js';
import { comPagina, linha, loginAs, usarNavegador, violacoesGraves } from '../fixtures/navegador.js';

const navegador = usarNavegador();
/** The demo parish secretary's own person: a demo person of the parish. */
const PESSOA = 'Paula Paroquial';

describe('[OFICIOS] office letters', () => {
  // Template, preview, issue and the issued list in one story: longer than most.
  it(
    '[OFICIOS] writes a template with a merge field, previews it for a person, issues a letter numbered in the year with the merged name',
    () =>
      comPagina(navegador, 'oficios', async (p) => {
        const marca = Date.now().toString(36);
        const nome = `Declaração ${marca}`;
        await loginAs(p, 'paroquia');

        // The template: the person's name inserted from the picker where the cursor is.
        await p.goto('/template-oficio/form');
        const form = p.getByTestId('form-template-oficio');
        await form.getByLabel('Nome', { exact: true }).fill(nome);
        await form.getByLabel('Assunto', { exact: true }).fill('Declaração de membresia');
        const corpo = form.getByLabel('Corpo', { exact: true });
        await corpo.fill('Declaramos que ');
        await p.getByLabel('Inserir campo', { exact: true }).click();
        await p.locator('.ant-select-item-option').filter({ hasText: 'Nome da pessoa' }).first().click();
        await expect.poll(() => corpo.inputValue()).toBe('Declaramos que {{pessoa.nome}}');
        await corpo.press('End');
        await corpo.pressSequentially(' é membro desta paróquia.');

        // The live preview, merged by the server for a demo person.
        await escolher(p, p.getByLabel('Pré-visualizar para', { exact: true }), 'Paula', PESSOA);
        await expect
          .poll(() => p.getByTestId('previa-oficio').innerText())
          .toContain(`Declaramos que ${PESSOA} é membro desta paróquia.`);
        await p.getByRole('button', { name: 'Salvar' }).click();
        await p.waitForURL((u) => u.pathname === '/template-oficio', { timeout: 30_000 });
        await p.goto(`/template-oficio?nome=${encodeURIComponent(nome)}`);
        await expect.poll(() => linha(p, nome).count()).toBe(1);

        // Issued to the person: the next number of the parish's year, the name merged into the text.
        const ano = new Date(Date.now() - 3 * 3_600_000).getUTCFullYear();
        const organizacaoId = Number(await p.evaluate(() => localStorage.getItem('organizacaoLogadaId')));
        type Emitido = { id: number; numero: number; organizacaoId: number; templateNome: string };
        const emitidos = async () =>
          (await api<{ itens: Emitido[] }>(p, 'GET', `oficio/paginado?ano=${ano}&quantidade=100`)).corpo.itens;
        // The newest first: the parish's highest number of the year is on the first page.
        const ultimo = Math.max(
          0,
          ...(await emitidos()).filter((o) => o.organizacaoId === organizacaoId).map((o) => o.numero),
        );
        await p.goto('/template-oficio/emitidos');
        await p.getByTestId('emitir').click();
        const dialogo = p.getByRole('dialog');
        await escolher(p, dialogo.getByLabel('Modelo', { exact: true }), marca, nome);
        await escolher(p, dialogo.getByRole('combobox', { name: /Pessoa$/ }), 'Paula', PESSOA);
        await dialogo.getByRole('button', { name: 'Emitir ofício' }).click();
        const numero = `${ultimo + 1}/${ano}`;
        await expect.poll(() => p.getByText(`Ofício ${numero} emitido para ${PESSOA}.`).count()).toBeGreaterThan(0);
        await p.goto(`/template-oficio/emitidos?destinatario=${encodeURIComponent(PESSOA)}`);
        await expect.poll(() => linha(p, nome).count()).toBe(1);
        const texto = await linha(p, nome).innerText();
        expect(texto).toContain(numero);
        expect(texto).toContain(PESSOA);
        const emitido = (await emitidos()).find((o) => o.templateNome === nome);
        const oficio = await api<{ texto: string; numeroAno: string }>(p, 'GET', `oficio/${emitido!.id}`);
        expect(oficio.corpo).toMatchObject({
          numeroAno: numero,
          texto: `Declaramos que ${PESSOA} é membro desta paróquia.`,
        });
        expect(await violacoesGraves(p), 'issued letters').toEqual([]);
      }),
    180_000,
  );
});
