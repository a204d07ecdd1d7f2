import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { api } from '../fixtures/api.js';
import { criarPelaApi, criarPessoa, escolher, escolherOpcao, salvarE } from '../fixtures/formularios.js';
import { comPagina, linha, loginAs, usarNavegador, violacoesGraves } from '../fixtures/navegador.js';

const navegador = usarNavegador();

/** Brazil's day (UTC−3) `dias` from today, as the API writes it. */
const dia = (dias = 0) => new Date(Date.now() - 3 * 3_600_000 + dias * 86_400_000).toISOString().slice(0, 10);
/** The same day as the screens show it. */
const naTela = (iso: string) => iso.split('-').reverse().join('/');

/** A cemetery of the signed-in user's organization with one block laid out; its plots' ids by label. */
async function cemiterioCom(p: Page, nome: string, quadra: string, lotes: number, extra: object = {}) {
  const organizacaoId = Number(await p.evaluate(() => localStorage.getItem('organizacaoLogadaId')));
  const cemiterioId = await criarPelaApi(p, 'cemiterio', { organizacaoId, nome, prazoExumacaoAnos: 3 });
  expect(
    (await api(p, 'POST', `cemiterio/${cemiterioId}/jazigos`, { quadra, fileiraAte: 1, numeroAte: lotes, ...extra }))
      .status,
  ).toBe(200);
  return { cemiterioId, jazigos: await jazigosDe(p, cemiterioId, quadra) };
}

async function jazigosDe(p: Page, cemiterioId: number, quadra: string) {
  const grade = await api<{ jazigos: { id: number; rotulo: string }[] }>(
    p,
    'GET',
    `cemiterio/${cemiterioId}/jazigos?quadra=${quadra}`,
  );
  return new Map(grade.corpo.jazigos.map((j) => [j.rotulo, j.id]));
}

/** The rows of the receivables list of one person, once they are `n`. */
async function contasDe(p: Page, pessoaId: number, n: number) {
  await p.goto(`/conta-a-receber?pessoaId=${pessoaId}`);
  const linhas = p.locator('.ant-table-row:visible');
  await expect.poll(() => linhas.count()).toBe(n);
  return linhas.allInnerTexts();
}

describe('[CEMITERIO] succession, what expires, the forecast and the ossuary', () => {
  it(
    '[CEMITERIO] the holder dies, the concession passes to his daughter with the history; his installments stay his, the next fee is hers',
    () =>
      comPagina(navegador, 'cemiterio-sucessao', async (p) => {
        const marca = Date.now().toString(36);
        await loginAs(p, 'paroquia');
        const graus = await api<{ value: number; label: string }[]>(p, 'GET', 'grau-parentesco/select?busca=Filh');
        const filha = await criarPessoa(p, { nome: 'Hilde', sobrenome: `Herdeira ${marca}` });
        const titular = await criarPessoa(p, {
          nome: 'Otto',
          sobrenome: `Titular ${marca}`,
          familia: [{ parenteId: filha, grauParentescoId: graus.corpo[0]!.value }],
        });
        const { jazigos } = await cemiterioCom(p, `Cemitério ${marca}`, 'S', 1, { capacidade: 2 });
        const jazigoId = jazigos.get('S-1-1')!;
        // Granted for 900,00 in 3 installments, and this year's upkeep fee: all owed by Otto.
        const id = await criarPelaApi(p, 'arrendatario', {
          jazigoId,
          pessoaId: titular,
          tipoConcessao: 'TEMPORARIA',
          inicio: '2026-01-10',
          renovadoAte: '2031-01-10',
          valor: '900.00',
          parcelas: 3,
        });
        expect(
          (await api(p, 'POST', `arrendatario/${id}/conservacao`, { vencimento: '2026-03-31', valor: '45.50' })).status,
        ).toBe(200);
        // Otto dies and is buried in his own plot: the registry marks him deceased.
        await criarPelaApi(p, 'falecido', {
          jazigoId,
          pessoaId: titular,
          dataFalecimento: '2026-04-01',
          dataSepultamento: '2026-04-03',
        });

        await p.goto(`/arrendatario/form/${id}`);
        await p.getByRole('button', { name: 'Sucessão do titular' }).click();
        const sucessao = p.getByTestId('form-sucessao');
        // The heirs offered are his living relatives: his daughter, with the link's degree.
        await escolherOpcao(
          p,
          sucessao.getByLabel('Herdeiro', { exact: true }),
          `Hilde Herdeira ${marca} (${graus.corpo[0]!.label})`,
        );
        const quando = sucessao.getByLabel('Sucessão em', { exact: true });
        await quando.fill('05/04/2026');
        await quando.press('Tab');
        await p.getByRole('dialog').getByRole('button', { name: 'Salvar' }).click();
        await expect
          .poll(() => p.getByText(`A concessão passou a Hilde Herdeira ${marca}.`).count())
          .toBeGreaterThan(0);
        const form = p.getByTestId('form-arrendatario');
        await expect.poll(() => form.getByText(`Hilde Herdeira ${marca}`).count()).toBeGreaterThan(0);
        // The history keeps who held it before and the day it passed.
        const historico = p.getByTestId('historico-concessao');
        const alteracao = (campo: string) =>
          historico.getByRole('row').filter({ hasText: 'Alteração' }).filter({ hasText: campo });
        await expect.poll(() => alteracao('Pessoa').count()).toBe(1);
        // Each side named once its label has arrived.
        await expect.poll(() => alteracao('Pessoa').innerText()).toContain(`Otto Titular ${marca}`);
        await expect.poll(() => alteracao('Pessoa').innerText()).toContain(`Hilde Herdeira ${marca}`);
        expect(await alteracao('Sucessão em').innerText()).toContain('05/04/2026');
        expect(await violacoesGraves(p), 'concession passed to an heir').toEqual([]);

        // A fee charged after the succession is the heir's.
        expect(
          (await api(p, 'POST', `arrendatario/${id}/conservacao`, { vencimento: '2027-03-31', valor: '48.20' })).status,
        ).toBe(200);
        await p.goto(`/arrendatario/form/${id}`);
        const parcelas = p.getByTestId('parcelas-concessao').locator('tbody tr.ant-table-row');
        await expect.poll(() => parcelas.count()).toBe(5);
        // What Otto owed when he died stays his (his estate's): the three installments and his fee,
        // as the parish's treasurer sees the receivables.
        await loginAs(p, 'tesouraria');
        const dele = await contasDe(p, titular, 4);
        expect(dele.join('\n')).toMatch(/10\/01\/2026[\s\S]*R\$\s*300,00/);
        expect(dele.filter((l) => /R\$\s*300,00/.test(l))).toHaveLength(3);
        expect(dele.join('\n')).toContain('45,50');
        await expect.poll(() => p.getByTestId('totais').innerText()).toContain('945,50');
        const dela = await contasDe(p, filha, 1);
        expect(dela[0]).toContain('31/03/2027');
        await expect.poll(() => p.getByTestId('totais').innerText()).toContain('48,20');
      }),
    120_000,
  );

  it(
    '[CEMITERIO] the concessions expiring next: each with its date, the months filter narrowing them, the total right',
    () =>
      comPagina(navegador, 'cemiterio-vencendo', async (p) => {
        const marca = Date.now().toString(36);
        await loginAs(p, 'paroquia');
        const { cemiterioId, jazigos } = await cemiterioCom(p, `Cemitério ${marca}`, 'V', 4);
        // Terms ending in 20 days, in 70 days and in 200 days, and a perpetual one (no term).
        const termos = [20, 70, 200].map((n) => dia(n));
        const nomes = ['Ada', 'Bela', 'Cora', 'Dora'].map((n) => `${n} Vencimento ${marca}`);
        for (const [i, nome] of nomes.entries()) {
          const [prenome, ...resto] = nome.split(' ');
          const pessoaId = await criarPessoa(p, { nome: prenome, sobrenome: resto.join(' ') });
          await criarPelaApi(p, 'arrendatario', {
            jazigoId: jazigos.get(`V-1-${i + 1}`),
            pessoaId,
            ...(i < 3
              ? { tipoConcessao: 'TEMPORARIA', inicio: dia(-400), renovadoAte: termos[i] }
              : { tipoConcessao: 'PERPETUA', inicio: dia(-400) }),
            valor: '0.00',
            parcelas: 1,
          });
        }

        await p.goto(`/arrendatario?cemiterioId=${cemiterioId}&venceEmMeses=3`);
        const total = p.locator('.ant-pagination-total-text');
        await expect.poll(() => total.innerText()).toBe('Total: 2');
        expect(await linha(p, nomes[0]!).innerText()).toContain(naTela(termos[0]!));
        expect(await linha(p, nomes[1]!).innerText()).toContain(naTela(termos[1]!));
        expect(await linha(p, nomes[2]!).count()).toBe(0);
        expect(await linha(p, nomes[3]!).count()).toBe(0);
        expect(await violacoesGraves(p), 'concessions expiring in 3 months').toEqual([]);
        // One month ahead, typed in the filter: only the first.
        const filtro = p.getByTestId('filtros').getByLabel('Vencendo nos próximos (meses)', { exact: true });
        await filtro.fill('1');
        await p.getByRole('button', { name: 'Buscar' }).click();
        await p.waitForURL((u) => u.searchParams.get('venceEmMeses') === '1', { waitUntil: 'commit' });
        await expect.poll(() => total.innerText()).toBe('Total: 1');
        expect(await linha(p, nomes[0]!).innerText()).toContain('A vencer');
        // A year ahead: the three with a term, never the perpetual one.
        await p.goto(`/arrendatario?cemiterioId=${cemiterioId}&venceEmMeses=12`);
        await expect.poll(() => total.innerText()).toBe('Total: 3');
        expect(await linha(p, nomes[2]!).innerText()).toContain(naTela(termos[2]!));
        expect(await linha(p, nomes[3]!).count()).toBe(0);
      }),
    120_000,
  );

  it(
    '[CEMITERIO] the forecast of free plots counts the plots free today, the terms ending and the exhumations allowed by month',
    () =>
      comPagina(navegador, 'cemiterio-previsao', async (p) => {
        const marca = Date.now().toString(36);
        await loginAs(p, 'paroquia');
        const { cemiterioId, jazigos } = await cemiterioCom(p, `Cemitério ${marca}`, 'F', 6);
        const pessoaId = await criarPessoa(p, { nome: 'Frieda', sobrenome: `Previsão ${marca}` });
        // The first day of the month `n` months from this one.
        const mes = (n: number) => {
          const [a, m] = dia().split('-').map(Number) as [number, number];
          return new Date(Date.UTC(a, m - 1 + n, 1)).toISOString().slice(0, 10);
        };
        const conceder = (lote: number, extra: object) =>
          criarPelaApi(p, 'arrendatario', {
            jazigoId: jazigos.get(`F-1-${lote}`),
            pessoaId,
            valor: '0.00',
            parcelas: 1,
            ...extra,
          });
        // Terms ending on the 15th one month and three months ahead; a perpetual grant, which never frees its plot.
        await conceder(1, { tipoConcessao: 'TEMPORARIA', inicio: dia(-365), renovadoAte: mes(1).replace(/01$/, '15') });
        await conceder(2, { tipoConcessao: 'TEMPORARIA', inicio: dia(-365), renovadoAte: mes(3).replace(/01$/, '15') });
        await conceder(3, { tipoConcessao: 'PERPETUA', inicio: dia(-365) });
        // A burial reaching the 3 years before exhumation in two months, under a term beyond the forecast.
        const sepultamento = `${Number(mes(2).slice(0, 4)) - 3}${mes(2).slice(4)}`;
        await conceder(4, {
          tipoConcessao: 'TEMPORARIA',
          inicio: `${Number(sepultamento.slice(0, 4)) - 1}-01-01`,
          renovadoAte: dia(800),
        });
        await criarPelaApi(p, 'falecido', {
          jazigoId: jazigos.get('F-1-4'),
          nome: `Fritz Previsão ${marca}`,
          dataFalecimento: sepultamento,
          dataSepultamento: sepultamento,
        });

        await p.goto(`/cemiterio/form/${cemiterioId}`);
        const previsao = p.getByTestId('previsao-vagas');
        // F-1-5 and F-1-6 are free today.
        await expect.poll(() => previsao.getByText('Livres hoje: 2').count()).toBe(1);
        const linhas = previsao.locator('tbody tr.ant-table-row');
        await expect.poll(() => linhas.count()).toBe(12);
        const numeros = async (i: number) =>
          (await linhas.nth(i).locator('td').allInnerTexts()).slice(1).map((x) => Number(x.trim()));
        // [terms ending, exhumations allowed, free plots forecast] month by month.
        const esperado = [[0, 0, 2], [1, 0, 3], [0, 1, 3], [1, 0, 4], ...Array.from({ length: 8 }, () => [0, 0, 4])];
        for (const [i, e] of esperado.entries()) expect(await numeros(i), `month ${i}`).toEqual(e);
        expect(await violacoesGraves(p), 'forecast of free plots').toEqual([]);
      }),
    120_000,
  );

  it(
    '[CEMITERIO] exhumes the remains after the term to an ossuary niche: the grave is freed and the niche holds them',
    () =>
      comPagina(navegador, 'cemiterio-ossario', async (p) => {
        const marca = Date.now().toString(36);
        await loginAs(p, 'paroquia');
        const { cemiterioId, jazigos } = await cemiterioCom(p, `Cemitério ${marca}`, 'T', 1);
        expect(
          (
            await api(p, 'POST', `cemiterio/${cemiterioId}/jazigos`, {
              quadra: 'O',
              fileiraAte: 1,
              numeroAte: 2,
              tipoJazigo: 'OSSARIO',
              capacidade: 4,
            })
          ).status,
        ).toBe(200);
        const nichos = await jazigosDe(p, cemiterioId, 'O');
        const pessoaId = await criarPessoa(p, { nome: 'Magda', sobrenome: `Família ${marca}` });
        // A grave granted five years ago for a temporary term, and the burial four years ago.
        await criarPelaApi(p, 'arrendatario', {
          jazigoId: jazigos.get('T-1-1'),
          pessoaId,
          tipoConcessao: 'TEMPORARIA',
          inicio: dia(-5 * 365),
          renovadoAte: dia(10),
          valor: '0.00',
          parcelas: 1,
        });
        const nome = `Walter Ossário ${marca}`;
        const falecidoId = await criarPelaApi(p, 'falecido', {
          jazigoId: jazigos.get('T-1-1'),
          nome,
          dataFalecimento: dia(-4 * 365 - 2),
          dataSepultamento: dia(-4 * 365),
        });
        // The family's niche in the ossuary, granted for good.
        await criarPelaApi(p, 'arrendatario', {
          jazigoId: nichos.get('O-1-1'),
          pessoaId,
          tipoConcessao: 'PERPETUA',
          inicio: dia(),
          valor: '0.00',
          parcelas: 1,
        });

        // The exhumation, dated today.
        await p.goto(`/falecido/form/${falecidoId}`);
        await p.getByRole('button', { name: 'Registrar exumação' }).click();
        const data = p.getByTestId('form-exumacao').getByLabel('Data de exumação', { exact: true });
        await data.fill(naTela(dia()));
        await data.press('Tab');
        await p.getByRole('dialog').getByRole('button', { name: 'Salvar' }).click();
        await expect
          .poll(() => p.getByText(`Exumado em ${naTela(dia())}: os restos deixaram o jazigo.`).count())
          .toBe(1);

        // The remains go into the niche: a record of their own there, same person and dates, laid today.
        await p.goto('/falecido/form');
        const f = p.getByTestId('form-falecido');
        await escolher(p, f.getByLabel('Jazigo', { exact: true }), 'O-1-1', `O-1-1 · Cemitério ${marca}`);
        await f.getByLabel('Nome', { exact: true }).fill(nome);
        for (const [rotulo, valor] of [
          ['Data de falecimento', naTela(dia(-4 * 365 - 2))],
          ['Data de sepultamento', naTela(dia())],
        ] as const) {
          const campo = f.getByLabel(rotulo, { exact: true });
          await campo.fill(valor);
          await campo.press('Enter');
        }
        await salvarE(p, (u) => u.pathname === '/falecido');

        // The grave, with no one left in it, is closed and free for a new grant.
        const concessao = await api<{ itens: { id: number; jazigoRotulo: string }[] }>(
          p,
          'GET',
          `arrendatario/paginado?cemiterioId=${cemiterioId}`,
        );
        const cova = concessao.corpo.itens.find((c) => c.jazigoRotulo === 'T-1-1')!;
        await p.goto(`/arrendatario/form/${cova.id}`);
        await p.getByRole('button', { name: 'Encerrar' }).click();
        await p.getByRole('dialog').getByRole('button', { name: 'Encerrar' }).click();
        await expect.poll(() => p.getByText('Concessão encerrada; o jazigo está livre.').count()).toBeGreaterThan(0);

        await p.goto(`/cemiterio/form/${cemiterioId}`);
        const grade = p.getByTestId('grade-jazigos');
        const quadra = (q: string) => grade.locator('.ant-segmented-item').filter({ hasText: new RegExp(`^${q}$`) });
        await quadra('T').click();
        await expect.poll(() => grade.locator('[data-jazigo="T-1-1"]').getAttribute('data-situacao')).toBe('LIVRE');
        await quadra('O').click();
        const nicho = grade.locator('[data-jazigo="O-1-1"]');
        await expect.poll(() => nicho.getAttribute('data-situacao')).toBe('OCUPADO');
        expect(await nicho.getAttribute('aria-label')).toBe('Jazigo O-1-1: Ocupado, 1 de 4 ocupado(s)');
        expect(await violacoesGraves(p), 'the grave freed, the niche occupied').toEqual([]);
        // The burials list: the grave's record (exhumed) and the niche's.
        await p.goto(`/falecido?cemiterioId=${cemiterioId}`);
        await expect.poll(() => linha(p, nome).count()).toBe(2);
        const textos = (await linha(p, nome).allInnerTexts()).join('\n');
        expect(textos).toContain('T-1-1');
        expect(textos).toContain('O-1-1');
        const registros = await api<{ itens: { jazigoRotulo: string; dataExumacao: string | null }[] }>(
          p,
          'GET',
          `falecido/paginado?cemiterioId=${cemiterioId}`,
        );
        expect(
          registros.corpo.itens.map((r) => [r.jazigoRotulo, r.dataExumacao]).sort(([a], [b]) => a!.localeCompare(b!)),
        ).toEqual([
          ['O-1-1', null],
          ['T-1-1', dia()],
        ]);
      }),
    120_000,
  );
});
