import { describe, expect, it } from 'vitest';
import { api } from '../fixtures/api.js';
import { escolher } from '../fixtures/formularios.js';
import { comPagina, linha, loginAs, usarNavegador, violacoesGraves } from '../fixtures/navegador.js';
import { pdfDaApi, semEspacos, textoDoPdf } from '../fixtures/pdf.js';

const navegador = usarNavegador();
/** The demo parish secretary's own person: a demo person of the parish. */
const PESSOA = 'Paula Paroquial';

describe('[OFICIOS] office letters', () => {
  // Template, preview, issue and the issued list in one story: longer than most.
  it(
    '[OFICIOS] writes a formatted template with a merge field and a numbered list, previews it as PDF for a person, issues a letter numbered in the year with the merged name',
    () =>
      comPagina(navegador, 'oficios', async (p) => {
        const marca = Date.now().toString(36);
        const nome = `Declaração ${marca}`;
        await loginAs(p, 'paroquia');

        // The template: a bold word, the person's name inserted as a token where the cursor is, a numbered list.
        await p.goto('/template-oficio/form');
        const form = p.getByTestId('form-template-oficio');
        await form.getByLabel('Nome', { exact: true }).fill(nome);
        await form.getByLabel('Assunto', { exact: true }).fill('Declaração de membresia');
        const corpo = form.getByLabel('Corpo', { exact: true });
        await corpo.click();
        await p.keyboard.type('Declaramos que ');
        await p.getByLabel('Inserir campo', { exact: true }).click();
        await p.locator('.ant-select-item-option').filter({ hasText: 'Nome da pessoa' }).first().click();
        await expect.poll(() => corpo.locator('[data-campo="pessoa.nome"]').innerText()).toBe('Nome da pessoa');
        await p.keyboard.type(' é membro ');
        await form.getByRole('button', { name: 'Negrito' }).click();
        await p.keyboard.type('ativo');
        await form.getByRole('button', { name: 'Negrito' }).click();
        await p.keyboard.type(' desta paróquia:');
        await p.keyboard.press('Enter');
        await form.getByRole('button', { name: 'Lista numerada' }).click();
        await p.keyboard.type('batizado');
        await p.keyboard.press('Enter');
        await p.keyboard.type('confirmado');
        await expect.poll(() => corpo.locator('strong').innerText()).toBe('ativo');
        await expect.poll(() => corpo.locator('ol > li').allInnerTexts()).toEqual(['batizado', 'confirmado']);

        // The live preview, merged by the server for a demo person.
        await escolher(p, p.getByLabel('Pré-visualizar para', { exact: true }), 'Paula', PESSOA);
        await expect
          .poll(() => p.getByTestId('previa-oficio').innerText())
          .toContain(`Declaramos que ${PESSOA} é membro ativo desta paróquia:`);
        // The PDF preview: the letters' PDF engine prints the unsaved form for the person, in a new tab.
        const [resposta, aba] = await Promise.all([
          p.waitForResponse((r) => r.url().endsWith('/api/template-oficio/previa/pdf')),
          p.waitForEvent('popup'),
          p.getByRole('button', { name: 'Ver em PDF' }).click(),
        ]);
        expect(resposta.status()).toBe(200);
        expect(resposta.headers()['content-type']).toBe('application/pdf');
        expect(aba.url()).toMatch(/^blob:/);
        await aba.close();
        // What the button sent, asked again: the tab's PDF as bytes.
        const enviado = resposta.request().postDataJSON() as Record<string, unknown>;
        expect(enviado).toMatchObject({ tamanhoPapel: 'A4', margemMm: 25 });
        const previaPdf = await pdfDaApi(p, 'template-oficio/previa/pdf', enviado);
        expect(previaPdf.tipo).toBe('application/pdf');
        const previa = semEspacos(textoDoPdf(previaPdf.pdf));
        expect(previa).toContain(semEspacos(`Declaramos que ${PESSOA} é membro ativo desta paróquia:`));
        expect(previa).toContain(semEspacos('1. batizado 2. confirmado'));
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
          texto: `Declaramos que ${PESSOA} é membro ativo desta paróquia:\n\n1. batizado\n2. confirmado`,
        });
        // The letter's PDF: the name merged, the list numbered, the bold word in the bold face.
        const { tipo, pdf } = await pdfDaApi(p, `oficio/${emitido!.id}/pdf`);
        expect(tipo).toBe('application/pdf');
        const textoPdf = semEspacos(textoDoPdf(pdf));
        expect(textoPdf).toContain(semEspacos(`Ofício nº ${numero}`));
        expect(textoPdf).toContain(
          semEspacos(`Declaramos que ${PESSOA} é membro ativo desta paróquia: 1. batizado 2. confirmado`),
        );
        expect(pdf.toString('latin1')).toContain('/BaseFont /Helvetica-Bold');
        expect(await violacoesGraves(p), 'issued letters').toEqual([]);
      }),
    180_000,
  );
});
