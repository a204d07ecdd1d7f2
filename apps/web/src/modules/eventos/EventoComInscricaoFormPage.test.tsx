import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiFalsa, montar, prepararTelas, sessaoDeAdministrador } from '../../../test/ambiente';
import { useAutorizacao } from '../../platform/autorizacao';
import EventoComInscricaoFormPage from './EventoComInscricaoFormPage';

/** The page once the session's permissions are in, as the app's shell shows it. */
function Pagina() {
  return useAutorizacao().carregando ? null : <EventoComInscricaoFormPage />;
}

const evento = {
  id: 7,
  organizacaoId: 1,
  organizacaoNome: 'Sínodo',
  comInscricao: true,
  tipoEvento: 'CONGRESSO',
  codigo: 'CONGRENAJE-2027',
  nome: 'Congrenaje 2027',
  descricao: null,
  inicio: '2027-01-20T12:00:00.000Z',
  fim: '2027-01-23T18:00:00.000Z',
  local: 'Rodeio',
  visibilidade: 'HIERARQUIA',
  somenteLeitura: false,
  criadoEm: '2026-11-01T10:00:00.000Z',
  atualizadoEm: '2026-11-01T10:00:00.000Z',
  prazoInscricao: '2027-01-10T02:59:00.000Z',
  formasPagamento: ['PIX', 'BOLETO'],
  diasVencimento: 3,
  formulario: { secoes: { camiseta: { pedir: true, obrigatoria: true } }, perguntas: [] },
  lotes: [
    { id: 11, numero: 1, valor: '180.00', quantidade: 100, inicio: null, fim: null, ocupadas: 40, confirmadas: 30 },
  ],
  oficinas: [
    { id: 21, nome: 'Louvor', vagas: 30, categoria: 'Música', horario: 'Sábado 14h', ocupadas: 5, confirmadas: 4 },
  ],
  inscritos: 40,
};

prepararTelas('eventos');

describe('EventoComInscricaoFormPage', () => {
  it('saves a lot typed in the user’s money format, a new workshop and the form sections', async () => {
    const f = apiFalsa([
      sessaoDeAdministrador(),
      { metodo: 'GET', caminho: /^\/api\/evento-com-inscricao\/7$/, responder: () => ({ corpo: evento }) },
      { metodo: 'PUT', caminho: /^\/api\/evento-com-inscricao\/7$/, responder: () => ({ corpo: evento }) },
      { metodo: 'GET', caminho: /\/select$/, responder: () => ({ corpo: [{ value: 1, label: 'Sínodo' }] }) },
    ]);
    montar(<Pagina />, '/evento-com-inscricao/form/7', '/evento-com-inscricao/form/:id?/:visualizacao?');
    expect(await screen.findByDisplayValue('Congrenaje 2027')).toBeTruthy();
    expect(screen.getByText('5 ocupadas · 4 confirmadas')).toBeTruthy();
    const u = userEvent.setup();
    await u.click(screen.getByTestId('adicionar-lote'));
    const valor2 = screen.getByLabelText('Valor 2');
    await u.type(valor2, '1.250,00');
    await u.clear(screen.getByTestId('lote-1-quantidade'));
    await u.type(screen.getByTestId('lote-1-quantidade'), '50');
    await u.click(screen.getByTestId('adicionar-oficina'));
    await u.type(screen.getByTestId('oficina-1-nome'), 'Teatro');
    await u.clear(screen.getByTestId('oficina-1-vagas'));
    await u.type(screen.getByTestId('oficina-1-vagas'), '20');
    await u.click(screen.getByRole('button', { name: /Salvar/ }));
    const ehPut = (p: (typeof f.pedidos)[number]) =>
      p.metodo === 'PUT' && p.url.pathname === '/api/evento-com-inscricao/7';
    await waitFor(() => expect(f.pedidos.some(ehPut)).toBe(true));
    const corpo = f.pedidos.find(ehPut)?.corpo as Record<string, unknown>;
    expect(corpo).toMatchObject({
      codigo: 'CONGRENAJE-2027',
      inicio: '2027-01-20T12:00:00.000Z',
      prazoInscricao: '2027-01-10T02:59:00.000Z',
      formasPagamento: ['PIX', 'BOLETO'],
      formulario: { secoes: { camiseta: { pedir: true, obrigatoria: true } } },
      lotes: [
        { id: 11, numero: 1, valor: '180.00', quantidade: 100 },
        { numero: 2, valor: '1250.00', quantidade: 50 },
      ],
      oficinas: [
        { id: 21, nome: 'Louvor', vagas: 30 },
        { nome: 'Teatro', vagas: 20 },
      ],
    });
  }, 90_000);
});
