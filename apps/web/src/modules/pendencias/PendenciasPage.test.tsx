import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiFalsa, listaDeAdministrador, montar, paginaFalsa, prepararTelas } from '../../../test/ambiente';
import PendenciasPage from './PendenciasPage';

const pendencia = (tipo: string, referenciaId: string, referencia: string, acao: string) => ({
  chave: `${tipo}:${referenciaId}`,
  tipo,
  referenciaId,
  referencia,
  organizacaoId: null,
  organizacaoNome: null,
  valor: '150.00',
  data: '2026-03-12T10:00:00.000Z',
  detalhe: 'RECEIVED · pagamento-sem-cobranca:desconhecida',
  acao,
});

function api() {
  let itens = [
    pendencia('PAGAMENTO_SEM_COBRANCA', 'evt_1', 'pay_1', 'MARCAR_RESOLVIDA'),
    pendencia('LANCAMENTO_PENDENTE', '42', 'Oferta do culto', 'LANCAR_PENDENTE'),
  ];
  return apiFalsa([
    ...listaDeAdministrador(),
    paginaFalsa('pendencias-financeiras', () => itens),
    {
      metodo: 'POST',
      caminho: /^\/api\/pendencias-financeiras\/eventos\/[^/]+\/resolver$/,
      responder: (url) => {
        itens = itens.filter((p) => !url.pathname.includes(`/${p.referenciaId}/`));
        return { corpo: { sucesso: true } };
      },
    },
  ]);
}

prepararTelas('pendencias');

describe('PendenciasPage', () => {
  it("shows each exception's kind and resolves one through its own POST, after confirming", async () => {
    const f = api();
    montar(<PendenciasPage />, '/pendencias-financeiras', '/pendencias-financeiras');
    expect(await screen.findByText('Pagamento sem cobrança')).toBeTruthy();
    expect(screen.getByText('Lançamento aguardando período')).toBeTruthy();

    const u = userEvent.setup();
    const linha = screen.getByText('pay_1').closest('tr') as HTMLElement;
    await u.click(within(linha).getByRole('button', { name: 'Marcar como resolvida' }));
    expect(f.pedidos.some((p) => p.metodo === 'POST')).toBe(false);
    await u.click(
      within(document.querySelector('.ant-popconfirm') as HTMLElement).getByRole('button', {
        name: 'Marcar como resolvida',
      }),
    );
    await waitFor(() => expect(screen.queryByText('pay_1')).toBeNull());
    expect(f.pedidos.filter((p) => p.metodo === 'POST').map((p) => p.url.pathname)).toEqual([
      '/api/pendencias-financeiras/eventos/evt_1/resolver',
    ]);
    expect(screen.getByText('Oferta do culto')).toBeTruthy();
  }, 30_000);
});
