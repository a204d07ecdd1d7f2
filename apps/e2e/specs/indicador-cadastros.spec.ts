import { describe, expect, it } from 'vitest';
import { api } from '../fixtures/api.js';
import { contagem, tabelaDo } from '../fixtures/graficos.js';
import { comPagina, loginAs, usarNavegador, violacoesGraves } from '../fixtures/navegador.js';

const navegador = usarNavegador();

type Contagem = { chave: string; total: number };
type Indicador = {
  pessoas: number;
  titulares: number;
  movimento: Record<string, number>;
  serie: ({ chave: string } & Record<string, number>)[];
  porStatus: Contagem[];
  porSexo: Contagem[];
  porFaixaEtaria: Contagem[];
};

describe('[INDICADORES] the registry indicator on the demo year', () => {
  it('[INDICADORES] draws the people by status as the people list counts them, and a slice opens that list', () =>
    comPagina(navegador, 'indicador-cadastros', async (p) => {
      await loginAs(p, 'admin');
      await p.goto('/indicadores/cadastros');
      const ind = (await api<Indicador>(p, 'GET', 'indicadores/cadastros?periodo=1')).corpo;
      // The demo year: thousands of people, and members joining and leaving over the months.
      expect(ind.pessoas).toBeGreaterThan(1_000);
      expect(ind.serie).toHaveLength(10);
      expect(ind.movimento.admissoes).toBeGreaterThan(0);
      expect(ind.movimento.desligamentos).toBeGreaterThan(0);
      expect(await p.getByTestId('total-pessoas-valor').textContent()).toBe(ind.pessoas.toLocaleString('pt-BR'));

      // The donut by status: its table says what the indicator says, and each slice is the
      // people list's total with that status.
      const status = p.getByTestId('grafico-porStatus');
      const linhas = await tabelaDo(status);
      const rotulos: Record<string, string> = {
        ATIVO: 'Ativo',
        INATIVO: 'Inativo',
        DESLIGADO: 'Desligado',
        FALECIDO: 'Falecido',
      };
      for (const s of ind.porStatus) {
        const linha = linhas.find((l) => l[0] === (rotulos[s.chave] ?? s.chave));
        expect(linha, s.chave).toBeDefined();
        expect(contagem(linha![1]!), s.chave).toBe(s.total);
        const lista = await api<{ total: number }>(p, 'GET', `pessoa/paginado?status=${s.chave}&quantidade=1`);
        expect(lista.corpo.total, s.chave).toBe(s.total);
      }

      // Each sex and each age band (the age reached this year, so a span of birth years) is what
      // the people list counts with that filter: what a click on its slice or column opens.
      // A slice of "not informed" opens the people who lack that field.
      for (const s of ind.porSexo) {
        const filtro = s.chave ? `sexo=${s.chave}` : 'naoInformado=sexo';
        const lista = await api<{ total: number }>(p, 'GET', `pessoa/paginado?${filtro}&quantidade=1`);
        expect(lista.corpo.total, filtro).toBe(s.total);
      }
      const semData = ind.porFaixaEtaria.find((x) => x.chave === 'SEM_DATA');
      if (semData) {
        const lista = await api<{ total: number }>(
          p,
          'GET',
          'pessoa/paginado?naoInformado=dataNascimento&quantidade=1',
        );
        expect(lista.corpo.total).toBe(semData.total);
      }
      const ano = Number(new Date().toLocaleDateString('sv-SE', { timeZone: 'America/Sao_Paulo' }).slice(0, 4));
      for (const f of ind.porFaixaEtaria.filter((x) => x.chave !== 'SEM_DATA')) {
        const [de, ate] = f.chave.replace('+', '').split('-').map(Number) as [number, number | undefined];
        const nascimento = `${ate === undefined ? '' : `nascimentoDe=${ano - ate}-01-01&`}nascimentoAte=${ano - de}-12-31`;
        const lista = await api<{ total: number }>(p, 'GET', `pessoa/paginado?${nascimento}&quantidade=1`);
        expect(lista.corpo.total, f.chave).toBe(f.total);
      }

      // Holders and dependants add up to the people card, and holders are the list's holders.
      const titulares = await api<{ total: number }>(p, 'GET', 'pessoa/paginado?titular=true&quantidade=1');
      expect(titulares.corpo.total).toBe(ind.titulares);

      // Joined per month: the chart's table is the series' admissions and transfers in, its total the cards'.
      const entradas = await tabelaDo(p.getByTestId('grafico-entradas'));
      expect(entradas.map((l) => contagem(l[1]!))).toEqual(
        ind.serie.map((b) => (b.admissoes ?? 0) + (b.transferenciasRecebidas ?? 0)),
      );
      expect(ind.serie.reduce((s, b) => s + (b.admissoes ?? 0), 0)).toBe(ind.movimento.admissoes);
      expect(await violacoesGraves(p), 'registry indicator').toEqual([]);

      // A status' label in the table opens the people list with that status.
      const ativo = ind.porStatus.find((s) => s.chave === 'ATIVO')!;
      await status.getByRole('button', { name: 'Ativo', exact: true }).click();
      await p.waitForURL((u) => u.pathname === '/pessoa' && u.searchParams.get('status') === 'ATIVO', {
        waitUntil: 'commit',
      });
      await expect
        .poll(() => p.getByText(`Total: ${ativo.total.toLocaleString('pt-BR')}`).count(), { timeout: 15_000 })
        .toBeGreaterThan(0);

      // The admissions card opens the records behind it: the list counts what the card says.
      await p.goBack();
      await p.getByTestId('total-admissoes').click();
      await p.waitForURL(
        (u) => u.pathname === '/pessoa-integracao-desligamento' && u.searchParams.get('movimento') === 'admissoes',
        { waitUntil: 'commit' },
      );
      await expect
        .poll(() => p.getByText(`Total: ${ind.movimento.admissoes.toLocaleString('pt-BR')}`).count(), {
          timeout: 15_000,
        })
        .toBeGreaterThan(0);
      await p.locator('.ant-table-row').first().waitFor();
      expect(await p.locator('.ant-table-row').first().textContent()).toContain('Admissão');
      expect(await violacoesGraves(p), 'movements list').toEqual([]);
    }));
});
