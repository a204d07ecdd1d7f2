import { describe, expect, it } from 'vitest';
import { api } from '../fixtures/api.js';
import { criarPelaApi, criarPessoa, escolher, escolherOpcao, salvarE } from '../fixtures/formularios.js';
import { tabelaDo } from '../fixtures/graficos.js';
import { comPagina, linha, loginAs, usarNavegador, violacoesGraves } from '../fixtures/navegador.js';

const navegador = usarNavegador();
const hojeIso = new Date().toLocaleDateString('sv-SE', { timeZone: 'America/Sao_Paulo' });
const hoje = new Date().toLocaleDateString('pt-BR', { timeZone: 'America/Sao_Paulo' });
const esteAno = Number(hojeIso.slice(0, 4));
const anoPassado = esteAno - 1;

describe('[MINISTERIOS] ministries with statistics', () => {
  it(
    '[MINISTERIOS] a secretary creates a ministry with participants and a year of figures; the list shows the figures typed',
    () =>
      comPagina(navegador, 'ministerios', async (p) => {
        const marca = Date.now().toString(36);
        await loginAs(p, 'paroquia');
        await criarPessoa(p, { nome: 'Hilda', sobrenome: `Regente ${marca}`, sexo: 'F' });
        await criarPessoa(p, { nome: 'Bruno', sobrenome: `Tenor ${marca}`, sexo: 'M' });

        await p.goto('/ministerio/form');
        const form = p.getByTestId('form-ministerio');
        await form.getByLabel('Nome', { exact: true }).fill(`Coral ${marca}`);
        await escolher(p, form.getByLabel('Tipo de grupo', { exact: true }), 'Coral', 'Coral');
        await escolher(p, form.getByLabel('Coordenação', { exact: true }), marca, `Hilda Regente ${marca}`);
        await form.getByLabel('Reuniões por ano', { exact: true }).fill('40');

        // Two participants, the coordinator among them (the rule is on the form and on the server).
        const participantes = p.getByTestId('filhos-participantes');
        for (const [i, nome, funcao] of [
          [0, `Hilda Regente ${marca}`, 'Coordenação'],
          [1, `Bruno Tenor ${marca}`, 'Membro'],
        ] as const) {
          await participantes.getByRole('button', { name: 'Adicionar: Participantes' }).click();
          const item = participantes.locator('.ant-card').nth(i);
          await escolher(p, item.getByLabel('Pessoa', { exact: true }), marca, nome);
          await escolherOpcao(p, item.getByLabel('Função', { exact: true }), funcao);
        }

        // Last year's figures (spec §5: all required); more meetings than planned is only a warning.
        const estatisticas = p.getByTestId('filhos-estatisticas');
        await estatisticas.getByRole('button', { name: 'Adicionar: Estatísticas' }).click();
        const ano = estatisticas.locator('.ant-card').first();
        expect(await ano.getByLabel('Ano', { exact: true }).inputValue()).toBe(String(anoPassado));
        const realizadas = ano.getByLabel('Reuniões realizadas', { exact: true });
        await realizadas.fill('45');
        await expect
          .poll(() => ano.getByText('Mais reuniões que as 40 previstas por ano.', { exact: false }).count())
          .toBe(1);
        await realizadas.fill('38');
        await ano.getByLabel('Média de presentes', { exact: true }).fill('17');
        await ano.getByLabel('Participantes (masculino)', { exact: true }).fill('8');
        await ano.getByLabel('Participantes (feminino)', { exact: true }).fill('12');
        expect(await violacoesGraves(p), 'the ministry form').toEqual([]);
        await salvarE(p, (u) => u.pathname === '/ministerio');

        await p.goto(`/ministerio?nome=${marca}&ano=${anoPassado}`);
        const linhaDoCoral = linha(p, `Coral ${marca}`);
        await expect.poll(() => linhaDoCoral.count()).toBe(1);
        const texto = await linhaDoCoral.innerText();
        for (const v of ['Coral', `Hilda Regente ${marca}`, 'Reuniu-se', '38', '17', '8', '12'])
          expect(texto).toContain(v);
        expect(await violacoesGraves(p), 'the ministries list').toEqual([]);

        // The figures saved are the ones typed.
        const pagina = (await api<{ itens: { id: number }[] }>(p, 'GET', `ministerio/paginado?nome=${marca}`)).corpo;
        const salvo = (
          await api<{
            participantes: { pessoaNome: string; funcao: string }[];
            estatisticas: Record<string, unknown>[];
            avisos: unknown[];
          }>(p, 'GET', `ministerio/${pagina.itens[0]!.id}`)
        ).corpo;
        expect(salvo.estatisticas).toEqual([
          {
            ano: anoPassado,
            situacao: 'REUNIU',
            origem: 'DIGITADA',
            reunioesRealizadas: 38,
            mediaPresentes: 17,
            participantesMasculinos: 8,
            participantesFemininos: 12,
          },
        ]);
        expect(salvo.participantes.map((x) => [x.pessoaNome, x.funcao]).sort()).toEqual(
          [
            [`Bruno Tenor ${marca}`, 'MEMBRO'],
            [`Hilda Regente ${marca}`, 'COORDENACAO'],
          ].sort(),
        );
        expect(salvo.avisos).toEqual([]);

        // This year was not reported: the filter finds it among those to follow up.
        await p.goto(`/ministerio?nome=${marca}&situacaoAno=NAO_INFORMADO`);
        await expect.poll(() => linha(p, `Coral ${marca}`).count()).toBe(1);
        expect(await linha(p, `Coral ${marca}`).innerText()).toContain('Não informado');
      }),
    // A long form, two lists and the first screen after the server starts: 43–57 s on a loaded machine.
    120_000,
  );

  it('[MINISTERIOS] attendance ticked for a meeting gives the year its figures', () =>
    comPagina(navegador, 'ministerios-presencas', async (p) => {
      const marca = Date.now().toString(36);
      await loginAs(p, 'paroquia');
      const organizacaoId = Number(await p.evaluate(() => localStorage.getItem('organizacaoLogadaId')));
      const [tipo] = (await api<{ value: number }[]>(p, 'GET', 'tipo-grupo/select?busca=Juventude')).corpo;
      const ana = await criarPessoa(p, { nome: 'Ana', sobrenome: `Jovem ${marca}`, sexo: 'F' });
      const davi = await criarPessoa(p, { nome: 'Davi', sobrenome: `Jovem ${marca}`, sexo: 'M' });
      const id = await criarPelaApi(p, 'ministerio', {
        organizacaoId,
        nome: `Juventude ${marca}`,
        tipoGrupoId: tipo!.value,
        coordenadorId: ana,
        reunioesPorAno: 24,
        participantes: [
          { pessoaId: ana, funcao: 'COORDENACAO' },
          { pessoaId: davi, funcao: 'MEMBRO' },
        ],
      });

      await p.goto(`/ministerio/form/${id}`);
      const reuniao = p.getByTestId('form-reuniao');
      const data = reuniao.getByLabel('Data', { exact: true });
      await data.fill(hoje);
      await data.press('Enter');
      await reuniao.getByLabel('Visitantes', { exact: true }).fill('3');
      await reuniao.getByLabel(`Ana Jovem ${marca}`).check();
      await reuniao.getByLabel(`Davi Jovem ${marca}`).check();
      await reuniao.getByRole('button', { name: 'Registrar reunião' }).click();
      await expect.poll(() => p.getByText('Reunião registrada.', { exact: false }).count()).toBeGreaterThan(0);
      const presencas = p.getByTestId('presencas');
      await expect
        .poll(() => presencas.getByRole('cell', { name: `Ana Jovem ${marca}, Davi Jovem ${marca}` }).count())
        .toBe(1);
      expect(await violacoesGraves(p), 'attendance').toEqual([]);

      // One meeting of two participants and three visitors: five on average, a man and a woman.
      await p.goto(`/ministerio?nome=${marca}`);
      const linhaDoGrupo = linha(p, `Juventude ${marca}`);
      await expect.poll(() => linhaDoGrupo.count()).toBe(1);
      const celulas = await linhaDoGrupo.getByRole('cell').allInnerTexts();
      expect(celulas).toContain('Reuniu-se');
      expect(celulas.slice(-5, -1)).toEqual(['1', '5', '1', '1']);
    }));

  it('[MINISTERIOS] the synod’s indicator shows the figures its ministries reported, and who did not report', () =>
    comPagina(navegador, 'ministerios-indicador', async (p) => {
      const marca = Date.now().toString(36);
      await loginAs(p, 'sinodo');
      const sinodoId = Number(await p.evaluate(() => localStorage.getItem('organizacaoLogadaId')));
      const doSinodo = `indicadores/ministerios?organizacaoId=${sinodoId}&somenteMinhaOrganizacao=true&periodo=2`;
      // The demo's ministries are its communities' and parishes': the synod itself holds none.
      expect((await api<{ ministerios: number }>(p, 'GET', doSinodo)).corpo.ministerios).toBe(0);
      const [coral] = (await api<{ value: number }[]>(p, 'GET', 'tipo-grupo/select?busca=Coral')).corpo;
      const [juventude] = (await api<{ value: number }[]>(p, 'GET', 'tipo-grupo/select?busca=Juventude')).corpo;
      const coordenadora = await criarPessoa(p, { nome: 'Irma', sobrenome: `Sinodal ${marca}`, sexo: 'F' });
      const figuras = (ano: number, reunioes: number, media: number, homens: number, mulheres: number) => ({
        ano,
        situacao: 'REUNIU',
        reunioesRealizadas: reunioes,
        mediaPresentes: media,
        participantesMasculinos: homens,
        participantesFemininos: mulheres,
      });
      const ministerio = (nome: string, tipoGrupoId: number, estatisticas: object[]) =>
        criarPelaApi(p, 'ministerio', {
          organizacaoId: sinodoId,
          nome: `${nome} ${marca}`,
          tipoGrupoId,
          coordenadorId: coordenadora,
          reunioesPorAno: 40,
          participantes: [{ pessoaId: coordenadora, funcao: 'COORDENACAO' }],
          estatisticas,
        });
      // This year one met, one did not, one has not reported; last year two met and one did not.
      await ministerio('Coral sinodal', coral!.value, [
        figuras(anoPassado, 30, 12, 5, 9),
        figuras(esteAno, 10, 15, 4, 6),
      ]);
      await ministerio('Juventude sinodal', juventude!.value, [
        figuras(anoPassado, 20, 8, 3, 3),
        { ano: esteAno, situacao: 'NAO_REUNIU' },
      ]);
      await ministerio('Coral de sinos', coral!.value, [{ ano: anoPassado, situacao: 'NAO_REUNIU' }]);

      await p.goto('/indicadores/ministerios?somenteMinhaOrganizacao=true');
      await expect.poll(() => p.getByTestId('total-ministerios-valor').textContent()).toBe('3');
      expect(await p.getByTestId('total-reuniram-valor').textContent()).toBe('1');
      expect(await p.getByTestId('total-naoInformaram-valor').textContent()).toBe('1');
      expect(await p.getByTestId('total-mediaPresentes-valor').textContent()).toBe('15');
      // Ten years: met, did not meet, not reported; the two reported years as entered, the years before not reported.
      const situacao = await tabelaDo(p.getByTestId('grafico-situacao'));
      expect(situacao.map((l) => l.slice(0, 4))).toEqual([
        ...Array.from({ length: 8 }, (_, i) => [String(esteAno - 9 + i), '0', '0', '3']),
        [String(anoPassado), '2', '1', '0'],
        [String(esteAno), '1', '1', '1'],
      ]);
      // Participants by year: women, then men, as reported.
      const participantes = await tabelaDo(p.getByTestId('grafico-participantes'));
      expect(participantes.slice(-2).map((l) => l.slice(0, 3))).toEqual([
        [String(anoPassado), '12', '8'],
        [String(esteAno), '6', '4'],
      ]);
      const porTipo = await tabelaDo(p.getByTestId('grafico-porTipo'));
      expect(porTipo.map((l) => l.slice(0, 2))).toEqual([
        ['Coral', '2'],
        ['Juventude', '1'],
      ]);
      // The community to follow up: the synod, with the one ministry that did not report.
      const semRelatorio = p.getByTestId('sem-relatorio').locator('.ant-table-row');
      expect(await semRelatorio.allInnerTexts()).toEqual([expect.stringMatching(/^Sínodo Rio dos Sinos\s+1$/)]);
      expect(await violacoesGraves(p), 'ministries indicator').toEqual([]);

      // The card of those not reported opens the list of that ministry.
      await p.getByTestId('total-naoInformaram').click();
      await p.waitForURL((u) => u.pathname === '/ministerio' && u.searchParams.get('situacaoAno') === 'NAO_INFORMADO', {
        waitUntil: 'commit',
      });
      await expect.poll(() => linha(p, `Coral de sinos ${marca}`).count()).toBe(1);
    }));
});
