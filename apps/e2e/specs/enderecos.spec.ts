import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { api } from '../fixtures/api.js';
import { criarPessoa, escolher, opcoesDe } from '../fixtures/formularios.js';
import { comPagina, loginAs, usarNavegador, violacoesGraves } from '../fixtures/navegador.js';

const navegador = usarNavegador();

const form = (p: Page) => p.getByTestId('form-pessoa');
const endereco = (p: Page, rotulo: string) => p.getByTestId('filhos-enderecos').getByLabel(rotulo, { exact: true });
/** The text an antd select shows for its choice. */
const escolhido = (p: Page, rotulo: string) =>
  endereco(p, rotulo)
    .locator('xpath=ancestor::div[contains(concat(" ", normalize-space(@class), " "), " ant-select ")][1]')
    .innerText();

type Endereco = { cep: string | null; estadoId: number | null; cidadeId: number | null };

describe('[PESSOAS] Brazilian addresses', () => {
  it('[PESSOAS] a CEP fills state and city, the city list keeps to the state, and the history reads names', () =>
    comPagina(navegador, 'enderecos', async (p) => {
      const marca = `Endereco${Date.now().toString(36)}`;
      await loginAs(p, 'sinodo');
      const id = await criarPessoa(p, { nome: 'Gertrudes', sobrenome: marca });
      await p.goto(`/pessoa/form/${id}`);
      await form(p).getByRole('tab', { name: 'Endereços' }).click();
      await form(p).getByRole('button', { name: 'Adicionar: Endereços' }).click();

      // A CEP of Canguçu's range fills the state and the town offline.
      await endereco(p, 'CEP').fill('96600000');
      await expect.poll(() => escolhido(p, 'Estado')).toContain('Rio Grande do Sul');
      await expect.poll(() => escolhido(p, 'Cidade')).toContain('Canguçu');
      expect(await violacoesGraves(p), 'address tab').toEqual([]);

      // Under Rio Grande do Norte the city list offers its towns only: no Porto Alegre there.
      await escolher(p, endereco(p, 'Estado'), 'Rio Grande do Norte', 'Rio Grande do Norte');
      await expect.poll(() => opcoesDe(p, endereco(p, 'Cidade'), 'Natal')).toContain('Natal');
      await p.keyboard.press('Escape');
      expect(await opcoesDe(p, endereco(p, 'Cidade'), 'Porto Alegre')).not.toContain('Porto Alegre');
      await p.keyboard.press('Escape');

      // The CEP again brings Rio Grande do Sul and Canguçu back; the street completes the address.
      await endereco(p, 'CEP').fill('');
      await endereco(p, 'CEP').fill('96600000');
      await expect.poll(() => escolhido(p, 'Estado')).toContain('Rio Grande do Sul');
      await expect.poll(() => escolhido(p, 'Cidade')).toContain('Canguçu');
      await endereco(p, 'Logradouro').fill('Rua General Osório');
      await p.getByRole('button', { name: 'Salvar' }).click();
      await p.waitForURL((u) => u.pathname === '/pessoa', { waitUntil: 'commit' });

      // Stored: the address names Canguçu, of Rio Grande do Sul.
      const pessoa = (await api<{ enderecos: Endereco[] }>(p, 'GET', `pessoa/${id}`)).corpo;
      expect(pessoa.enderecos).toHaveLength(1);
      const [salvo] = pessoa.enderecos;
      expect(salvo!.cep?.replace(/\D/g, '')).toBe('96600000');
      const cidades = await api<{ value: number; label: string }[]>(
        p,
        'GET',
        `cidade/select?estadoId=${salvo!.estadoId}&busca=${encodeURIComponent('Canguçu')}`,
      );
      expect(cidades.corpo.find((c) => c.label === 'Canguçu')?.value).toBe(salvo!.cidadeId);

      // The update history shows the address by its names, not ids or a JSON blob.
      await p.goto(`/pessoa/form/${id}`);
      await p.getByRole('tab', { name: 'Histórico de atualizações' }).click();
      const historico = p.getByTestId('aba-historico');
      // Each reference's label arrives on its own request ('…' until then).
      await expect.poll(() => historico.textContent()).toContain('Canguçu');
      await expect.poll(() => historico.textContent()).toContain('Rio Grande do Sul');
      const texto = (await historico.textContent()) ?? '';
      expect(texto).toContain('Rua General Osório');
      expect(texto).not.toContain('cidadeId');
      expect(texto).not.toContain('{');
    }));
});
