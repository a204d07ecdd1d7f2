import { describe, expect, it } from 'vitest';
import { escolher, escolherOpcao } from '../fixtures/formularios.js';
import { comPagina, loginAs, usarNavegador } from '../fixtures/navegador.js';

const navegador = usarNavegador();

/** What is typed in the receivable's expected value, in which language, and what the API must store. */
const CASOS = [
  { idioma: 'br', digitado: '1.250,00', guardado: '1250.00' },
  { idioma: 'br', digitado: '1250', guardado: '1250.00' },
  { idioma: 'br', digitado: '1250,5', guardado: '1250.50' },
  { idioma: 'br', digitado: '0,01', guardado: '0.01' },
  { idioma: 'en', digitado: '1,250.00', guardado: '1250.00' },
] as const;

const ROTULOS = {
  br: { pessoa: 'Pessoa', vencimento: 'Vencimento', valor: 'Valor previsto', salvar: 'Salvar', data: '10/04/2098' },
  en: { pessoa: 'Person', vencimento: 'Due date', valor: 'Expected value', salvar: 'Save', data: '04/10/2098' },
};

describe('[DINHEIRO] money typed as the user writes it', () => {
  it('[DINHEIRO] the receivable form stores exactly the amount typed, in Portuguese and in English', () =>
    comPagina(navegador, 'dinheiro', async (p) => {
      await loginAs(p, 'tesouraria');
      for (const caso of CASOS) {
        const r = ROTULOS[caso.idioma];
        await p.evaluate((i) => localStorage.setItem('idioma', i), caso.idioma);
        await p.goto('/conta-a-receber/form');
        const form = p.getByTestId('form-conta-a-receber');
        await escolher(p, form.getByLabel(r.pessoa, { exact: true }), 'Tesoureiro', 'Tiago');
        const vencimento = form.getByLabel(r.vencimento, { exact: true });
        await vencimento.fill(r.data);
        await vencimento.press('Tab');
        await form.getByLabel(r.valor, { exact: true }).fill(caso.digitado);
        const [resposta] = await Promise.all([
          p.waitForResponse(
            (x) => /^\/api\/conta-a-receber\/?$/.test(new URL(x.url()).pathname) && x.request().method() === 'POST',
          ),
          p.getByRole('button', { name: r.salvar, exact: true }).click(),
        ]);
        expect(resposta.status(), caso.digitado).toBe(201);
        const salvo = (await resposta.json()) as { id: number; valorPrevisto: string };
        expect(salvo.valorPrevisto, `${caso.idioma} ${caso.digitado}`).toBe(caso.guardado);
        // Read back from the API, not only the create answer.
        const lido = await p.evaluate(async (id) => {
          const x = await fetch(`/api/conta-a-receber/${id}`, {
            headers: { authorization: `Bearer ${localStorage.getItem('token')}` },
          });
          return ((await x.json()) as { valorPrevisto: string }).valorPrevisto;
        }, salvo.id);
        expect(lido).toBe(caso.guardado);
        await p.waitForURL((u) => u.pathname === '/conta-a-receber');
      }
    }));

  it('[DINHEIRO] the cash account and the ledger entry store the amount typed, in Portuguese and in English', () =>
    comPagina(navegador, 'dinheiro-livro', async (p) => {
      const marca = `d${Date.now().toString(36)}`;
      await loginAs(p, 'tesouraria');
      const casos = [
        {
          idioma: 'br',
          digitado: '1.250,00',
          nome: 'Nome',
          tipo: 'Tipo de conta',
          caixa: 'Caixa',
          saldo: 'Saldo inicial',
          desde: 'Data do saldo inicial',
          data: '01/01/2026',
        },
        {
          idioma: 'en',
          digitado: '1,250.00',
          nome: 'Name',
          tipo: 'Account type',
          caixa: 'Cash box',
          saldo: 'Opening balance',
          desde: 'Opening balance date',
          data: '01/01/2026',
        },
      ] as const;
      for (const c of casos) {
        await p.evaluate((i) => localStorage.setItem('idioma', i), c.idioma);
        await p.goto('/conta-caixa/form');
        const form = p.getByTestId('form-cadastro');
        await form.getByLabel(c.nome, { exact: true }).fill(`Caixa ${marca} ${c.idioma}`);
        await escolherOpcao(p, form.getByLabel(c.tipo, { exact: true }), c.caixa);
        await form.getByLabel(c.saldo, { exact: true }).fill(c.digitado);
        const desde = form.getByLabel(c.desde, { exact: true });
        await desde.fill(c.data);
        await desde.press('Tab');
        const [resposta] = await Promise.all([
          p.waitForResponse(
            (x) => /^\/api\/conta-caixa\/?$/.test(new URL(x.url()).pathname) && x.request().method() === 'POST',
          ),
          p.getByRole('button', { name: /^(Salvar|Save)$/ }).click(),
        ]);
        expect(resposta.status(), c.digitado).toBe(201);
        expect(((await resposta.json()) as { saldoInicial: string }).saldoInicial, c.digitado).toBe('1250.00');
      }
      await p.evaluate(() => localStorage.setItem('idioma', 'br'));
    }));
});
