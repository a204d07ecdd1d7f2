import { readFile } from 'node:fs/promises';
import type { Download, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { criarPessoa } from '../fixtures/formularios.js';
import { comPagina, loginAs, usarNavegador, violacoesGraves } from '../fixtures/navegador.js';

const navegador = usarNavegador();

/** Three people of this run (a word unique to it in their surname): two with an address, one without. */
async function criarPessoas(p: Page, marca: string) {
  const sobrenome = `Postal ${marca}`;
  const ids = [
    await criarPessoa(p, {
      nome: 'Adelaide',
      sobrenome,
      enderecos: [{ logradouro: 'Rua das Flores', numero: '10', bairro: 'Centro', cep: '93010000' }],
    }),
    await criarPessoa(p, {
      nome: 'Bernardo',
      sobrenome,
      enderecos: [{ logradouro: 'Av. Brasil', numero: '200', complemento: 'ap. 3', cep: '93020000' }],
    }),
    await criarPessoa(p, { nome: 'Cecília', sobrenome, enderecos: [] }),
  ];
  return { ids, sobrenome };
}

const conteudo = async (d: Download) => readFile(await d.path());

async function filtrarPorNome(p: Page, termo: string) {
  await p.getByTestId('filtros').getByLabel('Nome', { exact: true }).fill(termo);
}

/** The download a click starts. */
async function baixar(p: Page, botao: string) {
  const [d] = await Promise.all([p.waitForEvent('download'), p.getByRole('button', { name: botao }).click()]);
  return d;
}

describe('[ETIQUETAS] labels, the people report and personal data', () => {
  it('[ETIQUETAS] the synod secretary prints the labels of the people found, on a Pimaco 6180 sheet', () =>
    comPagina(navegador, 'etiquetas-emissao', async (p) => {
      const marca = `e${Date.now().toString(36)}`;
      await loginAs(p, 'sinodo');
      await criarPessoas(p, marca);
      await p.goto('/emissao-etiquetas');
      await p.getByTestId('filtros').waitFor();
      expect(await p.title()).toBe('SIG - Emissão de etiquetas');
      expect(await violacoesGraves(p)).toEqual([]);

      // Without a layout nothing is asked of the server.
      await p.getByRole('button', { name: 'Emitir etiquetas (PDF)' }).click();
      await expect.poll(() => p.getByText('Por favor, informe o campo Configuração de etiquetas').count()).toBe(1);

      await filtrarPorNome(p, marca);
      const layout = p.getByLabel('Configuração de etiquetas', { exact: true });
      await layout.click();
      await layout.fill('6180');
      await p
        .locator('.ant-select-dropdown:visible .ant-select-item-option')
        .filter({ hasText: 'Pimaco 6180' })
        .click();
      await expect.poll(() => p.getByText('A folha deste modelo tem 30 etiquetas').count()).toBe(1);

      const pdf = await baixar(p, 'Emitir etiquetas (PDF)');
      expect(pdf.suggestedFilename()).toMatch(/^etiquetas-.*\.pdf$/);
      expect((await conteudo(pdf)).subarray(0, 5).toString()).toBe('%PDF-');
      // Only the two with an address.
      await expect.poll(() => p.getByTestId('estado-documento').textContent()).toBe('2 etiquetas emitidas.');

      await p.getByLabel('Somente pessoas com endereço', { exact: true }).click();
      await baixar(p, 'Emitir etiquetas (PDF)');
      await expect.poll(() => p.getByTestId('estado-documento').textContent()).toBe('3 etiquetas emitidas.');

      // Nobody found: a message and no empty file.
      let baixou = false;
      p.on('download', () => {
        baixou = true;
      });
      await filtrarPorNome(p, `${marca}-ninguem`);
      await p.getByRole('button', { name: 'Emitir etiquetas (PDF)' }).click();
      await expect
        .poll(() => p.getByTestId('estado-documento').textContent())
        .toBe('Nenhuma pessoa encontrada com esses filtros: nenhum PDF foi gerado.');
      expect(baixou).toBe(false);
    }));

  it('[RELATORIOS] the people report requires a column and downloads the chosen ones as XLSX', () =>
    comPagina(navegador, 'relatorio-pessoas', async (p) => {
      const marca = `r${Date.now().toString(36)}`;
      await loginAs(p, 'sinodo');
      await criarPessoas(p, marca);
      await p.goto('/relatorios');
      const colunas = p.getByTestId('colunas');
      await colunas.getByLabel('Nome', { exact: true }).waitFor();
      expect(await p.title()).toBe('SIG - Relatório de pessoas');
      expect(await violacoesGraves(p)).toEqual([]);

      // "Select all" twice leaves none chosen, which the report refuses.
      const todas = colunas.getByLabel('Selecionar todas', { exact: true });
      await todas.check();
      await todas.uncheck();
      await p.getByRole('button', { name: 'Gerar relatório' }).click();
      await expect.poll(() => p.getByText('Escolha ao menos uma coluna.').count()).toBe(1);

      for (const c of ['Nome', 'Sobrenome', 'Cidade', 'CEP']) await colunas.getByLabel(c, { exact: true }).check();
      await expect.poll(() => p.getByText('Escolha ao menos uma coluna.').count()).toBe(0);
      await filtrarPorNome(p, marca);
      await p.getByText('XLSX (Excel)', { exact: true }).click();
      const xlsx = await baixar(p, 'Gerar relatório');
      expect(xlsx.suggestedFilename()).toMatch(/^relatorio-pessoas-.*\.xlsx$/);
      // An XLSX is a zip archive.
      expect((await conteudo(xlsx)).subarray(0, 2).toString()).toBe('PK');
      await expect.poll(() => p.getByTestId('estado-documento').textContent()).toBe('Relatório gerado com 3 pessoas.');
    }));

  it("[PESSOAS] the administrator exports a person's personal data from the form", () =>
    comPagina(navegador, 'dados-pessoais', async (p) => {
      const marca = `d${Date.now().toString(36)}`;
      await loginAs(p, 'admin');
      const { ids, sobrenome } = await criarPessoas(p, marca);
      await p.goto(`/pessoa/form/${ids[0]}/visualizacao`);
      await expect
        .poll(() => p.getByTestId('aba-dados').getByLabel('Sobrenome', { exact: true }).inputValue())
        .toBe(sobrenome);

      await p.getByRole('button', { name: 'Exportar dados pessoais' }).click();
      const [json] = await Promise.all([
        p.waitForEvent('download'),
        p.getByRole('menuitem', { name: 'JSON (dados estruturados)' }).click(),
      ]);
      expect(json.suggestedFilename()).toBe(`dados-pessoais-${ids[0]}.json`);
      const texto = (await conteudo(json)).toString('utf8');
      expect(texto).toContain('Adelaide');
      expect(texto).toContain(sobrenome);
    }));

  it('[PESSOAS] anonymizing with a reason leaves the record view-only for good', () =>
    comPagina(navegador, 'anonimizar', async (p) => {
      const marca = `a${Date.now().toString(36)}`;
      await loginAs(p, 'sinodo');
      const { ids } = await criarPessoas(p, marca);
      await p.goto(`/pessoa/form/${ids[2]}`);
      await expect
        .poll(() => p.getByTestId('aba-dados').getByLabel('Nome', { exact: true }).inputValue())
        .toBe('Cecília');
      // The synod office edits people but was not given the personal-data export.
      expect(await p.getByRole('button', { name: /Exportar dados pessoais/ }).count()).toBe(0);

      await p.getByRole('button', { name: 'Anonimizar' }).click();
      const dialogo = p.getByRole('dialog');
      await dialogo.getByText('Esta ação não pode ser desfeita.', { exact: false }).waitFor();
      await dialogo.getByLabel('Motivo', { exact: true }).fill('curto');
      await dialogo.getByRole('button', { name: 'Anonimizar' }).click();
      await expect.poll(() => dialogo.getByText('O campo Motivo deve ter no mínimo 10 caracteres.').count()).toBe(1);
      await dialogo.getByLabel('Motivo', { exact: true }).fill('Pedido da titular por e-mail (teste e2e).');
      await dialogo.getByRole('button', { name: 'Anonimizar' }).click();
      await expect.poll(() => p.getByText('Dados anonimizados.').count()).toBeGreaterThan(0);
      await dialogo.waitFor({ state: 'hidden' });
      // The record is read again: the name is gone, and it opens view-only with a notice.
      const nome = p.getByTestId('aba-dados').getByLabel('Nome', { exact: true });
      await expect.poll(() => nome.inputValue()).toBe('Pessoa anonimizada');
      expect(await p.getByTestId('aviso-anonimizada').textContent()).toContain('somente para consulta');
      expect(await nome.isDisabled()).toBe(true);
      for (const botao of ['Salvar', 'Editar', 'Excluir', 'Anonimizar'])
        expect(await p.getByRole('button', { name: botao, exact: true }).count()).toBe(0);
      expect(await violacoesGraves(p)).toEqual([]);
    }));
});
