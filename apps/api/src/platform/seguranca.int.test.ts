import { describe, expect, it } from 'vitest';
import { criarAppTeste, usarAppTeste } from '../../test/app-teste.js';

const t = usarAppTeste();

describe('hole 8: browser security headers', () => {
  it('every answer carries a strict CSP, nosniff, frame denial and a referrer policy', async () => {
    for (const url of ['/api/saude', '/api/nao-existe', '/qualquer-pagina']) {
      const r = await t.req({ method: 'GET', url });
      const csp = r.headers['content-security-policy'] as string;
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toMatch(/script-src[^;]*(unsafe-inline|unsafe-eval)/);
      expect(csp).toContain("script-src-attr 'none'");
      expect(csp).toContain("object-src 'none'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("base-uri 'self'");
      // Workers from this origin or a blob: the check-in's QR decoder (docs/adr/0029); no script from a blob.
      expect(csp).toContain("worker-src 'self' blob:");
      expect(csp).not.toMatch(/script-src[^;]*blob:/);
      expect(r.headers['x-content-type-options']).toBe('nosniff');
      expect(r.headers['x-frame-options']).toBe('DENY');
      expect(r.headers['referrer-policy']).toBe('same-origin');
      // Served over plain http here: no HSTS.
      expect(r.headers['strict-transport-security']).toBeUndefined();
    }
  });

  it('no API answer is cached: authenticated reads, errors and downloads alike', async () => {
    const token = await t.login('paroquia@sig.local');
    const respostas = [
      await t.req({ method: 'PUT', url: '/api/Autenticacao/autorizacao', token }),
      await t.req({ method: 'GET', url: '/api/pessoa/paginado', token }),
      await t.req({ method: 'GET', url: '/api/setor/exportar?formato=csv', token }),
      await t.req({ method: 'GET', url: '/api/pessoa/paginado' }),
      await t.req({ method: 'GET', url: '/api/cargo/1', token: await t.login('atendimento@sig.local') }),
    ];
    expect(respostas.map((r) => r.statusCode)).toEqual([200, 200, 200, 401, 403]);
    expect(respostas[2]!.headers['content-disposition']).toMatch(/^attachment/);
    for (const r of respostas) expect(r.headers['cache-control']).toBe('no-store');
  });

  it('the API explorer still loads, under the same policy', async () => {
    const pagina = await t.req({ method: 'GET', url: '/api/docs/' });
    expect(pagina.statusCode).toBe(200);
    expect(pagina.body).not.toMatch(/<script>(?!\s*<\/script>)/);
    expect(pagina.headers['content-security-policy']).toContain("script-src 'self'");
    const documento = await t.req({ method: 'GET', url: '/api/docs/json' });
    expect(documento.statusCode).toBe(200);
  });

  it('HSTS and upgrade-insecure-requests when PUBLIC_URL is https', async () => {
    const https = await criarAppTeste({ PUBLIC_URL: 'https://sig.exemplo.org' });
    try {
      const r = await https.req({ method: 'GET', url: '/api/saude' });
      expect(r.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      expect(r.headers['content-security-policy']).toContain('upgrade-insecure-requests');
    } finally {
      await https.fechar();
    }
  });
});
