import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { criarPessoa, escolher, escolherOpcao, preencherData, salvarE } from '../fixtures/formularios.js';
import { comPagina, loginAs, usarNavegador, violacoesGraves } from '../fixtures/navegador.js';

const navegador = usarNavegador();

const form = (p: Page) => p.getByTestId('form-pessoa');
const aba = (p: Page, nome: string) => form(p).getByRole('tab', { name: nome });
const filho = (p: Page, colecao: string, rotulo: string) =>
  p.getByTestId(`filhos-${colecao}`).getByLabel(rotulo, { exact: true });
const conta = (p: Page, rotulo: string) => p.getByTestId('conta-usuario').getByLabel(rotulo, { exact: true });

const abrirAba = (p: Page, nome: string) => aba(p, nome).click();

describe('[PESSOAS] the other tabs, the user account and the minister data', () => {
  it(
    '[PESSOAS] the synod secretary fills the work and language tabs, gives the person a login and records their ordination',
    () =>
      comPagina(navegador, 'pessoas-abas', async (p) => {
        const marca = `y${Date.now().toString(36)}`;
        await loginAs(p, 'sinodo');
        await p.goto('/pessoa');
        const id = await criarPessoa(p, { nome: 'Teodoro', sobrenome: `Brandt ${marca}` });
        await p.goto(`/pessoa/form/${id}`);
        await expect
          .poll(() => p.getByTestId('aba-dados').getByLabel('Sobrenome', { exact: true }).inputValue())
          .toBe(`Brandt ${marca}`);

        // A job that ends before it starts is refused on its tab.
        await abrirAba(p, 'Histórico profissional');
        await form(p).getByRole('button', { name: 'Adicionar: Histórico profissional' }).click();
        await filho(p, 'historicoProfissional', 'Empresa').fill('Cooperativa Vale');
        await preencherData(filho(p, 'historicoProfissional', 'Data de início'), '01/02/2010');
        await preencherData(filho(p, 'historicoProfissional', 'Data de fim'), '01/01/2009');

        await abrirAba(p, 'Idiomas');
        await form(p).getByRole('button', { name: 'Adicionar: Idiomas' }).click();
        await filho(p, 'idiomas', 'Idioma').fill('Alemão');
        await escolherOpcao(p, filho(p, 'idiomas', 'Nível de conhecimento'), 'Fluente');

        await abrirAba(p, 'Dados gerais');
        await p.getByTestId('conta-usuario').getByRole('button', { name: 'Criar conta de usuário' }).click();
        await conta(p, 'Login (e-mail)').fill(`teodoro.${marca}@sig.local`);
        await conta(p, 'Senha').fill('Inicial2026');
        await conta(p, 'Confirmação da senha').fill('Outra2026');
        await p.getByRole('button', { name: 'Salvar' }).click();
        await expect
          .poll(() => p.getByTestId('conta-usuario').getByText('A senha e a confirmação devem ser iguais.').count())
          .toBe(1);
        await conta(p, 'Confirmação da senha').fill('Inicial2026');
        await p.getByRole('button', { name: 'Salvar' }).click();
        // The form opens the tab with the remaining error.
        await expect
          .poll(() => form(p).getByRole('tab', { name: 'Histórico profissional', selected: true }).count())
          .toBe(1);
        expect(
          await p
            .getByTestId('filhos-historicoProfissional')
            .getByText('A data final não pode ser anterior à data inicial.')
            .count(),
        ).toBe(1);
        await preencherData(filho(p, 'historicoProfissional', 'Data de fim'), '31/12/2015');
        await salvarE(p, (u) => u.pathname === '/pessoa');

        // Back on the record: the tabs and the login are there, the password is not.
        await p.goto(`/pessoa/form/${id}`);
        await expect.poll(() => conta(p, 'Login (e-mail)').inputValue()).toBe(`teodoro.${marca}@sig.local`);
        expect(await conta(p, 'Senha').inputValue()).toBe('');
        await abrirAba(p, 'Idiomas');
        expect(await filho(p, 'idiomas', 'Idioma').inputValue()).toBe('Alemão');
        await abrirAba(p, 'Histórico profissional');
        expect(await filho(p, 'historicoProfissional', 'Data de fim').inputValue()).toBe('31/12/2015');

        // Minister data: its own form, reached from the tab, back to the person when saved.
        await abrirAba(p, 'Dados de ministro');
        await expect.poll(() => p.getByText('Esta pessoa não tem dados de ministro.').count()).toBe(1);
        await p.getByRole('button', { name: 'Cadastrar dados de ministro' }).click();
        await p.waitForURL(/\/pessoa-ministro\/form\?pessoaId=\d+$/, { waitUntil: 'commit' });
        await expect.poll(() => p.title()).toBe('SIG - Dados de ministro');
        const fm = p.getByTestId('form-cadastro');
        await expect.poll(() => fm.getByText(`Teodoro Brandt ${marca}`).count()).toBeGreaterThan(0);
        await escolherOpcao(p, fm.getByLabel('Ministério', { exact: true }), 'Pastoral');
        await preencherData(fm.getByLabel('Data da ordenação', { exact: true }), '04/03/2012');
        await fm.getByRole('button', { name: 'Adicionar: Exames' }).click();
        await p.getByTestId('filhos-exames').getByLabel('Descrição', { exact: true }).fill('Exame de ordenação');
        await preencherData(p.getByTestId('filhos-exames').getByLabel('Data', { exact: true }), '20/11/2011');
        await fm.getByRole('button', { name: 'Adicionar: Termos de atividade ministerial' }).click();
        const termos = p.getByTestId('filhos-termos');
        await escolher(p, termos.getByLabel('Organização', { exact: true }), 'Rio dos Sinos', 'Sínodo Rio dos Sinos');
        await escolherOpcao(p, termos.getByLabel('Tipo de termo', { exact: true }), 'Nomeação');
        await preencherData(termos.getByLabel('Data de início', { exact: true }), '01/04/2012');
        expect(await violacoesGraves(p), 'minister form').toEqual([]);
        await salvarE(p, (u) => u.pathname === `/pessoa/form/${id}`);
        await abrirAba(p, 'Dados de ministro');
        await expect.poll(() => p.getByTestId('aba-ministro').getByText('Pastoral').count()).toBe(1);
        expect(await p.getByTestId('aba-ministro').getByText('04/03/2012').count()).toBe(1);
        expect(await p.getByTestId('aba-ministro').getByText('1 / 1').count()).toBe(1);
      }),
    // A long story: three forms, two saves and a dozen tabs.
    180_000,
  );

  it('[PESSOAS] the new login signs in and is asked to change its password', () =>
    comPagina(navegador, 'pessoas-conta', async (p) => {
      const marca = `z${Date.now().toString(36)}`;
      await loginAs(p, 'paroquia');
      await p.goto('/pessoa');
      const email = `membro.${marca}@sig.local`;
      await criarPessoa(p, {
        nome: 'Irene',
        sobrenome: `Hahn ${marca}`,
        usuario: { email, senha: 'Inicial2026', confirmacaoSenha: 'Inicial2026', trocarSenha: true },
      });
      await p.evaluate(() => localStorage.clear());
      await p.goto('/login');
      await p.getByLabel('E-mail ou CPF').fill(email);
      await p.getByLabel('Senha', { exact: true }).fill('Inicial2026');
      await p.getByRole('button', { name: 'Entrar' }).click();
      await expect.poll(() => p.getByText('Troque sua senha').count()).toBeGreaterThan(0);
    }));
});
