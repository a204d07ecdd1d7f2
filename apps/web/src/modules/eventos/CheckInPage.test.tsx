import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { apiFalsa, montar, prepararTelas, sessaoDeAdministrador } from '../../../test/ambiente';
import CheckInPage from './CheckInPage';

type LeitorFalso = { aoLer: (r: { data: string }) => void; destroy: () => void; setCamera: (id: string) => void };

// The decoder at its module boundary: the test plays what the camera reads (e2e reads a real QR).
const qr = vi.hoisted(() => ({ leitores: [] as LeitorFalso[] }));
vi.mock('qr-scanner', async () => {
  const { vi } = await import('vitest');
  return {
    default: class {
      static listCameras = vi.fn(async () => [
        { id: 'traseira', label: 'Câmera traseira' },
        { id: 'frontal', label: 'Câmera frontal' },
      ]);
      aoLer: (r: { data: string }) => void;
      start = vi.fn(async () => undefined);
      destroy = vi.fn();
      setCamera = vi.fn(async () => undefined);
      constructor(_video: HTMLVideoElement, aoLer: (r: { data: string }) => void) {
        this.aoLer = aoLer;
        qr.leitores.push(this);
      }
    },
  };
});

const inscricao = {
  id: 5,
  eventoId: 7,
  eventoNome: 'Retiro de Jovens',
  loteId: 11,
  loteNumero: 1,
  pessoaId: null,
  nome: 'Júlia Becker',
  cpf: null,
  email: 'julia@example.org',
  telefone: null,
  dataNascimento: null,
  responsavelNome: null,
  comunidadeId: null,
  comunidadeNome: null,
  dados: {},
  status: 'CONFIRMADA',
  formaPagamento: 'PIX',
  valor: '120.00',
  motivoCortesia: null,
  contaAReceberId: 3,
  vencimento: null,
  codigo: 'ABCD-EFGH',
  oficinas: [],
  checkInEm: '2026-11-20T08:30:00.000Z',
  falhaCobranca: null,
  criadoEm: '2026-11-01T12:00:00.000Z',
};

const trilha = { stop: vi.fn(), getSettings: () => ({ deviceId: 'traseira' }) };
const getUserMedia = vi.fn();

/** The check-in's API, marking every code present. */
function apiDoCheckIn() {
  return apiFalsa([
    sessaoDeAdministrador(),
    { metodo: 'POST', caminho: /^\/api\/inscricoes-de-eventos\/check-in$/, responder: () => ({ corpo: inscricao }) },
  ]);
}

prepararTelas('eventos');
beforeEach(() => {
  qr.leitores.length = 0;
  trilha.stop.mockClear();
  getUserMedia.mockReset();
  getUserMedia.mockResolvedValue(
    Object.assign(new MediaStream(), { getTracks: () => [trilha], getVideoTracks: () => [trilha] }),
  );
  Object.defineProperty(window, 'isSecureContext', { value: true, configurable: true });
  Object.defineProperty(navigator, 'mediaDevices', { value: { getUserMedia }, configurable: true });
});

async function abrirCamera() {
  montar(<CheckInPage />, '/inscricoes-de-eventos/check-in', '/inscricoes-de-eventos/check-in');
  await userEvent.setup().click(await screen.findByTestId('check-in-abrir-camera'));
}

describe('CheckInPage with the camera', () => {
  it('sends a code read by the camera once while it is held there, then the next person’s', async () => {
    const f = apiFalsa([
      sessaoDeAdministrador(),
      {
        metodo: 'POST',
        caminho: /^\/api\/inscricoes-de-eventos\/check-in$/,
        responder: () =>
          f.pedidos.filter((p) => p.metodo === 'POST').length === 1
            ? { corpo: inscricao }
            : {
                status: 422,
                corpo: { codigo: 'INSCRICAO_NAO_PAGA', mensagem: 'Inscrição ainda não paga: entrada não permitida.' },
              },
      },
    ]);
    await abrirCamera();
    await waitFor(() => expect(qr.leitores).toHaveLength(1));
    expect(getUserMedia).toHaveBeenCalledWith({ video: { facingMode: { ideal: 'environment' } }, audio: false });
    const leitor = qr.leitores[0]!;
    // The camera sees the code frame after frame: it is sent once.
    act(() => {
      leitor.aoLer({ data: 'ABCD-EFGH' });
      leitor.aoLer({ data: 'ABCD-EFGH' });
      leitor.aoLer({ data: 'ABCD-EFGH' });
    });
    const cartao = await screen.findByTestId('check-in-inscrito');
    expect(within(cartao).getByText('Júlia Becker')).toBeTruthy();
    expect(within(cartao).getByText('ABCD-EFGH')).toBeTruthy();
    act(() => leitor.aoLer({ data: 'ABCD-EFGH' }));

    // The next person, with the camera still open: an unpaid registration, refused.
    act(() => leitor.aoLer({ data: ' wxyz-2345 ' }));
    expect((await screen.findByTestId('check-in-recusa')).textContent).toContain(
      'Inscrição ainda não paga: entrada não permitida.',
    );
    expect(f.pedidos.filter((p) => p.metodo === 'POST').map((p) => p.corpo)).toEqual([
      { codigo: 'ABCD-EFGH' },
      { codigo: 'wxyz-2345' },
    ]);

    // Two cameras: the choice switches the reader to the one picked.
    const u = userEvent.setup();
    await screen.findByTestId('check-in-camera-escolha');
    await u.click(screen.getByLabelText('Câmera', { selector: 'input' }));
    await u.click(await screen.findByTitle('Câmera frontal'));
    expect(leitor.setCamera).toHaveBeenCalledWith('frontal');

    // Closing the camera releases it.
    await u.click(screen.getByTestId('check-in-abrir-camera'));
    expect(leitor.destroy).toHaveBeenCalled();
    expect(trilha.stop).toHaveBeenCalled();
    expect(screen.queryByTestId('check-in-video')).toBeNull();
  }, 30_000);

  it('refuses a QR code that is not a registration’s without asking the server', async () => {
    const f = apiDoCheckIn();
    await abrirCamera();
    await waitFor(() => expect(qr.leitores).toHaveLength(1));
    act(() => qr.leitores[0]!.aoLer({ data: 'https://example.org/pix/00020126580014br.gov.bcb.pix' }));
    expect((await screen.findByTestId('check-in-recusa')).textContent).toBe('Este QR code não é o de uma inscrição.');
    expect(f.pedidos.filter((p) => p.metodo === 'POST')).toEqual([]);
  }, 30_000);

  it('says why the camera did not open: permission denied, no camera, no secure connection', async () => {
    apiDoCheckIn();
    getUserMedia.mockRejectedValueOnce(new DOMException('Permission denied', 'NotAllowedError'));
    await abrirCamera();
    expect((await screen.findByTestId('check-in-camera-falha')).textContent).toContain('O acesso à câmera foi negado.');
    expect(qr.leitores).toEqual([]);
    cleanup();

    getUserMedia.mockRejectedValueOnce(new DOMException('Requested device not found', 'NotFoundError'));
    await abrirCamera();
    expect((await screen.findByTestId('check-in-camera-falha')).textContent).toBe(
      'Nenhuma câmera encontrada neste aparelho. Digite o código.',
    );
    cleanup();

    Object.defineProperty(window, 'isSecureContext', { value: false, configurable: true });
    await abrirCamera();
    expect((await screen.findByTestId('check-in-camera-falha')).textContent).toBe(
      'A câmera só abre em conexão segura (https). Digite o código.',
    );
    expect(getUserMedia).toHaveBeenCalledTimes(2);
  }, 30_000);

  it('releases the camera when the user leaves the page', async () => {
    apiDoCheckIn();
    await abrirCamera();
    await waitFor(() => expect(qr.leitores).toHaveLength(1));
    await screen.findByTestId('check-in-camera-escolha');
    cleanup();
    expect(qr.leitores[0]!.destroy).toHaveBeenCalled();
    expect(trilha.stop).toHaveBeenCalled();
  }, 30_000);
});
