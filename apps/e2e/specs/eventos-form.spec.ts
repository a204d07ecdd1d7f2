import { describe, expect, it } from 'vitest';
import { api } from '../fixtures/api.js';
import { salvarE } from '../fixtures/formularios.js';
import { comPagina, linha, loginAs, usarNavegador, violacoesGraves } from '../fixtures/navegador.js';

const navegador = usarNavegador();

type Evento = {
  id: number;
  nome: string;
  formasPagamento: string[];
  lotes: { numero: number; valor: string; quantidade: number }[];
  oficinas: { nome: string; vagas: number; categoria: string | null; horario: string | null }[];
};

describe('[EVENTOS] event with registrations form', () => {
  it(
    '[EVENTOS] creates a congress with 2 lots and 2 workshops, the value typed as the user writes money',
    () =>
      comPagina(navegador, 'eventos-form', async (p) => {
        const marca = Date.now().toString(36);
        const ano = new Date().getUTCFullYear() + 1;
        await loginAs(p, 'sinodo');
        await p.goto('/evento-com-inscricao/form');
        const form = p.getByTestId('form-evento-com-inscricao');
        await form.getByTestId('evento-codigo').fill(`cong-${marca}`);
        await form.getByTestId('evento-nome').fill(`Congresso ${marca}`);
        for (const [rotulo, valor] of [
          ['Início', `15/01/${ano} 19:00`],
          ['Fim', `17/01/${ano} 12:00`],
          ['Prazo de inscrição', `10/01/${ano} 23:00`],
        ] as const) {
          const campo = form.getByLabel(rotulo, { exact: true });
          await campo.fill(valor);
          await campo.press('Enter');
        }
        await form.getByLabel('Boleto', { exact: true }).check();

        // Lot 1 comes with the form; the second is added. Money is typed as a Brazilian writes it.
        await form.getByLabel('Valor 1', { exact: true }).fill('1.250,00');
        await form.getByTestId('lote-0-quantidade').fill('100');
        await form.getByTestId('adicionar-lote').click();
        await form.getByLabel('Valor 2', { exact: true }).fill('1.480,50');
        await form.getByTestId('lote-1-quantidade').fill('50');

        for (const [i, nome, vagas] of [
          [0, 'Louvor e banda', '30'],
          [1, 'Teatro', '25'],
        ] as const) {
          await form.getByTestId('adicionar-oficina').click();
          await form.getByTestId(`oficina-${i}-nome`).fill(nome);
          await form.getByTestId(`oficina-${i}-vagas`).fill(vagas);
        }
        await form.getByTestId('secao-camiseta').getByLabel('Pedir').check();
        expect(await violacoesGraves(p), 'form').toEqual([]);
        await salvarE(p, (u) => u.pathname === '/evento-com-inscricao');

        await p.goto(`/evento-com-inscricao?nome=${marca}`);
        await expect.poll(() => linha(p, `Congresso ${marca}`).count()).toBe(1);
        const lista = await api<{ itens: { id: number }[] }>(p, 'GET', `evento-com-inscricao/paginado?nome=${marca}`);
        const lido = await api<Evento>(p, 'GET', `evento-com-inscricao/${lista.corpo.itens[0]!.id}`);
        expect(lido.corpo.formasPagamento).toEqual(['PIX', 'BOLETO']);
        expect(lido.corpo.lotes.map(({ numero, valor, quantidade }) => ({ numero, valor, quantidade }))).toEqual([
          { numero: 1, valor: '1250.00', quantidade: 100 },
          { numero: 2, valor: '1480.50', quantidade: 50 },
        ]);
        expect(lido.corpo.oficinas.map(({ nome, vagas }) => ({ nome, vagas }))).toEqual([
          { nome: 'Louvor e banda', vagas: 30 },
          { nome: 'Teatro', vagas: 25 },
        ]);

        // Opened again, the lot's value reads back in the user's format.
        await linha(p, `Congresso ${marca}`).getByRole('button', { name: 'Editar' }).click();
        await expect
          .poll(() => p.getByTestId('form-evento-com-inscricao').getByLabel('Valor 1', { exact: true }).inputValue())
          .toBe('1.250,00');
      }),
    180_000,
  );
});
