import { MIGRATIONS_DIR, migracoesConhecidas } from '@sig/db';
import { describe, expect, it } from 'vitest';
import { usarAppTeste } from '../../../test/app-teste.js';
import { construirApp } from '../../app.js';

const t = usarAppTeste();

describe('GET /api/saude', () => {
  it('answers ok while the database answers', async () => {
    const ok = await t.req({ method: 'GET', url: '/api/saude' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().status).toBe('ok');
    expect(ok.json().migracao).toBe(migracoesConhecidas(MIGRATIONS_DIR).at(-1)!.tag);
  });

  it('answers 503 when the database refuses connections', async () => {
    // The same database behind a driver whose server went away, as node-postgres reports it.
    const semServidor = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    const app = await construirApp({
      config: t.app.deps.config,
      banco: { ...t.banco, consultar: () => Promise.reject(semServidor) },
      logger: false,
    });
    try {
      const fora = await app.inject({ method: 'GET', url: '/api/saude' });
      expect(fora.statusCode).toBe(503);
      expect(fora.json()).toMatchObject({ status: 'indisponivel', versao: '2.14.2' });
    } finally {
      await app.close();
    }
  });
});
