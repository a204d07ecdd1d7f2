import { describe, expect, it } from 'vitest';
import { api } from '../fixtures/api.js';
import { criarPelaApi, criarPessoa } from '../fixtures/formularios.js';
import { comPagina, linha, loginAs, usarNavegador, violacoesGraves } from '../fixtures/navegador.js';

const navegador = usarNavegador();

describe('[CEMITERIO] upkeep fees in arrears', () => {
  it(
    '[CEMITERIO] lists a holder with two upkeep fees past due, their sum to the cent, and the cut by a due date',
    () =>
      comPagina(navegador, 'cemiterio-conservacao', async (p) => {
        const marca = Date.now().toString(36);
        await loginAs(p, 'paroquia');
        // A plot granted free of charge and its two past-due upkeep fees, laid out through the API.
        const pessoaId = await criarPessoa(p, { nome: 'Otília', sobrenome: `Devedora ${marca}` });
        const organizacaoId = Number(await p.evaluate(() => localStorage.getItem('organizacaoLogadaId')));
        const cemiterioId = await criarPelaApi(p, 'cemiterio', { organizacaoId, nome: `Cemitério ${marca}` });
        await api(p, 'POST', `cemiterio/${cemiterioId}/jazigos`, { quadra: 'C', fileiraAte: 1, numeroAte: 1 });
        const grade = await api<{ jazigos: { id: number }[] }>(p, 'GET', `cemiterio/${cemiterioId}/jazigos`);
        const arrendatarioId = await criarPelaApi(p, 'arrendatario', {
          jazigoId: grade.corpo.jazigos[0]!.id,
          pessoaId,
          tipoConcessao: 'PERPETUA',
          inicio: '2024-01-10',
          valor: '0.00',
          parcelas: 1,
        });
        for (const [vencimento, valor] of [
          ['2025-03-31', '123.45'],
          ['2026-03-31', '10.05'],
        ])
          expect(
            (await api(p, 'POST', `arrendatario/${arrendatarioId}/conservacao`, { vencimento, valor })).status,
          ).toBe(200);

        await p.goto(`/arrendatario/conservacao-em-atraso?cemiterioId=${cemiterioId}`);
        const devedora = linha(p, `Otília Devedora ${marca}`);
        await expect.poll(() => devedora.count()).toBe(1);
        expect(await devedora.innerText()).toMatch(/C-1-1\s+2\s+R\$\s*133,50\s+31\/03\/2025/);
        // The totals of the filtered set under the table.
        const totais = p.getByTestId('totais');
        await expect.poll(() => totais.innerText()).toMatch(/2\s+R\$\s*133,50/);
        // Only what was due by the end of 2025: the older fee alone.
        await p.goto(`/arrendatario/conservacao-em-atraso?cemiterioId=${cemiterioId}&vencidasAte=2025-12-31`);
        await expect.poll(() => devedora.innerText()).toMatch(/C-1-1\s+1\s+R\$\s*123,45\s+31\/03\/2025/);
        await expect.poll(() => totais.innerText()).toMatch(/1\s+R\$\s*123,45/);
        expect(await violacoesGraves(p), 'upkeep fees in arrears').toEqual([]);
        // The holder's name opens the concession, with its two fees among the installments.
        await devedora.getByRole('link', { name: `Otília Devedora ${marca}` }).click();
        await p.waitForURL(`**/arrendatario/form/${arrendatarioId}`);
        const parcelas = p.getByTestId('parcelas-concessao');
        await expect.poll(() => parcelas.locator('tbody tr.ant-table-row').count()).toBe(2);
        expect(await parcelas.locator('tbody tr.ant-table-row').first().innerText()).toMatch(/R\$\s*123,45/);
      }),
    90_000,
  );
});
