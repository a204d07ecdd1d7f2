import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { escolher } from '../fixtures/formularios.js';
import { comPagina, linha, loginAs, usarNavegador, violacoesGraves } from '../fixtures/navegador.js';

const navegador = usarNavegador();

const DUPLICADO = 'Você já informou este documento.';

const form = (p: Page) => p.getByTestId('form-pessoa');
const dados = (p: Page, rotulo: string) => p.getByTestId('aba-dados').getByLabel(rotulo, { exact: true });
const filho = (p: Page, colecao: string, rotulo: string) =>
  p.getByTestId(`filhos-${colecao}`).getByLabel(rotulo, { exact: true });
const aba = (p: Page, nome: string) => form(p).getByRole('tab', { name: nome });

/** A fresh valid CPF (nine random digits and their check digits): each run creates new people. */
function cpfValido(): string {
  const base = Array.from({ length: 9 }, () => Math.floor(Math.random() * 10));
  const digito = (ns: number[]) => {
    const r = (ns.reduce((s, n, i) => s + n * (ns.length + 1 - i), 0) * 10) % 11;
    return r === 10 ? 0 : r;
  };
  const d1 = digito(base);
  return [...base, d1, digito([...base, d1])].join('');
}
const mascarado = (cpf: string) => cpf.replace(/(\d{3})(\d{3})(\d{3})(\d{2})/, '$1.$2.$3-$4');

/** Saving an empty form only validates, so the click is retried until the form has mounted. */
async function salvarAteErro(p: Page, erro: string) {
  await expect
    .poll(async () => {
      await p.getByRole('button', { name: 'Salvar' }).click();
      return p.getByText(erro).count();
    })
    .toBe(1);
}

async function novaPessoa(p: Page, nome: string, sobrenome: string, cpf: string) {
  await p.getByTestId('novo').click();
  await p.waitForURL('**/pessoa/form', { waitUntil: 'commit' });
  await dados(p, 'Nome').fill(nome);
  await dados(p, 'Sobrenome').fill(sobrenome);
  await dados(p, 'CPF').fill(cpf);
}

async function salvarEVoltar(p: Page) {
  await p.getByRole('button', { name: 'Salvar' }).click();
  await p.waitForURL((u) => u.pathname === '/pessoa', { waitUntil: 'commit' });
  await expect.poll(() => p.getByText('Registro salvo.').count()).toBeGreaterThan(0);
}

async function buscar(p: Page, termo: string) {
  await p.getByTestId('filtros').getByLabel('Nome', { exact: true }).fill(termo);
  await p.getByRole('button', { name: 'Buscar' }).click();
  await p.waitForURL((u) => u.searchParams.get('nome') === termo, { waitUntil: 'commit' });
}

describe('[PESSOAS] the people registry', () => {
  // The registry's longest story (people saved, searched, edited and viewed): 45–66 s on
  // a busy machine, over the suite's 60 s default.
  it(
    '[PESSOAS] the synod secretary registers a person with address, contact and family, finds, edits and views them',
    () =>
      comPagina(navegador, 'pessoas-ciclo', async (p) => {
        // One word unique to this run, so the searches below find only today's people.
        const marca = `x${Date.now().toString(36)}`;
        const cpf = cpfValido();
        await loginAs(p, 'sinodo');
        await p.goto('/pessoa');
        await p.getByTestId('filtros').waitFor();
        expect(await p.title()).toBe('SIG - Pessoas');
        await expect.poll(() => p.locator('.ant-table-row').count()).toBeGreaterThan(0);
        expect(await violacoesGraves(p), 'list').toEqual([]);

        // The relative comes first, so the family tab can point at them.
        await novaPessoa(p, 'Mário', `Ávila ${marca}`, cpfValido());
        await salvarEVoltar(p);

        await p.getByTestId('novo').click();
        await p.waitForURL('**/pessoa/form', { waitUntil: 'commit' });
        await dados(p, 'Nome').fill('Júlia');
        await salvarAteErro(p, 'Por favor, informe o campo Sobrenome');
        expect(await violacoesGraves(p), 'form').toEqual([]);
        await dados(p, 'Sobrenome').fill(`Conceição ${marca}`);
        await dados(p, 'CPF').fill(cpf);
        expect(await dados(p, 'CPF').inputValue()).toBe(mascarado(cpf));
        await dados(p, 'Data de nascimento').fill('15/03/1985');
        await dados(p, 'Data de nascimento').press('Enter');
        // The organization defaults to the one the user acts for.
        expect(await p.getByTestId('aba-dados').getByText('Sínodo Rio dos Sinos').count()).toBe(1);

        await aba(p, 'Endereços').click();
        await form(p).getByRole('button', { name: 'Adicionar: Endereços' }).click();
        await filho(p, 'enderecos', 'CEP').fill('93010000');
        expect(await filho(p, 'enderecos', 'CEP').inputValue()).toBe('93010-000');
        await filho(p, 'enderecos', 'Logradouro').fill('Rua Independência');

        await aba(p, 'Contatos').click();
        await form(p).getByRole('button', { name: 'Adicionar: Contatos' }).click();
        await escolher(p, filho(p, 'contatos', 'Tipo de contato'), 'E-mail', 'E-mail');
        await filho(p, 'contatos', 'Valor').fill(`julia.${marca}@sig.local`);

        await aba(p, 'Família').click();
        await form(p).getByRole('button', { name: 'Adicionar: Família' }).click();
        await escolher(p, filho(p, 'familia', 'Parente'), `avila ${marca}`, `Mário Ávila ${marca}`);
        await escolher(p, filho(p, 'familia', 'Grau de parentesco'), 'Irmão', 'Irmão(ã)');
        await salvarEVoltar(p);

        // Part of the name, without its accents, finds her.
        const nome = `Júlia Conceição ${marca}`;
        await buscar(p, `conceicao ${marca}`);
        // The previous page stays on screen while the filtered one loads: wait for the single row.
        await expect.poll(() => p.locator('.ant-table-row').count()).toBe(1);
        expect(await linha(p, nome).count()).toBe(1);
        expect(
          await linha(p, nome)
            .getByRole('cell', { name: mascarado(cpf), exact: true })
            .count(),
        ).toBe(1);
        expect(await linha(p, nome).getByRole('cell', { name: '15/03/1985', exact: true }).count()).toBe(1);

        await linha(p, nome).getByRole('button', { name: 'Editar' }).click();
        await p.waitForURL(/\/pessoa\/form\/\d+$/, { waitUntil: 'commit' });
        await expect.poll(() => dados(p, 'Sobrenome').inputValue()).toBe(`Conceição ${marca}`);
        await aba(p, 'Endereços').click();
        expect(await filho(p, 'enderecos', 'CEP').inputValue()).toBe('93010-000');
        await aba(p, 'Família').click();
        await expect.poll(() => p.getByTestId('filhos-familia').getByText('Irmão(ã)').count()).toBe(1);
        await aba(p, 'Dados gerais').click();
        await dados(p, 'Nome').fill('Júlia Maria');
        await p.getByRole('button', { name: 'Salvar' }).click();
        // The list comes back with its filter, and the new name still matches it.
        await p.waitForURL((u) => u.pathname === '/pessoa' && u.searchParams.get('nome') === `conceicao ${marca}`, {
          waitUntil: 'commit',
        });
        const editado = `Júlia Maria Conceição ${marca}`;
        await expect.poll(() => linha(p, editado).count()).toBe(1);

        await linha(p, editado).getByRole('button', { name: 'Visualizar' }).click();
        await p.waitForURL(/\/pessoa\/form\/\d+\/visualizacao$/, { waitUntil: 'commit' });
        await expect.poll(() => dados(p, 'Nome').inputValue()).toBe('Júlia Maria');
        expect(await dados(p, 'Nome').isDisabled()).toBe(true);
        expect(await dados(p, 'CPF').isDisabled()).toBe(true);
        await aba(p, 'Contatos').click();
        expect(await filho(p, 'contatos', 'Valor').isDisabled()).toBe(true);
        expect(await form(p).getByRole('button', { name: 'Adicionar: Contatos' }).count()).toBe(0);
        expect(await p.getByRole('button', { name: 'Salvar' }).count()).toBe(0);
        await p.getByRole('button', { name: 'Voltar' }).click();
        await p.waitForURL((u) => u.pathname === '/pessoa', { waitUntil: 'commit' });

        // The same CPF again is refused on the CPF field, and the form opens the tab that holds it.
        await novaPessoa(p, 'Outra', `Pessoa ${marca}`, cpf);
        await aba(p, 'Contatos').click();
        await p.getByRole('button', { name: 'Salvar' }).click();
        await expect.poll(() => p.getByTestId('aba-dados').getByText(DUPLICADO).count()).toBe(1);
        expect(await form(p).getByRole('tab', { name: 'Dados gerais', selected: true }).count()).toBe(1);
        expect(await aba(p, 'Dados gerais').getByRole('img', { name: '1 campo com erro' }).count()).toBe(1);
        const itemCpf = p
          .getByTestId('aba-dados')
          .locator('.ant-form-item')
          .filter({ has: p.getByLabel('CPF', { exact: true }) });
        expect(await itemCpf.getByText(DUPLICADO).count()).toBe(1);
        expect(new URL(p.url()).pathname).toBe('/pessoa/form');
      }),
    120_000,
  );

  it('[PESSOAS] the list refuses a birth range that ends before it starts and exports the filtered set', () =>
    comPagina(navegador, 'pessoas-filtros', async (p) => {
      await loginAs(p, 'sinodo');
      await p.goto('/pessoa');
      const filtros = p.getByTestId('filtros');
      // Tab commits a typed date; Enter would also run the search at once.
      await filtros.getByLabel('Nascimento de', { exact: true }).fill('10/01/2000');
      await filtros.getByLabel('Nascimento de', { exact: true }).press('Tab');
      await filtros.getByLabel('Nascimento até', { exact: true }).fill('01/01/2000');
      await filtros.getByLabel('Nascimento até', { exact: true }).press('Tab');
      await p.getByRole('button', { name: 'Buscar' }).click();
      await expect.poll(() => filtros.getByText('A data final não pode ser anterior à data inicial.').count()).toBe(1);
      expect(new URL(p.url()).searchParams.get('nascimentoAte')).toBeNull();

      await filtros.getByLabel('Nascimento até', { exact: true }).fill('31/12/2000');
      await filtros.getByLabel('Nascimento até', { exact: true }).press('Tab');
      await p.getByRole('button', { name: 'Buscar' }).click();
      await p.waitForURL((u) => u.searchParams.get('nascimentoAte') === '2000-12-31', { waitUntil: 'commit' });
      expect(new URL(p.url()).searchParams.get('nascimentoDe')).toBe('2000-01-10');
      const [download] = await Promise.all([
        p.waitForEvent('download'),
        p.getByRole('button', { name: 'Exportar CSV' }).click(),
      ]);
      expect(download.suggestedFilename()).toMatch(/^pessoas-.*\.csv$/);
    }));
});
