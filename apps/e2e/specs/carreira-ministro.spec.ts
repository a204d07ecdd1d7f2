import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { api } from '../fixtures/api.js';
import { criarPelaApi, criarPessoa, escolher } from '../fixtures/formularios.js';
import { comPagina, linha, loginAs, usarNavegador, violacoesGraves } from '../fixtures/navegador.js';
import { textoDoPdf } from '../fixtures/pdf.js';

const navegador = usarNavegador();
const FUSO = 'America/Sao_Paulo';
/** Text compared whatever the PDF's line breaks and justified spacing. */
const semEspacos = (s: string) => s.replace(/\s+/g, '');
/** Today plus `dias` in Brazil: ISO for the API, dd/mm/yyyy as the screen shows it. */
const emDias = (dias: number) => {
  const d = new Date(Date.now() + dias * 86_400_000);
  return {
    iso: d.toLocaleDateString('sv-SE', { timeZone: FUSO }),
    tela: d.toLocaleDateString('pt-BR', { timeZone: FUSO }),
  };
};

describe('[MINISTROS] ministers’ careers', () => {
  it(
    '[MINISTROS] the synod secretary opens a pastor’s career: ordination, current post, calls, history and the alert of a term ending',
    () =>
      comPagina(navegador, 'carreira-ministro', async (p) => {
        const marca = `c${Date.now().toString(36)}`;
        await loginAs(p, 'sinodo');
        await p.goto('/pessoa');
        const pessoaId = await criarPessoa(p, { nome: 'Helmut', sobrenome: `Kirchner ${marca}` });
        const sinodoId = Number(await p.evaluate(() => localStorage.getItem('organizacaoLogadaId')));
        const fim = emDias(40);
        const ministroId = await criarPelaApi(p, 'pessoa-ministro', {
          pessoaId,
          tipoMinisterio: 'PASTORAL',
          dataOrdenacao: '2010-03-07',
          localOrdenacao: 'Catedral de Porto Alegre',
          ordenante: 'Pastor sinodal',
          chamados: [
            {
              organizacaoId: sinodoId,
              dataInicio: '2010-04-01',
              dataFimMandato: '2016-03-31',
              dataInstalacao: '2010-04-11',
              situacao: 'ENCERRADO',
            },
            {
              organizacaoId: sinodoId,
              dataInicio: '2016-04-01',
              dataFimMandato: fim.iso,
              dataInstalacao: '2016-04-10',
              situacao: 'ATIVO',
            },
          ],
        });

        await p.goto(`/pessoa-ministro/carreira/${ministroId}`);
        const tela = p.getByTestId('carreira-ministro');
        await expect.poll(() => tela.getByText(`Carreira ministerial de Helmut Kirchner ${marca}`).count()).toBe(1);
        expect(await p.title()).toBe('SIG - Carreira');

        // The alert the synod must act on, with the days left and the date.
        const alertas = p.getByTestId('alertas-carreira');
        expect(await alertas.innerText()).toContain(
          `O mandato em Sínodo Rio dos Sinos termina em 40 dias (${fim.tela}).`,
        );
        // Ordination and the post held now.
        const ordenacao = p.getByTestId('ordenacao');
        expect(await ordenacao.innerText()).toContain('07/03/2010');
        expect(await ordenacao.innerText()).toContain('Catedral de Porto Alegre');
        expect(await ordenacao.innerText()).toContain('Pastoral');
        const posto = await p.getByTestId('posto-atual').innerText();
        expect(posto).toContain('Sínodo Rio dos Sinos');
        expect(posto).toContain(`desde 01/04/2016 · instalado em 10/04/2016 · até ${fim.tela}`);
        // Both calls, newest first, with their status.
        const chamados = p.getByTestId('chamados').locator('.ant-table-row');
        expect(await chamados.count()).toBe(2);
        expect(await chamados.nth(0).innerText()).toMatch(/01\/04\/2016[\s\S]*Ativo/);
        expect(await chamados.nth(1).innerText()).toMatch(
          /01\/04\/2010[\s\S]*11\/04\/2010[\s\S]*31\/03\/2016[\s\S]*Encerrado/,
        );
        // The timeline ends with the first call, its installation before it and the ordination last.
        const historico = p.getByTestId('historico').locator('.ant-table-row');
        const passos = await historico.allInnerTexts();
        expect(passos.at(-1)).toMatch(/07\/03\/2010\s+Ordenação\s+Catedral de Porto Alegre\s+Pastor sinodal/);
        expect(passos.at(-2)).toMatch(/01\/04\/2010\s+Chamado\s+Sínodo Rio dos Sinos\s+Encerrado/);
        expect(passos.at(-3)).toMatch(/11\/04\/2010\s+Instalação/);
        expect(await violacoesGraves(p), 'career').toEqual([]);

        // The ministry certificate: a letter from the certificate template, numbered, its PDF downloaded.
        const nomeCompleto = `Helmut Kirchner ${marca}`;
        await p.getByTestId('emitir-certificado').click();
        const dialogo = p.getByRole('dialog', { name: 'Emitir certificado ministerial' });
        await escolher(p, dialogo.getByLabel('Modelo', { exact: true }), 'Certificado', 'Certificado ministerial');
        const [download] = await Promise.all([
          p.waitForEvent('download'),
          dialogo.getByRole('button', { name: 'Emitir ofício' }).click(),
        ]);
        const [, numero, anoOficio] = /^oficio-(\d+)-(\d{4})\.pdf$/.exec(download.suggestedFilename()) ?? [];
        expect(numero, download.suggestedFilename()).toBeTruthy();
        const numeroAno = `${numero}/${anoOficio}`;
        await expect
          .poll(() => p.getByText(`Ofício ${numeroAno} emitido para ${nomeCompleto}.`).count())
          .toBeGreaterThan(0);
        const pdf = await readFile(await download.path());
        expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
        const texto = semEspacos(textoDoPdf(pdf));
        for (const esperado of [
          `Ofício nº ${numeroAno}`,
          `Certificado ministerial de ${nomeCompleto}`,
          'Catedral de Porto Alegre',
        ])
          expect(texto).toContain(semEspacos(esperado));
        // The letter issued is on the issued letters' list with its number, its text merged from the career.
        await p.goto(`/template-oficio/emitidos?destinatario=${encodeURIComponent(nomeCompleto)}`);
        const carta = linha(p, 'Certificado ministerial');
        await expect.poll(() => carta.count()).toBe(1);
        expect(await carta.innerText()).toContain(numeroAno);
        expect(await carta.innerText()).toContain(nomeCompleto);
        type Emitido = { id: number; numeroAno: string; destinatario: string };
        const emitidos = (
          await api<{ itens: Emitido[] }>(
            p,
            'GET',
            `oficio/paginado?destinatario=${encodeURIComponent(nomeCompleto)}&quantidade=10`,
          )
        ).corpo.itens;
        expect(emitidos.map((o) => o.numeroAno)).toEqual([numeroAno]);
        const oficio = (await api<{ texto: string }>(p, 'GET', `oficio/${emitidos[0]!.id}`)).corpo;
        expect(oficio.texto).toContain(`${nomeCompleto}, registro ministerial`);
        expect(oficio.texto).toContain(
          'ministério Pastoral em 7 de março de 2010, em Catedral de Porto Alegre, pela imposição de mãos de Pastor sinodal',
        );
        expect(await violacoesGraves(p), 'issued certificate').toEqual([]);

        // The synod's alerts list names the pastor, and opens the career again.
        await p.goto('/pessoa-ministro');
        await expect.poll(() => p.title()).toBe('SIG - Alertas de carreira ministerial');
        const nome = p.getByTestId('alertas-ministros').getByRole('link', { name: `Helmut Kirchner ${marca}` });
        // Ordered by the days left, overdue first: a term ending in 40 days is on the first page.
        await expect.poll(() => nome.count()).toBe(1);
        const minha = p
          .getByTestId('alertas-ministros')
          .locator('.ant-table-row')
          .filter({ has: p.getByRole('link', { name: `Helmut Kirchner ${marca}` }) });
        expect(await minha.innerText()).toMatch(new RegExp(`Pastoral[\\s\\S]*Mandato terminando[\\s\\S]*${fim.tela}`));
        expect(await violacoesGraves(p), 'alerts').toEqual([]);
        await nome.click();
        await p.waitForURL((u) => u.pathname === `/pessoa-ministro/carreira/${ministroId}`, { waitUntil: 'commit' });
      }),
    120_000,
  );
});
