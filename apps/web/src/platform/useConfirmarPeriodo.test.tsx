import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { apiFalsa, montar, prepararTelas, sessaoDeAdministrador } from '../../test/ambiente';
import type { FiltroLista } from './crud/filtros';
import { useConfirmarPeriodo } from './useConfirmarPeriodo';

const PERIODO: readonly FiltroLista[] = [{ tipo: 'periodo', de: 'de', ate: 'ate' }];

function Relatorio({ valores, seguir }: { valores: Record<string, unknown>; seguir: () => void }) {
  const confirmar = useConfirmarPeriodo(PERIODO);
  return (
    <button type="button" onClick={() => confirmar(valores, seguir)}>
      Consultar
    </button>
  );
}

prepararTelas();

describe('useConfirmarPeriodo', () => {
  it('runs a search of up to 30 days at once, and asks first over 30 (spec §5)', async () => {
    apiFalsa([sessaoDeAdministrador()]);
    const seguir = vi.fn();
    const u = userEvent.setup();
    montar(<Relatorio valores={{ de: '2026-01-01', ate: '2026-01-31' }} seguir={seguir} />, '/lista');
    await u.click(screen.getByRole('button', { name: 'Consultar' }));
    expect(seguir).toHaveBeenCalledTimes(1);
    cleanup();

    montar(<Relatorio valores={{ de: '2026-01-01', ate: '2026-03-01' }} seguir={seguir} />, '/lista');
    await u.click(screen.getByRole('button', { name: 'Consultar' }));
    await waitFor(() => expect(screen.getAllByText(/O período passa de 30 dias/).length).toBeGreaterThan(0));
    expect(seguir).toHaveBeenCalledTimes(1);
    await u.click(screen.getByRole('button', { name: 'Buscar' }));
    await waitFor(() => expect(seguir).toHaveBeenCalledTimes(2));
  });
});
