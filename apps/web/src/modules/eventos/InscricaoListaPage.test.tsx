import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  apiFalsa,
  listaDeAdministrador,
  montar,
  paginaFalsa,
  prepararTelas,
  sessaoDeAdministrador,
} from '../../../test/ambiente';
import CheckInPage from './CheckInPage';
import InscricaoListaPage from './InscricaoListaPage';

const inscricao = (id: number, extra: Record<string, unknown> = {}) => ({
  id,
  eventoId: 7,
  eventoNome: 'Retiro de Jovens',
  loteId: 3,
  loteNumero: 1,
  pessoaId: null,
  nome: `Inscrito ${id}`,
  cpf: null,
  email: `inscrito${id}@example.org`,
  telefone: null,
  dataNascimento: null,
  responsavelNome: null,
  comunidadeId: null,
  comunidadeNome: 'Comunidade São José',
  dados: { respostas: {} },
  status: 'CONFIRMADA',
  formaPagamento: 'PIX',
  valor: '150.00',
  motivoCortesia: null,
  contaAReceberId: null,
  vencimento: null,
  codigo: `COD${id}ABC`,
  oficinas: [{ id: 1, nome: 'Louvor' }],
  checkInEm: null,
  falhaCobranca: null,
  criadoEm: '2026-11-01T10:00:00.000Z',
  ...extra,
});

prepararTelas('eventos');

describe('InscricaoListaPage', () => {
  it('lists the registrations with their totals and cancels one after confirming', async () => {
    const itens = [inscricao(1), inscricao(2, { status: 'PENDENTE', valor: '120.00' })];
    const f = apiFalsa([
      ...listaDeAdministrador(),
      paginaFalsa('inscricoes-de-eventos', itens, { totais: { valor: '270.00', confirmadas: 1, pendentes: 1 } }),
      {
        metodo: 'POST',
        caminho: /^\/api\/inscricoes-de-eventos\/2\/cancelar$/,
        responder: () => ({ corpo: inscricao(2, { status: 'CANCELADA' }) }),
      },
    ]);
    montar(<InscricaoListaPage />, '/inscricoes-de-eventos', '/inscricoes-de-eventos');
    expect(await screen.findByText('Inscrito 1')).toBeTruthy();
    expect(screen.getByText('COD2ABC')).toBeTruthy();
    expect(screen.getByTestId('totais-inscricoes').textContent).toBe('1 confirmadas · 1 pendentes');
    const pendente = screen.getByText('Inscrito 2').closest('tr') as HTMLElement;
    expect(within(pendente).getByText('Pendente')).toBeTruthy();

    const u = userEvent.setup();
    await u.click(screen.getByTestId('cancelar-COD2ABC'));
    const confirmacoes = document.querySelectorAll('.ant-popconfirm');
    await u.click(
      within(confirmacoes[confirmacoes.length - 1] as HTMLElement).getByRole('button', { name: 'Cancelar inscrição' }),
    );
    expect(await screen.findByText('Inscrição de Inscrito 2 cancelada.')).toBeTruthy();
    await waitFor(() =>
      expect(f.pedidos.filter((p) => p.metodo === 'POST').map((p) => p.url.pathname)).toEqual([
        '/api/inscricoes-de-eventos/2/cancelar',
      ]),
    );
  }, 30_000);

  it("shows a charge the provider refused, with the provider's reason", async () => {
    const itens = [inscricao(3, { status: 'PENDENTE', falhaCobranca: 'O CPF informado é inválido.' })];
    apiFalsa([
      ...listaDeAdministrador(),
      paginaFalsa('inscricoes-de-eventos', itens, {
        total: 2,
        totais: { valor: '0.00', confirmadas: 0, pendentes: 1 },
      }),
    ]);
    montar(<InscricaoListaPage />, '/inscricoes-de-eventos', '/inscricoes-de-eventos');
    expect((await screen.findByTestId('excecao-COD3ABC')).textContent).toBe(
      'Cobrança recusada: O CPF informado é inválido.',
    );
  }, 30_000);

  it('grants a courtesy with its reason once confirmed, for the event the list is filtered by', async () => {
    const f = apiFalsa([
      ...listaDeAdministrador(),
      paginaFalsa('inscricoes-de-eventos', [], { totais: { valor: '0.00', confirmadas: 0, pendentes: 0 } }),
      {
        metodo: 'GET',
        caminho: /^\/api\/evento-com-inscricao\/7$/,
        responder: () => ({ corpo: { id: 7, lotes: [{ id: 3, numero: 1 }], oficinas: [{ id: 1, nome: 'Louvor' }] } }),
      },
      { metodo: 'GET', caminho: /\/select$/, responder: () => ({ corpo: [{ value: 7, label: 'Retiro de Jovens' }] }) },
      {
        metodo: 'POST',
        caminho: /^\/api\/inscricoes-de-eventos\/?$/,
        responder: () => ({ status: 201, corpo: inscricao(9, { nome: 'Carla', codigo: 'CORT9', status: 'CORTESIA' }) }),
      },
    ]);
    montar(<InscricaoListaPage />, '/inscricoes-de-eventos?eventoId=7', '/inscricoes-de-eventos');
    const u = userEvent.setup();
    await u.click(await screen.findByTestId('nova-cortesia'));
    await u.type(await screen.findByTestId('cortesia-nome'), 'Carla');
    await u.type(screen.getByTestId('cortesia-email'), 'carla@example.org');
    await u.type(screen.getByTestId('cortesia-motivo'), 'Equipe de apoio');
    await u.click(screen.getByTestId('conceder-cortesia'));
    await u.click(await screen.findByRole('button', { name: 'Confirmar' }));
    expect(await screen.findByText('Cortesia concedida a Carla (código CORT9).')).toBeTruthy();
    expect(f.pedidos.find((p) => p.metodo === 'POST' && p.url.pathname.startsWith('/api/inscricoes'))?.corpo).toEqual({
      eventoId: 7,
      nome: 'Carla',
      email: 'carla@example.org',
      motivoCortesia: 'Equipe de apoio',
      cortesia: true,
    });
  }, 30_000);
});

describe('CheckInPage', () => {
  it("marks a paid registration present and shows an unpaid one's refusal", async () => {
    let chamadas = 0;
    const f = apiFalsa([
      sessaoDeAdministrador(),
      {
        metodo: 'POST',
        caminho: /^\/api\/inscricoes-de-eventos\/check-in$/,
        // The first code is a paid registration's, the second an unpaid one's.
        responder: () =>
          ++chamadas === 1
            ? { corpo: inscricao(1, { checkInEm: '2026-11-20T08:30:00.000Z' }) }
            : {
                status: 422,
                corpo: { codigo: 'INSCRICAO_NAO_PAGA', mensagem: 'Inscrição ainda não paga: entrada não permitida.' },
              },
      },
    ]);
    montar(<CheckInPage />, '/inscricoes-de-eventos/check-in', '/inscricoes-de-eventos/check-in');
    const u = userEvent.setup();
    await u.type(await screen.findByTestId('check-in-codigo'), ' COD1ABC ');
    await u.click(screen.getByTestId('check-in-registrar'));
    const cartao = await screen.findByTestId('check-in-inscrito');
    expect(within(cartao).getByText('Inscrito 1')).toBeTruthy();
    expect(within(cartao).getByText('Retiro de Jovens')).toBeTruthy();
    expect(within(cartao).getByText('Confirmada')).toBeTruthy();

    await u.type(screen.getByTestId('check-in-codigo'), 'COD2ABC');
    await u.click(screen.getByTestId('check-in-registrar'));
    expect((await screen.findByTestId('check-in-recusa')).textContent).toContain(
      'Inscrição ainda não paga: entrada não permitida.',
    );
    expect(screen.queryByTestId('check-in-inscrito')).toBeNull();
    expect(f.pedidos.filter((p) => p.metodo === 'POST').map((p) => p.corpo)).toEqual([
      { codigo: 'COD1ABC' },
      { codigo: 'COD2ABC' },
    ]);
  }, 30_000);
});
