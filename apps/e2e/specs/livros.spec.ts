import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { criarPelaApi, escolher, preencherData } from '../fixtures/formularios.js';
import { comPagina, loginAs, usarNavegador, violacoesGraves } from '../fixtures/navegador.js';

const navegador = usarNavegador();

async function periodo(p: Page) {
  const f = p.getByTestId('filtros');
  await preencherData(f.getByLabel('Período de', { exact: true }), '01/05/2024');
  await preencherData(f.getByLabel('Período até', { exact: true }), '31/05/2024');
}

/** The download a click starts. */
async function baixar(p: Page, botao: string) {
  const [d] = await Promise.all([p.waitForEvent('download'), p.getByRole('button', { name: botao }).click()]);
  return d;
}

describe('[FINANCEIRO] the books read back', () => {
  it('[FINANCEIRO] the treasurer reads the month by account and cost centre and exports the accounting file', () =>
    comPagina(navegador, 'livros', async (p) => {
      const marca = `l${Date.now().toString(36)}`;
      await loginAs(p, 'tesouraria');
      await p.goto('/relatorio-financeiro');
      const caixa = await criarPelaApi(p, 'conta-caixa', {
        nome: `Caixa ${marca}`,
        tipoContaCaixa: 'CAIXA',
        codigoContabil: '1.1.01',
        saldoInicial: '100.00',
        dataSaldoInicial: '2024-01-01',
      });
      const plano = await criarPelaApi(p, 'plano-de-conta', {
        codigoInterno: marca,
        codigoContabil: '3.01.001',
        nome: `Ofertas ${marca}`,
        tipoPlanoConta: 'ANALITICA',
        naturezaPlanoConta: 'RECEITA',
      });
      const centro = await criarPelaApi(p, 'controle-gerencial', { codigo: marca, nome: `Templo ${marca}` });
      await criarPelaApi(p, 'periodo-contabil', {
        contaCaixaId: caixa,
        dataInicio: '2024-05-01',
        dataFim: '2024-05-31',
      });
      await criarPelaApi(p, 'lancamento-caixa', {
        data: '2024-05-05',
        tipo: 'ENTRADA',
        contaCaixaId: caixa,
        planoContaId: plano,
        controleGerencialId: centro,
        valor: '80.00',
        historico: `Oferta ${marca}`,
      });

      // Financial report: the account's month on screen, then as PDF.
      await periodo(p);
      await escolher(p, p.getByTestId('filtros').getByLabel('Conta caixa', { exact: true }), marca, `Caixa ${marca}`);
      await p.getByRole('button', { name: 'Consultar' }).click();
      const contas = p.getByTestId('relatorio-contas');
      await expect.poll(() => contas.getByText(`Caixa ${marca}`).count()).toBe(1);
      expect(await p.getByTestId('total-saldoAnterior').textContent()).toMatch(/R\$\s100,00/);
      expect(await p.getByTestId('total-entradas').textContent()).toMatch(/R\$\s80,00/);
      expect(await p.getByTestId('total-saldoFinal').textContent()).toMatch(/R\$\s180,00/);
      expect(await p.getByTestId('relatorio-planos').getByText(`Ofertas ${marca}`).count()).toBe(1);
      expect(await violacoesGraves(p), 'financial report').toEqual([]);
      const pdf = await baixar(p, 'PDF');
      expect((await readFile((await pdf.path())!)).subarray(0, 5).toString()).toBe('%PDF-');

      // A period that ends before it starts is refused on the form.
      await preencherData(p.getByTestId('filtros').getByLabel('Período até', { exact: true }), '01/04/2024');
      await p.getByRole('button', { name: 'Consultar' }).click();
      await expect
        .poll(() => p.getByText('A data final não pode ser anterior à data inicial.').count())
        .toBeGreaterThan(0);

      // Management report: the cost centre with its month.
      await p.goto('/relatorio-gerencial');
      await periodo(p);
      await p.getByRole('button', { name: 'Consultar' }).click();
      const centroLinha = p
        .getByTestId('relatorio-gerencial')
        .locator('.ant-table-row')
        .filter({ hasText: `Templo ${marca}` });
      await expect.poll(() => centroLinha.count()).toBe(1);
      expect(await centroLinha.textContent()).toMatch(/R\$\s80,00/);

      // The accounting file of the month.
      await p.goto('/lancamento-caixa/formExportar');
      await expect.poll(() => p.title()).toBe('SIG - Exportação do arquivo contábil');
      await periodo(p);
      const arquivo = await baixar(p, 'Exportar arquivo');
      const linhas = (await readFile((await arquivo.path())!, 'utf8')).split('\r\n');
      expect(linhas[0]).toMatch(/^H;1;/);
      expect(linhas).toContain(
        `L;1;05/05/2024;1.1.01;3.01.001;80,00;Oferta ${marca};;${marca};${linhas[1]?.split(';')[9]}`,
      );
      expect(linhas.at(-2)).toBe('T;1;80,00');
      await expect.poll(() => p.getByTestId('estado-documento').textContent()).toContain('1 lançamento');
      expect(await violacoesGraves(p), 'export').toEqual([]);
    }));

  it('[FINANCEIRO] the financial indicator shows this month’s money in by ledger account', () =>
    comPagina(navegador, 'indicador-financeiro', async (p) => {
      const marca = `i${Date.now().toString(36)}`;
      const hoje = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date());
      const [ano, mes] = hoje.split('-').map(Number) as [number, number];
      const fim = new Date(Date.UTC(ano, mes, 0)).toISOString().slice(0, 10);
      await loginAs(p, 'tesouraria');
      await p.goto('/indicadores/financeiros');
      const caixa = await criarPelaApi(p, 'conta-caixa', {
        nome: `Caixa ${marca}`,
        tipoContaCaixa: 'CAIXA',
        dataSaldoInicial: `${hoje.slice(0, 8)}01`,
      });
      const plano = await criarPelaApi(p, 'plano-de-conta', {
        codigoInterno: marca,
        nome: `Doações ${marca}`,
        tipoPlanoConta: 'ANALITICA',
        naturezaPlanoConta: 'RECEITA',
      });
      await criarPelaApi(p, 'periodo-contabil', {
        contaCaixaId: caixa,
        dataInicio: `${hoje.slice(0, 8)}01`,
        dataFim: fim,
      });
      await criarPelaApi(p, 'lancamento-caixa', {
        data: hoje,
        tipo: 'ENTRADA',
        contaCaixaId: caixa,
        planoContaId: plano,
        valor: '1234.00',
        historico: `Doação ${marca}`,
      });
      await p.reload();
      const porConta = p.getByTestId('grafico-entradasPorConta');
      await porConta.getByRole('button', { name: 'Ver como tabela' }).click();
      const linha = porConta.locator('tbody tr.ant-table-row').filter({ hasText: `Doações ${marca}` });
      await expect.poll(() => linha.count()).toBe(1);
      expect(await linha.textContent()).toMatch(/1\.234,00/);
      expect(await p.getByTestId('total-entradas').textContent()).toMatch(/R\$/);
      expect(await violacoesGraves(p), 'indicator').toEqual([]);
    }));
});
