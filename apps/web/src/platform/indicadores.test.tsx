import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { apiFalsa, montar, prepararTelas, sessaoDeAdministrador } from '../../test/ambiente';
import type { FiltroLista } from './crud/filtros';
import { useIndicador } from './indicadores';

const EXTRAS: readonly FiltroLista[] = [{ tipo: 'booleano', nome: 'titular' }];
const OPCOES = { extras: EXTRAS, agrupamento: 1, periodoDoMes: false };

function Indicador({ comExtras }: { comExtras?: boolean }) {
  const { filtros, q } = useIndicador('/api/indicadores/cultos/', ['teste'], comExtras ? OPCOES : undefined);
  return (
    <>
      {filtros}
      <output data-testid="cultos">{q.data?.cultos}</output>
    </>
  );
}

/** The indicator's answer, enough for the hook (the page reads the rest). */
const resposta = () => ({ corpo: { cultos: 3 } });

prepararTelas();

describe('useIndicador', () => {
  it('opens on the month so far by day, and sends what the address holds', async () => {
    const { pedidos } = apiFalsa([
      sessaoDeAdministrador(),
      { metodo: 'GET', caminho: /^\/api\/indicadores\/cultos\/?$/, responder: resposta },
    ]);
    montar(<Indicador />, '/indicadores/cultos', '/indicadores/cultos');
    await waitFor(() => expect(screen.getByTestId('cultos').textContent).toBe('3'));
    const q = pedidos.find((p) => p.url.pathname.startsWith('/api/indicadores/cultos'))!.url.searchParams;
    expect(Object.fromEntries(q)).toEqual({
      periodoDe: dayjs().startOf('month').format('YYYY-MM-DD'),
      periodoAte: dayjs().format('YYYY-MM-DD'),
      periodo: '0',
    });
    cleanup();

    // A shared address (a drill-down, a bookmark) is the query, the screen's own filters included.
    const { pedidos: outros } = apiFalsa([
      sessaoDeAdministrador(),
      { metodo: 'GET', caminho: /^\/api\/indicadores\/cultos\/?$/, responder: resposta },
    ]);
    montar(
      <Indicador comExtras />,
      '/indicadores/cultos?titular=true&periodo=2&somenteMinhaOrganizacao=true',
      '/indicadores/cultos',
    );
    await waitFor(() => expect(screen.getByTestId('cultos').textContent).toBe('3'));
    const q2 = outros.find((p) => p.url.pathname.startsWith('/api/indicadores/cultos'))!.url.searchParams;
    expect(Object.fromEntries(q2)).toEqual({ titular: 'true', somenteMinhaOrganizacao: 'true', periodo: '2' });
  });

  it('without a month default, asks the server for its own period, and asks first over 30 days (spec §5)', async () => {
    const { pedidos } = apiFalsa([
      sessaoDeAdministrador(),
      { metodo: 'GET', caminho: /^\/api\/indicadores\/cultos\/?$/, responder: resposta },
    ]);
    const u = userEvent.setup();
    montar(
      <Indicador comExtras />,
      '/indicadores/cultos?periodoDe=2026-01-01&periodoAte=2026-03-01',
      '/indicadores/cultos',
    );
    await waitFor(() => expect(screen.getByTestId('cultos').textContent).toBe('3'));
    const antes = pedidos.length;
    await u.click(screen.getByRole('button', { name: 'Buscar' }));
    await waitFor(() => expect(screen.getAllByText(/O período passa de 30 dias/).length).toBeGreaterThan(0));
    expect(pedidos.length).toBe(antes);
    expect(screen.getByTestId('endereco').textContent).toBe(
      '/indicadores/cultos?periodoDe=2026-01-01&periodoAte=2026-03-01',
    );
  });
});
