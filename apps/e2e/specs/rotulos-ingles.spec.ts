import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { api } from '../fixtures/api.js';
import { criarPessoa } from '../fixtures/formularios.js';
import { comPagina, linha, loginAs, usarNavegador } from '../fixtures/navegador.js';

const navegador = usarNavegador();

/** The text an antd select of the general data shows for its choice. */
const escolhido = (p: Page, rotulo: string) =>
  p
    .getByTestId('aba-dados')
    .getByLabel(rotulo, { exact: true })
    .locator('xpath=ancestor::div[contains(concat(" ", normalize-space(@class), " "), " ant-select ")][1]')
    .innerText();

describe('[PESSOAS] seeded reference data in English', () => {
  it('[PESSOAS] an English reader sees the situation and type in English, on the form and in the list', () =>
    comPagina(navegador, 'rotulos-ingles', async (p) => {
      const marca = `Bilingual${Date.now().toString(36)}`;
      await loginAs(p, 'sinodo');
      const opcao = async (recurso: string, label: string) =>
        (await api<{ value: number; label: string }[]>(p, 'GET', `${recurso}/select`)).corpo.find(
          (o) => o.label === label,
        )!.value;
      const id = await criarPessoa(p, {
        nome: 'Ingrid',
        sobrenome: marca,
        situacaoId: await opcao('situacao', 'Ativo'),
        tipoPessoaId: await opcao('tipo-pessoa', 'Membro'),
      });
      await p.evaluate(() => localStorage.setItem('idioma', 'en'));

      await p.goto(`/pessoa/form/${id}`);
      await expect.poll(() => escolhido(p, 'Situation')).toContain('Active');
      await expect.poll(() => escolhido(p, 'Person type')).toContain('Member');
      expect(await escolhido(p, 'Situation')).not.toContain('Ativo');

      await p.goto(`/pessoa?nome=${marca}`);
      const pessoa = linha(p, `Ingrid ${marca}`);
      await expect.poll(() => pessoa.count()).toBe(1);
      expect(await pessoa.textContent()).toContain('Member');
      expect(await pessoa.textContent()).not.toContain('Membro');
    }));
});
