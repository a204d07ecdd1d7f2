import { describe, expect, it } from 'vitest';
import { criarPessoa, escolher, salvarE } from '../fixtures/formularios.js';
import { comPagina, loginAs, usarNavegador, violacoesGraves } from '../fixtures/navegador.js';

const navegador = usarNavegador();

describe('[CEMITERIO] a concession in installments', () => {
  it(
    '[CEMITERIO] grants a plot for "1.000,00" in 3 installments and sees the 3 receivables to the cent',
    () =>
      comPagina(navegador, 'cemiterio-parcelas', async (p) => {
        const marca = Date.now().toString(36);
        await loginAs(p, 'paroquia');
        await criarPessoa(p, { nome: 'Ingrid', sobrenome: `Parcelada ${marca}` });
        // The cemetery and a block of two plots: the ground the concession is granted on.
        await p.goto('/cemiterio/form');
        await p.getByTestId('form-cemiterio').getByLabel('Nome', { exact: true }).fill(`Cemitério ${marca}`);
        await salvarE(p, (u) => /\/cemiterio\/form\/\d+$/.test(u.pathname));
        const gerar = p.getByTestId('form-gerar-jazigos');
        await gerar.getByLabel('Quadra', { exact: true }).fill('K');
        await gerar.getByLabel('Até a fileira', { exact: true }).fill('1');
        await gerar.getByLabel('Até o lote', { exact: true }).fill('2');
        await gerar.getByRole('button', { name: 'Gerar' }).click();
        await expect.poll(() => p.getByText('2 jazigo(s) criado(s); 0 já existia(m).').count()).toBeGreaterThan(0);

        await p.goto('/arrendatario/form');
        const concessao = p.getByTestId('form-arrendatario');
        await escolher(p, concessao.getByLabel('Jazigo', { exact: true }), 'K-1-1', `K-1-1 · Cemitério ${marca}`);
        await escolher(p, concessao.getByLabel('Pessoa', { exact: true }), marca, `Ingrid Parcelada ${marca}`);
        const inicio = concessao.getByLabel('Início', { exact: true });
        await inicio.fill('31/01/2026');
        await inicio.press('Enter');
        await concessao.getByLabel('Valor', { exact: true }).fill('1.000,00');
        await concessao.getByLabel('Parcelas', { exact: true }).fill('3');
        await salvarE(p, (u) => u.pathname === '/arrendatario');

        const id = await p.evaluate(async (nome) => {
          const r = await fetch(`/api/arrendatario/paginado?nome=${encodeURIComponent(nome)}`, {
            headers: { authorization: `Bearer ${localStorage.getItem('token')}` },
          });
          return ((await r.json()) as { itens: { id: number }[] }).itens[0]!.id;
        }, `Parcelada ${marca}`);
        await p.goto(`/arrendatario/form/${id}`);
        const parcelas = p.getByTestId('parcelas-concessao');
        await expect.poll(() => parcelas.locator('tbody tr.ant-table-row').count()).toBe(3);
        const linhas = await parcelas.locator('tbody tr.ant-table-row').allInnerTexts();
        expect(linhas[0]).toMatch(/1\/3\s+Concessão\s+31\/01\/2026\s+R\$\s*333,33\s+Em aberto/);
        expect(linhas[1]).toMatch(/2\/3\s+Concessão\s+28\/02\/2026\s+R\$\s*333,33/);
        expect(linhas[2]).toMatch(/3\/3\s+Concessão\s+31\/03\/2026\s+R\$\s*333,34/);
        expect(await violacoesGraves(p), 'concession with its installments').toEqual([]);
      }),
    90_000,
  );
});
