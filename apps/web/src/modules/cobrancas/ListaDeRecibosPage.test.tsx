import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiFalsa, listaDeAdministrador, montar, paginaFalsa, prepararTelas } from '../../../test/ambiente';
import ListaDeRecibosPage from './ListaDeRecibosPage';

const recibo = (id: number, extra: Record<string, unknown> = {}) => ({
  id,
  organizacaoId: 1,
  organizacaoNome: 'Paróquia',
  numero: id,
  data: '2026-05-20',
  pessoaId: 10 + id,
  organizacaoTitularId: null,
  titularNome: `Titular ${id}`,
  titularDocumento: '39053344705',
  total: '40.00',
  estornadoEm: null,
  justificativaEstorno: null,
  criadoEm: '2026-05-20T10:00:00.000Z',
  quantidadeItens: 1,
  ...extra,
});

function api() {
  const itens = [
    recibo(1),
    recibo(2, { estornadoEm: '2026-05-21T10:00:00.000Z', justificativaEstorno: 'Lançado na conta errada' }),
    recibo(3),
  ];
  return apiFalsa([
    ...listaDeAdministrador(),
    paginaFalsa('recibo', itens),
    { metodo: 'POST', caminho: /^\/api\/recibo\/1\/email$/, responder: () => ({ corpo: { para: 'a@example.org' } }) },
    {
      metodo: 'POST',
      caminho: /^\/api\/recibo\/3\/email$/,
      responder: () => ({
        status: 422,
        corpo: { codigo: 'RECIBO_SEM_EMAIL', mensagem: 'O titular deste recibo não tem e-mail cadastrado.' },
      }),
    },
  ]);
}

prepararTelas('cobrancas');

const enviarEmail = async (u: ReturnType<typeof userEvent.setup>, titular: string) => {
  const linha = screen.getByText(titular).closest('tr') as HTMLElement;
  await u.click(within(linha).getByRole('button', { name: 'Enviar por e-mail' }));
  const confirmacoes = document.querySelectorAll('.ant-popconfirm');
  await u.click(
    within(confirmacoes[confirmacoes.length - 1] as HTMLElement).getByRole('button', { name: 'Enviar por e-mail' }),
  );
};

describe('ListaDeRecibosPage', () => {
  it("shows the holder's CPF and the reversal reason; e-mails a receipt, and says when there is no address", async () => {
    const f = api();
    montar(<ListaDeRecibosPage />, '/lista-de-recibos', '/lista-de-recibos');
    expect(await screen.findByText('Titular 1')).toBeTruthy();
    expect(screen.getByText('Lançado na conta errada')).toBeTruthy();
    expect(screen.getAllByText('390.533.447-05')).toHaveLength(3);
    const estornada = screen.getByText('Titular 2').closest('tr') as HTMLElement;
    expect(within(estornada).queryByRole('button', { name: 'Enviar por e-mail' })).toBeNull();

    const u = userEvent.setup();
    await enviarEmail(u, 'Titular 1');
    expect(await screen.findByText('Recibo enviado para a@example.org.')).toBeTruthy();
    await enviarEmail(u, 'Titular 3');
    expect(await screen.findByText('O titular deste recibo não tem e-mail cadastrado.')).toBeTruthy();
    await waitFor(() =>
      expect(f.pedidos.filter((p) => p.metodo === 'POST').map((p) => p.url.pathname)).toEqual([
        '/api/recibo/1/email',
        '/api/recibo/3/email',
      ]),
    );
  }, 30_000);
});
