import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { api } from '../fixtures/api.js';
import { comCameraFilmando } from '../fixtures/camera.js';
import { comPagina, linha, loginAs, usarNavegador, violacoesGraves } from '../fixtures/navegador.js';

const navegador = usarNavegador();

/** A phone held upright (an iPhone 12's screen), touch and mobile layout. */
const CELULAR = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

type Inscricao = { id: number; codigo: string; status: string; checkInEm: string | null };

/** At the door with the camera open on the check-in page, the registrant's QR in front of it. */
async function abrirCameraNoCheckIn(p: Page) {
  await loginAs(p, 'sinodo');
  await p.goto('/inscricoes-de-eventos/check-in');
  await p.getByTestId('check-in-abrir-camera').click();
  await p.getByTestId('check-in-video').waitFor();
}

describe('[EVENTOS] check-in by the camera', () => {
  it('[EVENTOS] reads a confirmed registration’s QR code with the camera and marks it present; refuses a cancelled and an unpaid one', async () => {
    const marca = Date.now().toString(36);
    const ano = new Date().getUTCFullYear() + 1;
    const inscritos: Record<'ana' | 'bruno' | 'carla', Inscricao> = {} as never;
    let gratis = 0;
    await comPagina(navegador, 'check-in-camera-inscricoes', async (p) => {
      await loginAs(p, 'sinodo');
      const organizacaoId = Number(await p.evaluate(() => localStorage.getItem('organizacaoLogadaId')));
      const evento = async (codigo: string, valor: string) => {
        const r = await api<{ id: number }>(p, 'POST', 'evento-com-inscricao', {
          organizacaoId,
          tipoEvento: 'ENCONTRO',
          codigo: `${codigo}-${marca}`,
          nome: `Encontro ${codigo} ${marca}`,
          inicio: `${ano}-05-09T08:00:00-03:00`,
          fim: `${ano}-05-09T18:00:00-03:00`,
          prazoInscricao: `${ano}-05-05T23:59:00-03:00`,
          formasPagamento: ['PIX'],
          lotes: [{ numero: 1, valor, quantidade: 50, inicio: null, fim: null }],
        });
        expect(r.status, JSON.stringify(r.corpo)).toBe(201);
        return r.corpo.id;
      };
      const inscrever = async (eventoId: number, nome: string, extra: Record<string, string> = {}) => {
        const r = await api<Inscricao>(p, 'POST', 'inscricoes-de-eventos', {
          eventoId,
          nome,
          email: `${nome.toLowerCase().replace(/\s+/g, '.')}@example.org`,
          ...extra,
        });
        expect(r.status, JSON.stringify(r.corpo)).toBe(201);
        return r.corpo;
      };
      // A free event confirms at once; a paid one waits for its charge to be paid.
      gratis = await evento('gratis', '0.00');
      const pago = await evento('pago', '80.00');
      inscritos.ana = await inscrever(gratis, `Ana ${marca}`);
      inscritos.bruno = await inscrever(gratis, `Bruno ${marca}`);
      // The charge is issued in the payer's name: a paid registration has a CPF.
      inscritos.carla = await inscrever(pago, `Carla ${marca}`, { cpf: '39053344705' });
      expect([inscritos.ana.status, inscritos.bruno.status, inscritos.carla.status]).toEqual([
        'CONFIRMADA',
        'CONFIRMADA',
        'PENDENTE',
      ]);
      const cancelada = await api<Inscricao>(p, 'POST', `inscricoes-de-eventos/${inscritos.bruno.id}/cancelar`);
      expect(cancelada.corpo.status).toBe('CANCELADA');
    });

    // On a phone, Ana's QR code as her confirmation e-mail carries it: read, she is marked present.
    await comCameraFilmando(
      inscritos.ana.codigo,
      'check-in-camera-confirmada',
      async (p) => {
        await abrirCameraNoCheckIn(p);
        // The video fills the phone's width, and nothing makes the page scroll sideways.
        const video = await p.getByTestId('check-in-video').boundingBox();
        expect(video?.width).toBeGreaterThan(CELULAR.viewport.width * 0.8);
        expect(await p.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
          CELULAR.viewport.width,
        );
        const cartao = p.getByTestId('check-in-inscrito');
        await expect.poll(() => cartao.count(), { timeout: 30_000 }).toBe(1);
        expect(await cartao.innerText()).toContain(`Ana ${marca}`);
        expect(await cartao.innerText()).toContain(inscritos.ana.codigo);
        expect(await violacoesGraves(p), 'check-in by the camera').toEqual([]);
        const lida = await api<Inscricao>(p, 'GET', `inscricoes-de-eventos/${inscritos.ana.id}`);
        expect(lida.corpo.checkInEm).not.toBeNull();
        // The event's list shows when she came in (the only time of day in her row).
        await p.goto(`/inscricoes-de-eventos?eventoId=${gratis}`);
        await expect.poll(() => linha(p, `Ana ${marca}`).count()).toBe(1);
        expect(await linha(p, `Ana ${marca}`).innerText()).toMatch(/\d{2}:\d{2}:\d{2}/);
        expect(await linha(p, `Bruno ${marca}`).innerText()).not.toMatch(/\d{2}:\d{2}:\d{2}/);
      },
      CELULAR,
    );

    // Bruno cancelled, Carla has not paid: each is refused, with the reason.
    for (const [quem, motivo] of [
      ['bruno', 'Inscrição cancelada ou expirada: entrada não permitida.'],
      ['carla', 'Inscrição ainda não paga: entrada não permitida.'],
    ] as const) {
      await comCameraFilmando(inscritos[quem].codigo, `check-in-camera-${quem}`, async (p) => {
        await abrirCameraNoCheckIn(p);
        await expect.poll(() => p.getByTestId('check-in-recusa').count(), { timeout: 30_000 }).toBe(1);
        expect(await p.getByTestId('check-in-recusa').innerText()).toContain(motivo);
        expect(await p.getByTestId('check-in-inscrito').count()).toBe(0);
        const lida = await api<Inscricao>(p, 'GET', `inscricoes-de-eventos/${inscritos[quem].id}`);
        expect(lida.corpo.checkInEm).toBeNull();
      });
    }
  }, 240_000);
});
