import { describe, expect, it } from 'vitest';
import { escolher } from '../fixtures/formularios.js';
import { comPagina, linha, loginAs, usarNavegador, violacoesGraves } from '../fixtures/navegador.js';

const navegador = usarNavegador();

describe('[CLIENTES] provider customers', () => {
  it('[CLIENTES] the treasurer makes a person a provider customer and finds her in the list', () =>
    comPagina(navegador, 'clientes', async (p) => {
      await loginAs(p, 'tesouraria');
      await p.goto('/clientes');
      await p.getByRole('heading', { name: 'Clientes', level: 1 }).waitFor();
      await p.getByTestId('novo').click();
      const modal = p.locator('.ant-modal:visible');
      await escolher(p, modal.getByLabel('Pessoa', { exact: true }), 'Tesoureiro', 'Tiago');
      await modal.getByRole('button', { name: 'Enviar ao provedor' }).click();
      await expect.poll(() => p.getByText('A pessoa é cliente no provedor de pagamentos.').count()).toBeGreaterThan(0);

      await p.getByLabel('Nome', { exact: true }).fill('tesoureiro');
      await p.getByRole('button', { name: 'Buscar' }).click();
      const cliente = linha(p, 'Tiago Tesoureiro');
      await expect.poll(() => cliente.count()).toBe(1);
      expect(await cliente.innerText()).toMatch(/cus_/);
      expect(await violacoesGraves(p), 'customers').toEqual([]);
    }));
});
