import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppTeste, criarAppTeste } from '../../../test/app-teste.js';

let t: AppTeste;
beforeAll(async () => {
  t = await criarAppTeste();
});
afterAll(() => t.fechar());

describe('autenticar', () => {
  it('signs in by e-mail', async () => {
    const r = await t.req({
      method: 'POST',
      url: '/api/Autenticacao/autenticar',
      payload: { login: 'paroquia@sig.local', senha: 'Demo@2026' },
    });
    expect(r.statusCode).toBe(200);
    const b = r.json();
    expect(b.primeiroNome).toBe('Paula');
    expect(b.accessToken).toMatch(/^[\w-]{40,}$/);
    expect(b.requer2FA).toBe(false);
  });
});
