import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { api } from '../fixtures/api.js';
import { escolherOpcao } from '../fixtures/formularios.js';
import { comPagina, linha, loginAs, usarNavegador, violacoesGraves } from '../fixtures/navegador.js';

const navegador = usarNavegador();
const AMOSTRAS = path.resolve(import.meta.dirname, '../../../packages/db/src/seed/amostras');
const AMOSTRA = path.join(AMOSTRAS, 'migracao-pessoas.csv');

/** A sheet long enough for its dry run to be watched and cancelled in the middle. */
function arquivoLongo() {
  const caminho = path.join(tmpdir(), `migracao-longa-${process.pid}.csv`);
  const corpo = Array.from({ length: 60_000 }, (_, i) => `L-${i};Pessoa ${i} Longa;01/02/1980`);
  writeFileSync(caminho, ['Código;Nome completo;Data de nascimento', ...corpo].join('\n'));
  return caminho;
}

describe('[MIGRACAO] spreadsheet migration', () => {
  it(
    '[MIGRACAO] the treasury uploads the sample, maps, dry-runs, imports and undoes a people sheet',
    () =>
      comPagina(navegador, 'migracao', async (p) => {
        await loginAs(p, 'tesouraria');

        // A long sheet's dry run runs in the background: its progress shows, and it can be cancelled.
        await p.goto('/migracao/form');
        await p.getByTestId('origem').fill(`e2e-longa-${Date.now()}`);
        await p.getByTestId('arquivo').setInputFiles(arquivoLongo());
        await p.getByTestId('enviar').click();
        await p.waitForURL(/\/migracao\/form\/\d+$/, { waitUntil: 'commit' });
        await expect.poll(() => p.getByTestId('mapa-nomeCompleto').innerText()).toContain('Nome completo');
        await p.getByTestId('simular').click();
        await expect.poll(() => p.getByTestId('status-migracao').innerText()).toBe('Simulando');
        const progresso = p.getByTestId('progresso-simulacao');
        // The rows checked so far and the share of the file read, however far the worker has come.
        await expect.poll(() => progresso.innerText()).toMatch(/linhas? verificadas?[\s\S]*\d+%/);
        await p.getByTestId('cancelar-simulacao').click();
        await expect.poll(() => p.getByTestId('status-migracao').innerText(), { timeout: 30_000 }).toBe('Enviada');
        expect(await p.getByTestId('mapa-nomeCompleto').innerText()).toContain('Nome completo');

        await p.goto('/migracao');
        await p.getByTestId('novo').click();
        await p.waitForURL(/\/migracao\/form$/, { waitUntil: 'commit' });
        await p.getByTestId('origem').fill(`e2e-${Date.now()}`);
        await p.getByTestId('arquivo').setInputFiles(AMOSTRA);
        await p.getByTestId('enviar').click();
        await p.waitForURL(/\/migracao\/form\/\d+$/, { waitUntil: 'commit' });

        // The headers are matched by name: the legacy code and the whole name come mapped.
        await expect.poll(() => p.getByTestId('mapa-chaveLegada').innerText()).toContain('Código');
        expect(await p.getByTestId('mapa-nomeCompleto').innerText()).toContain('Nome completo');
        expect(await violacoesGraves(p), 'mapping').toEqual([]);
        await p.getByTestId('simular').click();

        // The preview comes when the background dry run ends.
        await expect.poll(() => p.getByTestId('status-migracao').innerText(), { timeout: 30_000 }).toBe('Simulada');
        const contagens = p.getByTestId('contagens');
        await expect.poll(() => contagens.innerText()).toMatch(/Criados\s*5/);
        expect(await contagens.innerText()).toMatch(/Com erro\s*5/);
        await expect.poll(() => linha(p, 'Ana Lúcia Schmidt').count()).toBe(1);
        expect(await linha(p, 'Ana Lúcia Schmidt').innerText()).toContain('Criar');
        expect(await linha(p, 'Marta Reichert').innerText()).toContain('CPF');
        const [download] = await Promise.all([p.waitForEvent('download'), p.getByTestId('baixar-erros').click()]);
        expect(download.suggestedFilename()).toBe('migracao-pessoas-erros.xlsx');

        await p.getByTestId('confirmar').click();
        await p.locator('.ant-popconfirm:visible').getByRole('button', { name: 'Sim' }).click();
        await expect.poll(() => p.getByTestId('status-migracao').innerText(), { timeout: 30_000 }).toBe('Concluída');

        await p.getByTestId('desfazer').click();
        await p.locator('.ant-popconfirm:visible').getByRole('button', { name: 'Sim' }).click();
        await expect.poll(() => p.getByTestId('status-migracao').innerText()).toBe('Desfeita');

        await p.goto('/migracao');
        const run = linha(p, 'migracao-pessoas.csv').first();
        await expect.poll(() => run.count()).toBe(1);
        expect(await run.innerText()).toContain('Desfeita');
      }),
    150_000,
  );

  it(
    '[MIGRACAO] the treasury brings the services’ book with its offerings, exact amounts and bad rows explained',
    () =>
      comPagina(navegador, 'migracao-cultos', async (p) => {
        await loginAs(p, 'tesouraria');
        await p.goto('/migracao/form');
        await escolherOpcao(p, p.getByLabel('Tipo', { exact: true }), 'Cultos, com as ofertas (histórico)');
        const origem = `e2e-cultos-${Date.now()}`;
        await p.getByTestId('origem').fill(origem);
        await p.getByTestId('arquivo').setInputFiles(path.join(AMOSTRAS, 'migracao-cultos.csv'));
        await p.getByTestId('enviar').click();
        await p.waitForURL(/\/migracao\/form\/\d+$/, { waitUntil: 'commit' });

        // The kind's own fields, matched by the sheet's headers.
        await expect.poll(() => p.getByTestId('mapa-ofertas').innerText()).toContain('Ofertas');
        expect(await p.getByTestId('mapa-hora').innerText()).toContain('Horário');
        expect(await p.getByTestId('mapa-planoConta').innerText()).toContain('Plano de conta');
        await p.getByTestId('simular').click();
        await expect.poll(() => p.getByTestId('status-migracao').innerText(), { timeout: 30_000 }).toBe('Simulada');
        const contagens = p.getByTestId('contagens');
        await expect.poll(() => contagens.innerText()).toMatch(/Criados\s*3/);
        expect(await contagens.innerText()).toMatch(/Com erro\s*5/);
        await expect.poll(() => linha(p, 'C-004').count()).toBe(1);
        expect(await linha(p, 'C-004').innerText()).toContain('Valor inválido');
        expect(await linha(p, 'C-005').innerText()).toContain('Data inválida');

        await p.getByTestId('confirmar').click();
        await p.locator('.ant-popconfirm:visible').getByRole('button', { name: 'Sim' }).click();
        await expect.poll(() => p.getByTestId('status-migracao').innerText(), { timeout: 30_000 }).toBe('Concluída');

        // In the services' book, the pt-BR amount read to the cent.
        const r = await api<{ itens: { hora: string; presentes: number; ofertas: string; santaCeia: boolean }[] }>(
          p,
          'GET',
          'culto/paginado?periodoDe=2024-01-07&periodoAte=2024-01-07&quantidade=100',
        );
        expect(r.status).toBe(200);
        expect(r.corpo.itens).toContainEqual(
          expect.objectContaining({ hora: '19:30', presentes: 85, ofertas: '1250.00', santaCeia: true }),
        );
      }),
    120_000,
  );
});
