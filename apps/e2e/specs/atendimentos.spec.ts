import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { escolher, escolherOpcao, salvarE } from '../fixtures/formularios.js';
import { comPagina, loginAs, usarNavegador, violacoesGraves } from '../fixtures/navegador.js';

const navegador = usarNavegador();

const textoDe = (p: Page, testId: string) => p.getByTestId(testId).first().textContent();

describe('[ATENDIMENTOS] a request is opened, triaged and answered', () => {
  it(
    '[ATENDIMENTOS] the parish asks, triage sends it to a team, the agent answers; the requester sees the change live and no internal note',
    () =>
      comPagina(navegador, 'atendimento-solicitante', async (p) => {
        const assunto = `Certidão de batismo ${Date.now().toString(36)}`;
        await loginAs(p, 'paroquia');
        await p.goto('/atendimento-meus-atendimentos');
        await p.getByTestId('novo').click();
        await p.waitForURL('**/atendimento/formMinhasSolicitacoes', { waitUntil: 'commit' });
        // The form is ready when the user is filled in as the responsible (the owner until triage).
        await expect.poll(() => p.locator('#atendimento').getByText('Paula Paroquial').count()).toBe(1);
        await escolher(p, p.getByLabel('Categoria', { exact: true }), 'Certid', 'Certidões e documentos');
        // The category tells what the request must bring.
        await expect.poll(() => p.getByText('Informe o nome da pessoa, a data do registro').count()).toBe(1);
        await escolher(
          p,
          p.getByLabel('Organização de destino', { exact: true }),
          'Rio dos Sinos',
          'Sínodo Rio dos Sinos',
        );
        await p.getByRole('button', { name: 'Salvar' }).click();
        await expect.poll(() => p.getByText('Por favor, informe o campo Assunto').count()).toBe(1);
        expect(await violacoesGraves(p), 'form').toEqual([]);
        await p.getByLabel('Assunto', { exact: true }).fill(assunto);
        await p
          .getByLabel('Descrição', { exact: true })
          .fill('Certidão de batismo de Maria Schmidt, batizada em 1987.');
        await p.getByRole('button', { name: 'Salvar' }).click();
        await p.waitForURL(/\/atendimento\/formEdicaoMinhasSolicitacoes\/\d+\/false\/false\/visualizacao$/, {
          waitUntil: 'commit',
        });
        const id = Number(/formEdicaoMinhasSolicitacoes\/(\d+)/.exec(p.url())![1]);
        const protocolo = ((await textoDe(p, 'protocolo')) ?? '').split(' ')[0]!;
        expect(protocolo).toMatch(/^\d{4}-\d{6}$/);
        await expect.poll(() => textoDe(p, 'status')).toBe('Aberto');

        await comPagina(navegador, 'atendimento-agente', async (a) => {
          await loginAs(a, 'atendimento');
          // Triage: the new request of the synod, sent to its team.
          await a.goto('/atendimento-triagem');
          const linha = a.getByTestId(`atendimento-${protocolo}`);
          await linha.waitFor();
          expect(await linha.textContent()).toContain('Paula Paroquial');
          await linha.getByRole('button', { name: 'Editar' }).click();
          await a.waitForURL(`**/atendimento/formEdicaoTriagem/${id}`, { waitUntil: 'commit' });
          await a.getByTestId('triar').click();
          const triagem = a.getByRole('dialog');
          await escolherOpcao(a, triagem.getByLabel('Time', { exact: true }), 'Secretaria do Sínodo');
          await triagem.getByLabel('Parecer', { exact: true }).fill('Encaminhado à secretaria do sínodo.');
          await a.getByTestId('confirmar-triagem').click();
          await a.waitForURL(/\/atendimento-triagem(\?.*)?$/, { waitUntil: 'commit' });
          await expect.poll(() => a.getByTestId(`atendimento-${protocolo}`).count()).toBe(0);

          // The team's inbox now has it: an internal note, then a status change with its opinion.
          await a.goto('/atendimento-caixa-entrada');
          await a.getByTestId(`atendimento-${protocolo}`).getByRole('button', { name: 'Editar' }).click();
          await a.waitForURL(`**/atendimento/formEdicaoCaixaEntrada/${id}`, { waitUntil: 'commit' });
          await a.getByRole('tab', { name: /Comentários/ }).click();
          await a.getByLabel('Novo comentário', { exact: true }).fill('Conferir com o pastor antes de emitir.');
          await a.getByTestId('interno').click();
          await a.getByTestId('comentar').click();
          await expect.poll(() => a.getByTestId('comentario').count()).toBe(1);
          expect(await textoDe(a, 'comentario')).toContain('Interno');

          await a.getByTestId('mudar-status').click();
          const dialogo = a.getByRole('dialog');
          await escolherOpcao(a, dialogo.getByLabel('Status', { exact: true }), 'Em andamento');
          await a.getByTestId('confirmar-status').click();
          await expect.poll(() => dialogo.getByText('Por favor, informe o campo Parecer').count()).toBe(1);
          await dialogo.getByLabel('Parecer', { exact: true }).fill('Buscando o registro no livro de batismos.');
          await a.getByTestId('confirmar-status').click();
          await expect.poll(() => textoDe(a, 'status')).toBe('Em andamento');
          expect(await violacoesGraves(a), 'ticket').toEqual([]);

          // The synod's indicator counts it among this month's tickets, by status.
          await a.goto('/indicadores/atendimentos');
          await expect.poll(() => textoDe(a, 'total-atendimentos')).toMatch(/[1-9]/);
          const porStatus = a.getByTestId('grafico-porStatus');
          await porStatus.getByRole('button', { name: 'Ver como tabela' }).click();
          expect((await porStatus.locator('tbody tr.ant-table-row').allTextContents()).join(' ')).toContain(
            'Em andamento',
          );
        });

        // The requester's open screen followed the change through the hub, without a reload.
        await expect.poll(() => textoDe(p, 'status'), { timeout: 15_000 }).toBe('Em andamento');
        await p.getByRole('tab', { name: 'Histórico' }).click();
        await expect.poll(() => p.getByTestId('atividade').count()).toBe(3);
        const historico = (await p.getByTestId('atividade').allTextContents()).join(' ');
        expect(historico).toContain('Buscando o registro no livro de batismos.');
        await p.getByRole('tab', { name: /Comentários/ }).click();
        expect(await p.getByTestId('comentario').count()).toBe(0);
        expect(await p.content()).not.toContain('Conferir com o pastor');
        // And in the list of their requests.
        await p.goto('/atendimento-meus-atendimentos');
        await expect.poll(() => p.getByTestId(`atendimento-${protocolo}`).textContent()).toContain('Em andamento');
      }),
    180_000,
  );
});

describe('[ATENDIMENTOS] icons', () => {
  it(
    '[ATENDIMENTOS] an agent registers an icon from the bundled set and a category shows it',
    () =>
      comPagina(navegador, 'atendimento-icones', async (p) => {
        const marca = Date.now().toString(36);
        await loginAs(p, 'atendimento');
        await p.goto('/icones/form');
        await p.getByLabel('Nome', { exact: true }).fill(`Aconselhamento ${marca}`);
        await escolher(p, p.getByLabel('Símbolo', { exact: true }), 'Cora', 'Coração');
        // The chosen glyph is drawn in the select.
        await expect.poll(() => p.locator('.ant-select .anticon-heart').count()).toBe(1);
        // The closing dropdown's unnamed listbox would be flagged by the accessibility check below.
        await expect.poll(() => p.locator('.ant-select-dropdown:visible').count()).toBe(0);
        expect(await violacoesGraves(p), 'icon form').toEqual([]);
        await salvarE(p, (u) => u.pathname === '/icones');

        await p.goto('/categoria-atendimentos/form');
        await p.getByLabel('Nome', { exact: true }).fill(`Conversa pastoral ${marca}`);
        await escolher(p, p.getByLabel('Ícone', { exact: true }), 'Aconselhamento', `Aconselhamento ${marca}`);
        await salvarE(p, (u) => u.pathname === '/categoria-atendimentos');
        const linha = p.locator('.ant-table-row').filter({ hasText: `Conversa pastoral ${marca}` });
        await linha.waitFor();
        await expect.poll(() => linha.locator('.anticon-heart').count()).toBe(1);
        expect(await linha.textContent()).toContain(`Aconselhamento ${marca}`);
        expect(await violacoesGraves(p), 'category list').toEqual([]);
      }),
    120_000,
  );
});
