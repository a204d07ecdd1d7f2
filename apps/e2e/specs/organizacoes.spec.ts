import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { escolher } from '../fixtures/formularios.js';
import { comPagina, loginAs, usarNavegador } from '../fixtures/navegador.js';

const navegador = usarNavegador();

// The demo seed: Rio dos Sinos is the 12th synod; its first parish is the 12th one created.
const SINODO = 'Sínodo Rio dos Sinos';
const PAROQUIA = 'Paróquia da Reconciliação - Canguçu';
const CNPJ_INVALIDO = 'CNPJ inválido.';

/** The row whose first column (nome fantasia) is the text; the "superior" column may repeat it. */
const linha = (p: Page, texto: string) =>
  p.locator('.ant-table-row').filter({ has: p.locator('td:first-child').getByText(texto, { exact: true }) });
const form = (p: Page) => p.getByTestId('form-organizacao');
const campo = (p: Page, rotulo: string) => form(p).getByLabel(rotulo, { exact: true });

async function buscar(p: Page, termo: string) {
  await p.getByTestId('filtros').getByLabel('Busca', { exact: true }).fill(termo);
  await p.getByRole('button', { name: 'Buscar' }).click();
  await p.waitForURL((u) => u.searchParams.get('busca') === termo, { waitUntil: 'commit' });
}

/** A fresh valid CNPJ (twelve random digits and their check digits): each run creates a new one. */
function cnpjValido(): string {
  const base = Array.from({ length: 12 }, () => Math.floor(Math.random() * 10));
  const digito = (ns: number[]) => {
    const pesos = ns.length === 12 ? [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2] : [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
    const r = ns.reduce((s, n, i) => s + n * pesos[i]!, 0) % 11;
    return r < 2 ? 0 : 11 - r;
  };
  const d1 = digito(base);
  return [...base, d1, digito([...base, d1])].join('');
}

describe('[ORGANIZACOES] the organization registry', () => {
  it('[ORGANIZACOES] the synod secretary lists, creates, finds, edits and views a community', () =>
    comPagina(navegador, 'organizacoes-ciclo', async (p) => {
      const nome = `Comunidade E2E ${Date.now()}`;
      await loginAs(p, 'sinodo');
      await p.goto('/organizacao');
      await buscar(p, 'Sínodo');
      await linha(p, SINODO).waitFor();
      // Only the synod it acts for: the other synods are outside its scope.
      await expect.poll(() => p.locator('.ant-table-row').count()).toBe(1);
      await buscar(p, 'Canguçu');
      await linha(p, PAROQUIA).waitFor();

      await p.getByTestId('novo').click();
      await p.waitForURL('**/organizacao/form', { waitUntil: 'commit' });
      await campo(p, 'Razão social').fill(`${nome} Ltda`);
      await campo(p, 'Nome fantasia').fill(nome);
      await escolher(p, campo(p, 'Tipo de organização'), 'Comunidade', 'Comunidade');
      await escolher(p, campo(p, 'Organização superior'), 'Reconciliação', PAROQUIA);
      // The CNPJ is typed through its mask and its check digits are verified before sending.
      await campo(p, 'CNPJ').fill('11222333000180');
      expect(await campo(p, 'CNPJ').inputValue()).toBe('11.222.333/0001-80');
      await p.getByRole('button', { name: 'Salvar' }).click();
      await expect.poll(() => p.getByText(CNPJ_INVALIDO).count()).toBe(1);
      const cnpj = cnpjValido();
      await campo(p, 'CNPJ').fill(cnpj);
      await expect.poll(() => p.getByText(CNPJ_INVALIDO).count()).toBe(0);

      await form(p).getByRole('tab', { name: 'Endereços' }).click();
      await form(p).getByRole('button', { name: 'Adicionar Endereço' }).click();
      await campo(p, 'CEP').fill('93010000');
      await campo(p, 'Logradouro').fill('Rua Independência');

      await form(p).getByRole('tab', { name: 'Contatos' }).click();
      await form(p).getByRole('button', { name: 'Adicionar Contato' }).click();
      await escolher(p, campo(p, 'Tipo de contato'), 'E-mail', 'E-mail');
      await campo(p, 'Valor').fill('comunidade.e2e@sig.local');

      await p.getByRole('button', { name: 'Salvar' }).click();
      await p.waitForURL((u) => u.pathname === '/organizacao', { waitUntil: 'commit' });
      await expect.poll(() => p.getByText('Registro salvo.').count()).toBeGreaterThan(0);

      await buscar(p, nome);
      await expect.poll(() => linha(p, nome).count()).toBe(1);
      expect(await linha(p, nome).getByRole('cell', { name: PAROQUIA, exact: true }).count()).toBe(1);

      await linha(p, nome).getByRole('button', { name: 'Editar' }).click();
      await p.waitForURL(/\/organizacao\/form\/\d+$/, { waitUntil: 'commit' });
      await expect.poll(() => campo(p, 'Nome fantasia').inputValue()).toBe(nome);
      expect((await campo(p, 'CNPJ').inputValue()).replace(/\D/g, '')).toBe(cnpj);
      await form(p).getByRole('tab', { name: 'Endereços' }).click();
      expect(await campo(p, 'CEP').inputValue()).toBe('93010-000');
      expect(await campo(p, 'Logradouro').inputValue()).toBe('Rua Independência');
      await form(p).getByRole('tab', { name: 'Contatos' }).click();
      expect(await campo(p, 'Valor').inputValue()).toBe('comunidade.e2e@sig.local');

      await form(p).getByRole('tab', { name: 'Dados' }).click();
      const editado = `${nome} editada`;
      await campo(p, 'Nome fantasia').fill(editado);
      await p.getByRole('button', { name: 'Salvar' }).click();
      await p.waitForURL((u) => u.pathname === '/organizacao' && u.searchParams.get('busca') === nome, {
        waitUntil: 'commit',
      });
      await expect.poll(() => linha(p, editado).count()).toBe(1);

      await linha(p, editado).getByRole('button', { name: 'Visualizar' }).click();
      await p.waitForURL(/\/organizacao\/form\/\d+\/visualizacao$/, { waitUntil: 'commit' });
      await expect.poll(() => campo(p, 'Nome fantasia').inputValue()).toBe(editado);
      expect(await campo(p, 'Nome fantasia').isDisabled()).toBe(true);
      expect(await p.getByRole('button', { name: 'Salvar' }).count()).toBe(0);
      await p.getByRole('button', { name: 'Voltar' }).click();
      await p.waitForURL((u) => u.pathname === '/organizacao', { waitUntil: 'commit' });
    }));

  it('[ORGANIZACOES] field rules: the parish secretary cannot change the CNPJ nor see the statute', () =>
    comPagina(navegador, 'organizacoes-campos', async (p) => {
      await loginAs(p, 'paroquia');
      await p.goto('/organizacao');
      await buscar(p, 'Canguçu');
      await linha(p, PAROQUIA).waitFor();
      expect(await p.getByTestId('novo').count()).toBe(0);
      expect(await linha(p, PAROQUIA).getByRole('button', { name: 'Excluir' }).count()).toBe(0);

      await linha(p, PAROQUIA).getByRole('button', { name: 'Editar' }).click();
      await p.waitForURL(/\/organizacao\/form\/\d+$/, { waitUntil: 'commit' });
      await expect.poll(() => campo(p, 'Nome fantasia').inputValue()).toBe(PAROQUIA);
      expect(await campo(p, 'Nome fantasia').isDisabled()).toBe(false);
      expect(await campo(p, 'CNPJ').isDisabled()).toBe(true);
      expect(await form(p).getByText('Registro do estatuto').count()).toBe(0);
      expect(await p.getByRole('button', { name: 'Salvar' }).count()).toBe(1);
    }));
});
