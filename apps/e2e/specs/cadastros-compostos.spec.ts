import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { escolher, escolherOpcao } from '../fixtures/formularios.js';
import { comPagina, linha, loginAs, usarNavegador, violacoesGraves } from '../fixtures/navegador.js';

const navegador = usarNavegador();

const form = (p: Page) => p.getByTestId('form-cadastro');

async function salvarEVoltar(p: Page, lista: string) {
  await p.getByRole('button', { name: 'Salvar' }).click();
  await p.waitForURL((u) => u.pathname === lista, { waitUntil: 'commit' });
  await expect.poll(() => p.getByText('Registro salvo.').count()).toBeGreaterThan(0);
}

describe('[CADASTROS] registries with sub-records, trees and hierarchy', () => {
  it('[CADASTROS] a characteristic is saved with its options and shown view-only', () =>
    comPagina(navegador, 'caracteristica-opcoes', async (p) => {
      const nome = `Tamanho E2E ${Date.now()}`;
      await loginAs(p, 'admin');
      await p.goto('/caracteristica/form');
      await form(p).getByLabel('Nome', { exact: true }).fill(nome);
      const opcoes = p.getByTestId('filhos-opcoes');
      await opcoes.getByRole('button', { name: 'Adicionar: Opções' }).click();
      await opcoes.getByRole('button', { name: 'Adicionar: Opções' }).click();
      const chaves = opcoes.getByLabel('Chave', { exact: true });
      const valores = opcoes.getByLabel('Valor', { exact: true });
      await chaves.nth(0).fill('P');
      await valores.nth(0).fill('Pequena');
      // A repeated key is refused on its item before anything is sent.
      await chaves.nth(1).fill('p');
      await valores.nth(1).fill('Pequenina');
      await p.getByRole('button', { name: 'Salvar' }).click();
      await expect.poll(() => opcoes.getByText('Este valor já foi informado em outro item.').count()).toBe(1);
      expect(await violacoesGraves(p), 'form with items').toEqual([]);
      await chaves.nth(1).fill('G');
      await valores.nth(1).fill('Grande');
      await salvarEVoltar(p, '/caracteristica');

      await p.getByTestId('filtros').getByLabel('Nome', { exact: true }).fill(nome);
      await p.getByRole('button', { name: 'Buscar' }).click();
      await linha(p, nome).getByRole('button', { name: 'Visualizar' }).click();
      await p.waitForURL(/\/caracteristica\/form\/\d+\/visualizacao$/, { waitUntil: 'commit' });
      await expect.poll(() => chaves.nth(1).inputValue()).toBe('G');
      expect(await valores.nth(0).inputValue()).toBe('Pequena');
      expect(await chaves.nth(0).isDisabled()).toBe(true);
      expect(await opcoes.getByRole('button', { name: 'Adicionar: Opções' }).count()).toBe(0);
    }));

  it('[CADASTROS] a team needs a participant, picked among the users', () =>
    comPagina(navegador, 'time-participantes', async (p) => {
      const nome = `Equipe E2E ${Date.now()}`;
      await loginAs(p, 'admin');
      await p.goto('/time/form');
      await form(p).getByLabel('Nome', { exact: true }).fill(nome);
      await expect
        .poll(async () => {
          await p.getByRole('button', { name: 'Salvar' }).click();
          return p.getByText('Selecione no mínimo 1 item em Participantes.').count();
        })
        .toBe(1);
      const participantes = p.getByTestId('filhos-participantes');
      await participantes.getByRole('button', { name: 'Adicionar: Participantes' }).click();
      await escolher(p, participantes.getByLabel('Usuário', { exact: true }), 'atendimento', 'atendimento@sig.local');
      await salvarEVoltar(p, '/time');
      await p.getByTestId('filtros').getByLabel('Nome', { exact: true }).fill(nome);
      await p.getByRole('button', { name: 'Buscar' }).click();
      await linha(p, nome).getByRole('button', { name: 'Editar' }).click();
      await expect.poll(() => participantes.textContent()).toContain('atendimento@sig.local');
    }));

  it('[CADASTROS] a contribution category checks the due day against the month and takes money in reais', () =>
    comPagina(navegador, 'categoria-contribuicao', async (p) => {
      const nome = `Categoria E2E ${Date.now()}`;
      await loginAs(p, 'sinodo');
      await p.goto('/categorias-contribuicao/form');
      const f = form(p);
      await f.getByLabel('Nome', { exact: true }).fill(nome);
      await f.getByLabel('Valor', { exact: true }).fill('35,50');
      await escolherOpcao(p, f.getByLabel('Periodicidade da contribuição'), 'Mensal');
      await escolherOpcao(p, f.getByLabel('Periodicidade da cobrança'), 'Anual');
      await f.getByLabel('Dia de vencimento padrão').fill('30');
      await f.getByLabel('Mês de vencimento padrão').fill('2');
      await p.getByRole('button', { name: 'Salvar' }).click();
      await expect.poll(() => p.getByText('O dia informado não existe no mês.').count()).toBe(1);
      await f.getByLabel('Dia de vencimento padrão').fill('28');
      await f.getByLabel('Acessível pela hierarquia').click();
      await salvarEVoltar(p, '/categorias-contribuicao');
      await expect.poll(() => linha(p, nome).count()).toBe(1);
      expect(await linha(p, nome).textContent()).toMatch(/R\$\s35,50/);
      expect(await linha(p, nome).textContent()).toContain('Sínodo Rio dos Sinos');

      // The parish below sees the shared category, read-only (a session of its own).
      await comPagina(navegador, 'categoria-contribuicao-paroquia', async (q) => {
        await loginAs(q, 'paroquia');
        await q.goto('/categorias-contribuicao');
        await expect.poll(() => linha(q, nome).count()).toBe(1);
        expect(await linha(q, nome).getByRole('button', { name: 'Editar' }).count()).toBe(0);
        expect(await linha(q, nome).getByRole('button', { name: 'Visualizar' }).count()).toBe(1);
      });
    }));

  it('[CADASTROS] the city form brings the country from its address', () =>
    comPagina(navegador, 'cidade-pais', async (p) => {
      await loginAs(p, 'admin');
      await p.goto('/pais');
      await linha(p, 'Brasil').waitFor();
      await linha(p, 'Brasil').getByRole('button', { name: 'Visualizar' }).click();
      await p.waitForURL(/\/pais\/form\/\d+\/visualizacao$/, { waitUntil: 'commit' });
      const paisId = /\/pais\/form\/(\d+)\//.exec(p.url())![1];
      await p.goto(`/cidade/form/0/${paisId}`);
      // The country select shows Brasil before anything is typed.
      await expect.poll(() => form(p).textContent()).toContain('Brasil');
      await form(p).getByLabel('Nome', { exact: true }).fill(`Cidade E2E ${Date.now()}`);
      await salvarEVoltar(p, '/cidade');
    }));
});
