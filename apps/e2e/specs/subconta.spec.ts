import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { api, chaveDaSubconta, provedorFake } from '../fixtures/api.js';
import { criarPelaApi, emitirRecibo, escolher } from '../fixtures/formularios.js';
import {
  comPagina,
  linha,
  loginAs,
  textoAposRecarregar,
  usarNavegador,
  violacoesGraves,
} from '../fixtures/navegador.js';

const navegador = usarNavegador();

/** The check digits of a CPF or CNPJ body (mod 11, the given weights). */
const digito = (corpo: number[], pesos: number[]) => {
  const r = corpo.reduce((s, d, i) => s + d * pesos[i]!, 0) % 11;
  return r < 2 ? 0 : 11 - r;
};
const aleatorios = (n: number) => Array.from({ length: n }, () => Math.floor(Math.random() * 10));
/** A valid CPF of the story's own (the provider refuses an invalid one). */
function cpf() {
  const c = [...aleatorios(8), 1];
  c.push(digito(c, [10, 9, 8, 7, 6, 5, 4, 3, 2]));
  c.push(digito(c, [11, 10, 9, 8, 7, 6, 5, 4, 3, 2]));
  return c.join('');
}
/** A valid CNPJ (headquarters, 0001) of the story's own. */
function cnpj() {
  const c = [...aleatorios(8), 0, 0, 0, 1];
  c.push(digito(c, [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2]));
  c.push(digito(c, [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2]));
  return c.join('');
}

type Subconta = { organizacaoId: number; organizacaoNome: string; walletId: string | null };

/**
 * A parish no other story charges through: the last of the organization select's parishes that is
 * not the demo treasurer's (whose charges the other stories pay with the main account's key).
 */
async function paroquiaDaHistoria(p: Page) {
  const { corpo: tesoureiro } = await api<{ value: number }[]>(p, 'GET', 'pessoa/select?busca=Tesoureiro');
  const { corpo: tesouraria } = await api<{ organizacaoId: number }>(p, 'GET', `pessoa/${tesoureiro[0]!.value}`);
  const { corpo: opcoes } = await api<{ value: number; label: string }[]>(
    p,
    'GET',
    'organizacao/select?busca=Par%C3%B3quia',
  );
  const paroquias = opcoes.filter(
    (o) => o.label.startsWith('Paróquia') && !o.label.includes('Canguçu') && o.value !== tesouraria.organizacaoId,
  );
  expect(paroquias.length).toBeGreaterThan(1);
  return paroquias.at(-1)!;
}

describe('[SUBCONTA] a parish charges through its own sub-account (issue 17 item 2)', () => {
  it(
    "[SUBCONTA] the administrator creates the parish's sub-account; its charge is paid there and comes back by the sub-account's webhook",
    () =>
      comPagina(navegador, 'subconta', async (p) => {
        await loginAs(p, 'admin');
        const paroquia = await paroquiaDaHistoria(p);

        // The sub-account, created through the screen.
        await p.goto('/subconta');
        await p.getByTestId('novo').click();
        const modal = p.locator('.ant-modal:visible');
        await escolher(p, modal.getByRole('combobox', { name: 'Organização' }), paroquia.label, paroquia.label);
        await modal.getByLabel('Nome', { exact: true }).fill(`Tesouraria ${paroquia.label}`);
        await modal.getByLabel('E-mail', { exact: true }).fill(`subconta-${Date.now()}@paroquia.example`);
        await modal.getByLabel('CNPJ', { exact: true }).fill(cnpj());
        await modal.getByLabel('Celular', { exact: true }).fill('51999887766');
        await modal.getByLabel('Faturamento mensal', { exact: true }).fill('12.500,00');
        await modal.getByLabel('Endereço', { exact: true }).fill('Rua da Igreja');
        await modal.getByLabel('Número', { exact: true }).fill('100');
        await modal.getByLabel('Bairro', { exact: true }).fill('Centro');
        await modal.getByLabel('CEP', { exact: true }).fill('93010000');
        await modal.getByRole('button', { name: 'Salvar' }).click();
        await expect.poll(() => p.getByText('Subconta criada no provedor de pagamentos.').count()).toBeGreaterThan(0);
        const { corpo: subcontas } = await api<{ itens: Subconta[] }>(
          p,
          'GET',
          'subconta/paginado?pagina=1&quantidade=100',
        );
        const subconta = subcontas.itens.find((s) => s.organizacaoId === paroquia.value)!;
        expect(subconta.walletId).toMatch(/\S/);
        const naLista = linha(p, subconta.organizacaoNome);
        await expect.poll(() => naLista.count()).toBe(1);
        expect(await naLista.innerText()).toContain(subconta.walletId!);
        expect(await violacoesGraves(p), 'sub-accounts list').toEqual([]);

        // SIG put its webhook on the new account (seen with that account's key, its owner's view).
        const chave = await chaveDaSubconta(subconta.walletId!);
        const webhooks = (await (await provedorFake('GET', '/webhooks', undefined, chave)).json()) as {
          data: { name: string; url: string; enabled: boolean }[];
        };
        expect(webhooks.data).toEqual([
          expect.objectContaining({
            name: 'SIG',
            enabled: true,
            url: expect.stringMatching(/\/api\/webhooks\/asaas$/),
          }),
        ]);

        // A receivable of the parish, charged from the receivables list.
        const sobrenome = `Subconta ${Date.now().toString(36)}`;
        const pessoaId = await criarPelaApi(p, 'pessoa', {
          organizacaoId: paroquia.value,
          nome: 'Marta',
          sobrenome,
          cpf: cpf(),
        });
        const centavos = String(Date.now() % 100).padStart(2, '0');
        const contaId = await criarPelaApi(p, 'conta-a-receber', {
          organizacaoId: paroquia.value,
          pessoaId,
          tipo: 'OUTROS',
          mesCompetencia: 8,
          anoCompetencia: 2098,
          vencimento: '2098-08-15',
          valorPrevisto: `64.${centavos}`,
        });
        await p.goto(`/conta-a-receber?pessoaId=${pessoaId}&vencimentoDe=2098-08-15&vencimentoAte=2098-08-15`);
        const conta = linha(p, `Marta ${sobrenome}`);
        await expect.poll(() => conta.count()).toBe(1);
        expect(await conta.innerText()).toContain(`64,${centavos}`);
        await conta.getByRole('button', { name: 'Gerar cobrança' }).click();
        const cobrar = p.locator('.ant-modal:visible');
        await cobrar.getByRole('button', { name: 'Gerar cobrança' }).click();
        await expect.poll(() => p.getByText('Cobrança gerada.').count()).toBe(1);
        await expect.poll(() => conta.innerText()).toContain('Em aberto');

        // The payment is the sub-account's: the main key does not see it, the sub-account's does.
        const { corpo: cobrancas } = await api<{ provedorId: string; valor: string }[]>(
          p,
          'GET',
          `cobranca?contaAReceberId=${contaId}`,
        );
        expect(cobrancas).toHaveLength(1);
        const pagamento = cobrancas[0]!.provedorId;
        expect((await provedorFake('GET', `/payments/${pagamento}`)).status).toBe(404);
        const naSubconta = await provedorFake('GET', `/payments/${pagamento}`, undefined, chave);
        expect(naSubconta.status).toBe(200);
        expect(await naSubconta.json()).toMatchObject({ status: 'PENDING', value: Number(`64.${centavos}`) });

        // The holder pays at the provider: only the sub-account's webhook can tell SIG.
        const pago = await provedorFake('POST', `/sandbox/payment/${pagamento}/confirm`, undefined, chave);
        expect(pago.status, await pago.text()).toBe(200);
        await expect.poll(() => textoAposRecarregar(p, conta), { timeout: 60_000, interval: 1_000 }).toContain('Pago');
        const { corpo: lida } = await api<{ status: string; valorPago: string | null }>(
          p,
          'GET',
          `conta-a-receber/${contaId}`,
        );
        expect(lida).toMatchObject({ status: 'PAGO', valorPago: `64.${centavos}` });
        // Paid: the amount paid in its column.
        expect((await conta.innerText()).match(new RegExp(`64,${centavos}`, 'g'))).toHaveLength(2);

        // Its receipt, issued on the receipts screen for the parish's payment.
        await emitirRecibo(p, sobrenome, `Marta ${sobrenome}`, `64,${centavos}`);
        const { corpo: recibos } = await api<{ itens: { id: number; total: string; estornadoEm: string | null }[] }>(
          p,
          'GET',
          `recibo/paginado?pessoaId=${pessoaId}&pagina=1&quantidade=10`,
        );
        expect(recibos.itens).toEqual([expect.objectContaining({ total: `64.${centavos}`, estornadoEm: null })]);
        await p.goto(`/lista-de-recibos?pessoaId=${pessoaId}`);
        const recibo = linha(p, `Marta ${sobrenome}`);
        await expect.poll(() => recibo.count()).toBe(1);
        expect(await recibo.innerText()).toContain(`64,${centavos}`);
        expect(await violacoesGraves(p), 'receipts list').toEqual([]);
      }),
    // Two screens, a provider round trip and a webhook: longer than one screen's story.
    180_000,
  );
});
