import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { apiFalsa, montar, prepararTelas, sessaoDeAdministrador } from '../../../test/ambiente';
import { useAutorizacao } from '../../platform/autorizacao';
import LancamentoFormPage from './LancamentoFormPage';

/** The page once the session's permissions are in, as the app's shell shows it. */
function Pagina() {
  return useAutorizacao().carregando ? null : <LancamentoFormPage />;
}

prepararTelas();
afterEach(() => localStorage.clear());

const CONTAS = [
  { value: 1, label: 'Ofertas', tipoPlanoConta: 'ANALITICA', naturezaPlanoConta: 'RECEITA' },
  { value: 2, label: 'Transferências', tipoPlanoConta: 'ANALITICA', naturezaPlanoConta: 'TRANSFERENCIA' },
];

/** The chart's lookup as the server answers it: filtered by the query's nature and type. */
function api() {
  return apiFalsa([
    sessaoDeAdministrador(),
    {
      metodo: 'GET',
      caminho: /^\/api\/plano-de-conta\/select$/,
      responder: (url) => {
        const natureza = url.searchParams.get('naturezaPlanoConta');
        const tipo = url.searchParams.get('tipoPlanoConta');
        return {
          corpo: CONTAS.filter(
            (c) => (!natureza || c.naturezaPlanoConta === natureza) && (!tipo || c.tipoPlanoConta === tipo),
          ).map(({ value, label }) => ({ value, label })),
        };
      },
    },
    { metodo: 'GET', caminho: /\/select$/, responder: () => ({ corpo: [] }) },
  ]);
}

const campo = (rotulo: string) => screen.getByLabelText(rotulo, { selector: 'input' });

/** Opens the chart account's select and reads the options its own dropdown offers. */
async function opcoesDoPlano() {
  const select = campo('Conta do plano de contas');
  await userEvent.setup().click(select);
  const opcoes = () => [
    ...document.querySelectorAll(`.ant-select-dropdown:has([id="${select.id}_list"]) .ant-select-item-option`),
  ];
  await waitFor(() => expect(opcoes().length).toBeGreaterThan(0));
  return opcoes().map((o) => o.textContent);
}

describe('LancamentoFormPage', () => {
  it('offers a transfer only the transfer accounts, asked of the server', async () => {
    const { pedidos } = api();
    montar(<Pagina />, '/lancamento-caixa/form', '/lancamento-caixa/form');
    const u = userEvent.setup();
    await u.click(await screen.findByLabelText('Tipo', { selector: 'input' }));
    await u.click(await screen.findByTitle('Transferência'));

    expect(await opcoesDoPlano()).toEqual(['Transferências']);
    const consultas = pedidos.filter((p) => p.url.pathname === '/api/plano-de-conta/select');
    expect(consultas.at(-1)?.url.searchParams.get('naturezaPlanoConta')).toBe('TRANSFERENCIA');
    expect(consultas.at(-1)?.url.searchParams.get('tipoPlanoConta')).toBe('ANALITICA');
  }, 60_000);

  it('offers money in every analytic account', async () => {
    const { pedidos } = api();
    montar(<Pagina />, '/lancamento-caixa/form', '/lancamento-caixa/form');
    await screen.findByLabelText('Tipo', { selector: 'input' });

    const opcoes = await opcoesDoPlano();
    expect(opcoes).toEqual(['Ofertas', 'Transferências']);
    const consulta = pedidos.filter((p) => p.url.pathname === '/api/plano-de-conta/select').at(-1);
    expect(consulta?.url.searchParams.has('naturezaPlanoConta')).toBe(false);
  }, 60_000);
});
