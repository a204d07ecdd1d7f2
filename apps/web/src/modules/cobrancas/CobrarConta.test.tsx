import type { ContaAReceber } from '@sig/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { apiFalsa, montar, prepararTelas, sessaoDeAdministrador } from '../../../test/ambiente';
import { CobrarConta } from './CobrarConta';

const conta = (id: number, titularNome: string, formaPagamento: string | null, parcelas: number) =>
  ({ id, titularNome, formaPagamento, parcelas, valorPrevisto: '100.00', status: 'ABERTO' }) as ContaAReceber;

const ANA = conta(1, 'Ana', 'PIX', 3);
const BRUNO = conta(2, 'Bruno', null, 1);
const CARLA = conta(3, 'Carla', 'CARTAO', 2);

/** The receivables list as far as the dialog goes: one charge button per receivable. */
function Lista() {
  const [cobrando, setCobrando] = useState<ContaAReceber | null>(null);
  return (
    <>
      {[ANA, BRUNO, CARLA].map((c) => (
        <button key={c.id} type="button" onClick={() => setCobrando(c)}>{`cobrar ${c.titularNome}`}</button>
      ))}
      <CobrarConta conta={cobrando} fechar={() => setCobrando(null)} />
    </>
  );
}

const dialogo = () => screen.getAllByRole('dialog', { hidden: true }).at(-1) as HTMLElement;
const selecionado = () => dialogo().querySelector('.ant-select-content')?.getAttribute('title');
const parcelas = () => within(dialogo()).getByLabelText('Parcelas') as HTMLInputElement;

prepararTelas();
beforeEach(() => localStorage.clear());

describe('CobrarConta (issue 17 item 7)', () => {
  it("starts from each receivable's own method and installments, never the previous person's", async () => {
    const f = apiFalsa([
      sessaoDeAdministrador(),
      { metodo: 'POST', caminho: /^\/api\/cobranca\/?$/, responder: () => ({ status: 201, corpo: { id: 9 } }) },
    ]);
    montar(<Lista />, '/lista');
    const u = userEvent.setup();

    await u.click(screen.getByRole('button', { name: 'cobrar Ana' }));
    await waitFor(() => expect(selecionado()).toBe('Pix'));
    expect(parcelas().value).toBe('3');
    // The treasurer changes Ana's installments, then gives up.
    await u.clear(parcelas());
    await u.type(parcelas(), '5');
    await u.click(within(dialogo()).getByRole('button', { name: 'Cancelar' }));

    // Bruno's receivable names no method: the default, and his one installment.
    await u.click(screen.getByRole('button', { name: 'cobrar Bruno' }));
    await waitFor(() => expect(selecionado()).toBe('Boleto'));
    expect(parcelas().value).toBe('1');
    await u.click(within(dialogo()).getByRole('button', { name: 'Cancelar' }));

    await u.click(screen.getByRole('button', { name: 'cobrar Carla' }));
    await waitFor(() => expect(selecionado()).toBe('Cartão de crédito'));
    expect(parcelas().value).toBe('2');
    await u.click(within(dialogo()).getByRole('button', { name: 'Gerar cobrança' }));
    await waitFor(() => expect(f.pedidos.some((p) => p.metodo === 'POST')).toBe(true));
    expect(f.pedidos.find((p) => p.metodo === 'POST')?.corpo).toEqual({
      contaAReceberId: 3,
      forma: 'CARTAO',
      parcelas: 2,
      confirmarMinimo: false,
    });
  }, 30_000);
});
