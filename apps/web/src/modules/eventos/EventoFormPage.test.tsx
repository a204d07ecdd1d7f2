import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiFalsa, montar, prepararTelas, sessaoDeAdministrador } from '../../../test/ambiente';
import { useAutorizacao } from '../../platform/autorizacao';
import EventoFormPage from './EventoFormPage';

/** The page once the session's permissions are in, as the app's shell shows it. */
function Pagina() {
  return useAutorizacao().carregando ? null : <EventoFormPage />;
}

const evento = {
  id: 5,
  organizacaoId: 1,
  organizacaoNome: 'Paróquia',
  comInscricao: false,
  tipoEvento: 'RETIRO',
  codigo: 'RETIRO-2026',
  nome: 'Retiro de Advento',
  descricao: null,
  inicio: '2026-12-05T11:00:00.000Z',
  fim: '2026-12-06T20:00:00.000Z',
  local: 'Casa de retiros',
  visibilidade: 'HIERARQUIA',
  somenteLeitura: false,
  criadoEm: '2026-11-01T10:00:00.000Z',
  atualizadoEm: '2026-11-01T10:00:00.000Z',
};

prepararTelas('eventos');

describe('EventoFormPage', () => {
  it("saves an event's dates back as the instants it loaded", async () => {
    const f = apiFalsa([
      sessaoDeAdministrador(),
      { metodo: 'GET', caminho: /^\/api\/evento\/5$/, responder: () => ({ corpo: evento }) },
      { metodo: 'PUT', caminho: /^\/api\/evento\/5$/, responder: () => ({ corpo: evento }) },
      { metodo: 'GET', caminho: /\/select$/, responder: () => ({ corpo: [{ value: 1, label: 'Paróquia' }] }) },
    ]);
    montar(<Pagina />, '/evento-form/5', '/evento-form/:id?/:visualizacao?');
    expect(await screen.findByDisplayValue('Retiro de Advento')).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('button', { name: /Salvar/ }));
    await waitFor(() =>
      expect(f.pedidos.some((p) => p.metodo === 'PUT' && p.url.pathname === '/api/evento/5')).toBe(true),
    );
    const corpo = f.pedidos.find((p) => p.metodo === 'PUT' && p.url.pathname === '/api/evento/5')?.corpo as Record<
      string,
      unknown
    >;
    expect(corpo).toMatchObject({
      codigo: 'RETIRO-2026',
      tipoEvento: 'RETIRO',
      inicio: '2026-12-05T11:00:00.000Z',
      fim: '2026-12-06T20:00:00.000Z',
      organizacaoId: 1,
    });
  }, 60_000);
});
