import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { api } from '../fixtures/api.js';
import { criarPelaApi, escolher, escolherOpcao, salvarE } from '../fixtures/formularios.js';
import { comPagina, linha, loginAs, usarNavegador, violacoesGraves } from '../fixtures/navegador.js';

const navegador = usarNavegador();

describe('[RECEBER] accounts receivable', () => {
  it('[RECEBER] a saved due-date filter applies by default, the totals sum the set and the export has its rows', () =>
    comPagina(navegador, 'contas-a-receber-filtro', async (p) => {
      await loginAs(p, 'tesouraria');
      // The receivable form's person, Tiago Tesoureiro, through the people select.
      const [pessoa] = await p.evaluate(async () => {
        const r = await fetch('/api/pessoa/select?busca=Tesoureiro', {
          headers: { authorization: `Bearer ${localStorage.getItem('token')}` },
        });
        return ((await r.json()) as { value: number }[]).map((o) => o.value);
      });
      const conta = (vencimento: string, valorPrevisto: string) =>
        criarPelaApi(p, 'conta-a-receber', {
          pessoaId: pessoa,
          tipo: 'OUTROS',
          mesCompetencia: Number(vencimento.slice(5, 7)),
          anoCompetencia: 2099,
          vencimento,
          valorPrevisto,
        });
      // Due after every other story's receivables, so no list of theirs loses a row to these.
      const novembro = [await conta('2099-11-10', '1000.25'), await conta('2099-11-20', '250.00')];
      const dezembro = await conta('2099-12-10', '77.00');

      await p.goto('/conta-a-receber?vencimentoDe=2099-11-01&vencimentoAte=2099-11-30');
      const filtros = p.getByTestId('filtros');
      await expect.poll(() => filtros.getByLabel('Vencimento de', { exact: true }).inputValue()).toBe('01/11/2099');
      await expect.poll(() => p.locator('.ant-table-row').count()).toBe(2);
      // The totals row sums the whole filtered set.
      await expect.poll(() => p.getByTestId('totais').innerText()).toContain('1.250,25');
      await p.getByRole('button', { name: 'Salvar filtro' }).click();
      const dialogo = p.getByRole('dialog').filter({ hasText: 'Nome do filtro' });
      await dialogo.getByLabel('Nome do filtro').fill('Novembro de 2099');
      await dialogo.getByLabel('Usar como filtro padrão').check();
      await dialogo.getByRole('button', { name: 'Salvar' }).click();
      await expect.poll(() => p.getByText('Filtro salvo.').count()).toBeGreaterThan(0);

      await p.goto('/conta-a-receber');
      await p.waitForURL((u) => u.searchParams.get('vencimentoDe') === '2099-11-01', { waitUntil: 'commit' });
      await expect.poll(() => p.locator('.ant-table-row').count()).toBe(2);
      expect(await violacoesGraves(p), 'list with totals').toEqual([]);
      const [download] = await Promise.all([
        p.waitForEvent('download'),
        p.getByRole('button', { name: 'Exportar CSV' }).click(),
      ]);
      expect(download.suggestedFilename()).toMatch(/^contas-a-receber-.*\.csv$/);
      const ids = (await readFile((await download.path())!, 'utf8'))
        .trim()
        .split('\r\n')
        .slice(1)
        .map((l) => Number(l.split(';')[0]));
      expect(ids).toEqual(novembro);
      expect(ids).not.toContain(dezembro);

      // Left as it was for the other stories of this user.
      await p.getByRole('button', { name: 'Excluir filtro salvo' }).click();
      await p.locator('.ant-popconfirm').getByRole('button', { name: 'Excluir' }).click();
      await expect.poll(() => p.getByText('Filtro excluído.').count()).toBeGreaterThan(0);
    }));

  it('[RECEBER] the treasurer records a small receivable, confirms raising its charge to R$ 5,00 and sees the charge', () =>
    comPagina(navegador, 'contas-a-receber', async (p) => {
      await loginAs(p, 'tesouraria');
      await p.goto('/conta-a-receber/form');
      const form = p.getByTestId('form-conta-a-receber');
      await escolher(p, form.getByLabel('Pessoa', { exact: true }), 'Tesoureiro', 'Tiago');
      const vencimento = form.getByLabel('Vencimento', { exact: true });
      await vencimento.fill('10/03/2099');
      await vencimento.press('Tab');
      await form.getByLabel('Valor previsto', { exact: true }).fill('3,00');
      expect(await violacoesGraves(p), 'form').toEqual([]);
      await salvarE(p, (u) => u.pathname === '/conta-a-receber');
      // The demo parish's own receivables (last year's and this year's) come first in the whole list.
      await p.goto('/conta-a-receber?vencimentoDe=2099-03-10&vencimentoAte=2099-03-10');

      // Other stories charge the same person: this receivable is the one due on 10/03/2099.
      const conta = linha(p, 'Tiago Tesoureiro').filter({ hasText: '10/03/2099' });
      await expect.poll(() => conta.count()).toBe(1);
      expect(await violacoesGraves(p), 'list').toEqual([]);
      await conta.getByRole('button', { name: 'Gerar cobrança' }).click();
      await p.locator('.ant-modal:visible').getByRole('button', { name: 'Gerar cobrança' }).click();
      const confirmacao = p.locator('.ant-modal-confirm:visible');
      await expect.poll(() => confirmacao.innerText()).toContain('R$ 5,00');
      await confirmacao.getByRole('button', { name: 'Confirmar' }).click();
      await expect.poll(() => p.getByText('Cobrança gerada.').count()).toBe(1);
      await expect.poll(() => conta.getByRole('button', { name: 'Gerar cobrança' }).count()).toBe(0);

      await conta.getByRole('button', { name: 'Visualizar' }).click();
      const cobranca = p.locator('.ant-card').filter({ hasText: 'Cobranças' }).locator('.ant-table-row');
      await expect.poll(() => cobranca.count()).toBe(1);
      expect(await cobranca.innerText()).toContain('5,00');
      expect(await cobranca.innerText()).toContain('Em aberto');

      // The charges list finds it by holder and due date, exports it, and cancels it at the provider.
      await p.goto('/cobranca?titular=tiago&vencimentoDe=2099-03-10&vencimentoAte=2099-03-10');
      await p.getByRole('heading', { name: 'Cobranças', level: 1 }).waitFor();
      const naLista = linha(p, 'Tiago Tesoureiro');
      await expect.poll(() => naLista.count()).toBe(1);
      expect(await naLista.innerText()).toContain('5,00');
      expect(await violacoesGraves(p), 'charges list').toEqual([]);
      const [download] = await Promise.all([
        p.waitForEvent('download'),
        p.getByRole('button', { name: 'Exportar CSV' }).click(),
      ]);
      expect(download.suggestedFilename()).toMatch(/^cobrancas.*\.csv$/);
      await naLista.getByRole('button', { name: 'Cancelar cobrança' }).click();
      await p.locator('.ant-popconfirm').getByRole('button', { name: 'Sim' }).click();
      await expect.poll(() => p.getByText('Cobrança cancelada.').count()).toBeGreaterThan(0);
      await expect.poll(() => naLista.count()).toBe(0);
      await escolherOpcao(p, p.getByTestId('filtros').getByLabel('Incluir canceladas'), 'Sim');
      await p.getByRole('button', { name: 'Buscar' }).click();
      await expect.poll(() => linha(p, 'Tiago Tesoureiro').count()).toBe(1);

      // An empty list reads in full contrast too (antd draws its text in the disabled colour).
      await p.goto('/cobranca?titular=nenhum-titular-assim');
      await p.locator('.ant-table-placeholder').getByText('Nenhum resultado encontrado', { exact: false }).waitFor();
      expect(await violacoesGraves(p), 'empty charges list').toEqual([]);
    }));

  it('[RECEBER] the treasurer cancels a receivable with its reason, is told why a charged one cannot be, and finds a deleted one on asking', () =>
    comPagina(navegador, 'contas-a-receber-cancelar', async (p) => {
      await loginAs(p, 'tesouraria');
      const pessoaId = (await api<{ value: number }[]>(p, 'GET', 'pessoa/select?busca=Tesoureiro')).corpo[0]!.value;
      // September of 2099: a month no other story's receivables fall in.
      const conta = (dia: number, valorPrevisto: string) =>
        criarPelaApi(p, 'conta-a-receber', {
          pessoaId,
          tipo: 'OUTROS',
          mesCompetencia: 9,
          anoCompetencia: 2099,
          vencimento: `2099-09-${dia}`,
          valorPrevisto,
        });
      const cancelada = await conta(10, '31.10');
      const cobrada = await conta(11, '32.20');
      const excluida = await conta(12, '33.30');
      await p.goto('/conta-a-receber?vencimentoDe=2099-09-01&vencimentoAte=2099-09-30');
      const linhaDe = (valor: string) => linha(p, 'Tiago Tesoureiro').filter({ hasText: valor });
      await expect.poll(() => p.locator('.ant-table-row').count()).toBe(3);
      const dialogo = p.locator('.ant-modal:visible').filter({ hasText: 'Cancelar a conta de Tiago Tesoureiro' });

      // No reason, no cancel; with one, the receivable is Cancelado and keeps it.
      await linhaDe('31,10').getByRole('button', { name: 'Cancelar conta' }).click();
      await dialogo.getByRole('button', { name: 'Confirmar' }).click();
      await expect.poll(() => dialogo.locator('.ant-form-item-explain-error').count()).toBe(1);
      expect(await violacoesGraves(p), 'cancel dialog').toEqual([]);
      await dialogo.getByLabel('Motivo').fill('Pessoa transferida para outra paróquia');
      await dialogo.getByRole('button', { name: 'Confirmar' }).click();
      await expect.poll(() => p.getByText('Conta cancelada.').count()).toBeGreaterThan(0);
      await expect.poll(() => linhaDe('31,10').innerText()).toContain('Cancelado');
      expect((await api(p, 'GET', `conta-a-receber/${cancelada}`)).corpo).toMatchObject({
        status: 'CANCELADO',
        motivoCancelamento: 'Pessoa transferida para outra paróquia',
      });
      await expect.poll(() => linhaDe('31,10').getByRole('button', { name: 'Cancelar conta' }).count()).toBe(0);

      // Charged by someone else while the dialog was open: the server's reason is shown.
      await linhaDe('32,20').getByRole('button', { name: 'Cancelar conta' }).click();
      await dialogo.getByLabel('Motivo').fill('Lançada em duplicidade');
      expect((await api(p, 'POST', 'cobranca', { contaAReceberId: cobrada, forma: 'BOLETO' })).status).toBe(201);
      await dialogo.getByRole('button', { name: 'Confirmar' }).click();
      await expect
        .poll(() =>
          p.getByText('Só contas a receber em aberto ou vencidas e sem cobrança gerada', { exact: false }).count(),
        )
        .toBeGreaterThan(0);
      await dialogo.getByRole('button', { name: 'Cancelar' }).click();
      expect((await api<{ status: string }>(p, 'GET', `conta-a-receber/${cobrada}`)).corpo.status).toBe('ABERTO');

      // Deleted: out of the list and its totals, back when excluded ones are asked for.
      await linhaDe('33,30').getByRole('button', { name: 'Excluir' }).click();
      await p.locator('.ant-popconfirm').getByRole('button', { name: 'Excluir' }).click();
      await expect.poll(() => linhaDe('33,30').count()).toBe(0);
      await expect.poll(() => p.getByTestId('totais').innerText()).toContain('63,30');
      await escolherOpcao(p, p.getByTestId('filtros').getByLabel('Incluir excluídas'), 'Sim');
      await p.getByRole('button', { name: 'Buscar' }).click();
      await p.waitForURL((u) => u.searchParams.get('incluirExcluidos') === 'true', { waitUntil: 'commit' });
      await expect.poll(() => linhaDe('33,30').count()).toBe(1);
      expect(await linhaDe('33,30').innerText()).toContain('Excluído');
      expect((await api<{ status: string }>(p, 'GET', `conta-a-receber/${excluida}`)).corpo.status).toBe('EXCLUIDO');
    }));
});
