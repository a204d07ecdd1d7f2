import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiFalsa, listaDeAdministrador, montar, prepararTelas } from '../../../test/ambiente';
import ContaAReceberPage from './ContaAReceberPage';

const conta = (id: number, extra: Record<string, unknown> = {}) => ({
  id,
  organizacaoId: 1,
  organizacaoNome: 'Paróquia',
  pessoaId: 10 + id,
  organizacaoTitularId: null,
  titularNome: `Titular ${id}`,
  tipo: 'OUTROS',
  mesCompetencia: 5,
  anoCompetencia: 2026,
  vencimento: '2026-05-10',
  valorPrevisto: '40.00',
  valorPago: null,
  dataPagamento: null,
  dataCredito: null,
  formaPagamento: null,
  linkPagamento: null,
  descricao: null,
  status: 'ABERTO',
  motivoCancelamento: null,
  cobrancaGerada: false,
  parcelas: 1,
  migrada: false,
  reciboId: null,
  criadoEm: '2026-05-01T10:00:00.000Z',
  atualizadoEm: '2026-05-01T10:00:00.000Z',
  ...extra,
});

const PERIODO = 'vencimentoDe=2026-05-01&vencimentoAte=2026-05-31';

function api() {
  return apiFalsa([
    ...listaDeAdministrador(),
    {
      metodo: 'GET',
      caminho: /^\/api\/conta-a-receber\/paginado$/,
      responder: (url) => {
        const itens = [conta(1), conta(2)];
        // Excluded receivables come only when asked for.
        if (url.searchParams.get('incluirExcluidos') === 'true') itens.push(conta(3, { status: 'EXCLUIDO' }));
        return {
          corpo: {
            itens,
            total: itens.length,
            pagina: 1,
            quantidade: 10,
            totais: { valorPrevisto: '80.00', valorPago: '0.00' },
          },
        };
      },
    },
    { metodo: 'POST', caminho: /^\/api\/conta-a-receber\/1\/cancelar$/, responder: () => ({ corpo: conta(1) }) },
    {
      metodo: 'POST',
      caminho: /^\/api\/conta-a-receber\/2\/cancelar$/,
      responder: () => ({
        status: 409,
        corpo: {
          codigo: 'CONTA_NAO_EDITAVEL',
          mensagem: 'Só contas a receber em aberto ou vencidas e sem cobrança gerada podem ser alteradas ou excluídas.',
        },
      }),
    },
  ]);
}

prepararTelas();

/** Writes a reason at once (a paste: typing it key by key is slow on a busy machine). */
async function escrever(u: ReturnType<typeof userEvent.setup>, campo: HTMLElement, texto: string) {
  await u.click(campo);
  await u.paste(texto);
}

/** Opens the cancel dialog of a row, writes the reason and confirms; answers the dialog. */
async function cancelar(u: ReturnType<typeof userEvent.setup>, titular: string, motivo: string) {
  const linha = screen.getByText(titular).closest('tr') as HTMLElement;
  await u.click(within(linha).getByRole('button', { name: 'Cancelar conta' }));
  const dialogo = (await screen.findByText(`Cancelar a conta de ${titular}`)).closest('.ant-modal') as HTMLElement;
  if (motivo) await escrever(u, within(dialogo).getByLabelText('Motivo'), motivo);
  await u.click(within(dialogo).getByRole('button', { name: 'Confirmar' }));
  return dialogo;
}

describe('ContaAReceberPage', () => {
  it('cancels a receivable only with a reason and confirmation; a refusal shows the server message', async () => {
    const f = api();
    montar(<ContaAReceberPage />, `/conta-a-receber?${PERIODO}`, '/conta-a-receber');
    expect(await screen.findByText('Titular 1')).toBeTruthy();
    const u = userEvent.setup();

    // No reason: nothing is sent.
    const semMotivo = await cancelar(u, 'Titular 1', '');
    expect(await within(semMotivo).findByText(/Motivo/, { selector: '.ant-form-item-explain-error' })).toBeTruthy();
    expect(f.pedidos.filter((p) => p.metodo === 'POST')).toEqual([]);
    await escrever(u, within(semMotivo).getByLabelText('Motivo'), 'Pessoa transferida');
    await u.click(within(semMotivo).getByRole('button', { name: 'Confirmar' }));
    expect(await screen.findByText('Conta cancelada.')).toBeTruthy();

    // Charged meanwhile: the server's 409 is shown as it says it.
    await cancelar(u, 'Titular 2', 'Lançada em duplicidade');
    expect(
      await screen.findByText(
        'Só contas a receber em aberto ou vencidas e sem cobrança gerada podem ser alteradas ou excluídas.',
      ),
    ).toBeTruthy();
    await waitFor(() =>
      expect(f.pedidos.filter((p) => p.metodo === 'POST').map((p) => [p.url.pathname, p.corpo])).toEqual([
        ['/api/conta-a-receber/1/cancelar', { motivo: 'Pessoa transferida' }],
        ['/api/conta-a-receber/2/cancelar', { motivo: 'Lançada em duplicidade' }],
      ]),
    );
  }, 60_000);

  it('asks for excluded receivables only when the filter says so', async () => {
    const f = api();
    montar(<ContaAReceberPage />, `/conta-a-receber?${PERIODO}&incluirExcluidos=true`, '/conta-a-receber');
    expect(await screen.findByText('Titular 3')).toBeTruthy();
    expect(screen.getByText('Excluído')).toBeTruthy();
    const lidas = f.pedidos.filter((p) => p.url.pathname === '/api/conta-a-receber/paginado');
    expect(lidas.at(-1)!.url.searchParams.get('incluirExcluidos')).toBe('true');
    expect(within(screen.getByTestId('filtros')).getByText('Sim')).toBeTruthy();
  }, 30_000);
});
