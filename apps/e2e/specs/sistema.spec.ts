import { describe, expect, it } from 'vitest';
import { comPagina, linha, loginAs, usarNavegador, violacoesGraves } from '../fixtures/navegador.js';

const navegador = usarNavegador();

/** The demo's mail that a server refused for good. */
const RECUSADO = 'contato@comunidade-antiga.example';

describe('[SISTEMA] the mail outbox and the background jobs', () => {
  it('[SISTEMA] the admin finds the failed e-mail with its SMTP error, reads it and sends it again', () =>
    comPagina(navegador, 'sistema-caixa-de-saida', async (p) => {
      await loginAs(p, 'admin');
      // What went out is there too (found by its recipient: the demo's term requests fill the first pages).
      await p.goto('/caixa-de-saida?para=paroquia-da-paz.example');
      await expect.poll(() => p.title()).toBe('SIG - Caixa de saída de e-mails');
      const enviado = linha(p, 'secretaria@paroquia-da-paz.example');
      await expect.poll(() => enviado.count()).toBe(1);
      expect(await enviado.innerText()).toContain('Enviado');

      // The admin looks the refused address up by the recipient filter.
      await p.getByTestId('filtros').getByLabel('Destinatário', { exact: true }).fill(RECUSADO);
      await p.getByRole('button', { name: 'Buscar' }).click();
      await p.waitForURL((u) => u.searchParams.get('para') === RECUSADO, { waitUntil: 'commit' });
      const recusado = linha(p, RECUSADO);
      await expect.poll(() => recusado.count()).toBe(1);
      expect(await recusado.innerText()).toContain('Erro');
      expect(await recusado.innerText()).toContain('Recipient address rejected: User unknown');
      expect(await violacoesGraves(p), 'list').toEqual([]);

      await recusado.getByRole('button', { name: 'Ver mensagem' }).click();
      const mensagem = p.locator('.ant-modal:visible');
      await expect.poll(() => mensagem.getByTestId('texto').innerText()).toContain('reunião do conselho');
      expect(await mensagem.innerText()).toContain('SIG: aviso da paróquia');
      await mensagem.getByRole('button', { name: 'Fechar' }).click();

      await recusado.getByRole('button', { name: 'Reenviar' }).click();
      await p.locator('.ant-popover:visible').getByRole('button', { name: 'Sim' }).click();
      await expect.poll(() => p.getByText('O e-mail voltou para a caixa de saída.').count()).toBeGreaterThan(0);
      // No SMTP in this install: it waits in the outbox, its error and attempts cleared.
      await expect.poll(() => recusado.innerText()).toContain('Pendente');
      expect(await recusado.innerText()).not.toContain('User unknown');
      expect(await recusado.getByRole('button', { name: 'Reenviar' }).count()).toBe(0);

      await p.getByTestId('filtros').getByLabel('Situação', { exact: true }).click();
      await p.locator('.ant-select-item-option[title="Erro"]').click();
      await p.keyboard.press('Escape');
      await p.getByRole('button', { name: 'Buscar' }).click();
      await p.waitForURL((u) => u.searchParams.get('situacao') === 'ERRO', { waitUntil: 'commit' });
      await expect.poll(() => p.getByText('Nenhum resultado encontrado.', { exact: false }).count()).toBeGreaterThan(0);
    }));

  it('[SISTEMA] the admin sees the jobs the worker ran at start, by queue and state', () =>
    comPagina(navegador, 'sistema-tarefas', async (p) => {
      await loginAs(p, 'admin');
      await p.goto('/tarefas?fila=receber.marcar-vencidas');
      await expect.poll(() => p.title()).toBe('SIG - Tarefas em segundo plano');
      const marcacao = linha(p, 'Marcar contas a receber vencidas');
      await expect.poll(() => marcacao.count()).toBeGreaterThan(0);
      expect(await marcacao.first().innerText()).toContain('Concluída');
      expect(await marcacao.first().innerText()).toContain('1 / 4');
      expect(await violacoesGraves(p), 'list').toEqual([]);
      await marcacao.first().getByRole('button', { name: 'Ver tarefa' }).click();
      await expect
        .poll(() => p.locator('.ant-modal:visible').getByTestId('detalhe-tarefa').innerText())
        .toContain('vencidas');
    }));
});
