import { describe, expect, it } from 'vitest';
import { ConfigInvalida, lerConfig } from './config.js';

const base = { SIG_SECRET: 'um-segredo-bem-comprido-1234', DATA_DIR: '/tmp/sig-config-test' };

describe('lerConfig', () => {
  it('applies the documented defaults', () => {
    const c = lerConfig(base);
    expect(c).toMatchObject({
      porta: 3000,
      ambiente: 'production',
      papel: 'all',
      adminEmail: 'admin@sig.local',
      seedDemo: true,
      auditoria: true,
      analitica: { modo: 'off' },
      publicUrl: 'http://localhost:3000',
    });
    expect(c.databaseUrl).toBeUndefined();
  });

  it('names every bad variable in one message', () => {
    const ler = () =>
      lerConfig({ ...base, PORT: 'abc', SIG_ENV: 'staging', DATABASE_URL: 'mysql://x', SMTP_URL: 'http://x' });
    expect(ler).toThrow(ConfigInvalida);
    try {
      ler();
    } catch (e) {
      const m = (e as Error).message;
      for (const v of ['PORT', 'SIG_ENV', 'DATABASE_URL', 'SMTP_URL']) expect(m).toContain(v);
    }
  });

  it('works bulk items 4 at a time, pausing only against the real provider; bounds the provider concurrency by its 50', () => {
    expect(lerConfig(base)).toMatchObject({ lote: { concorrencia: 4, pausaMs: 0 }, asaasMaxSimultaneas: 10 });
    const real = lerConfig({ ...base, ASAAS_API_KEY: '$aact_chave_de_teste_longa' });
    expect(real.lote).toEqual({ concorrencia: 4, pausaMs: 500 });
    const escolhido = lerConfig({
      ...base,
      SIG_LOTE_CONCORRENCIA: '16',
      SIG_LOTE_PAUSA_MS: '0',
      ASAAS_MAX_SIMULTANEAS: '40',
    });
    expect(escolhido).toMatchObject({ lote: { concorrencia: 16, pausaMs: 0 }, asaasMaxSimultaneas: 40 });
    for (const [k, v] of [
      ['ASAAS_MAX_SIMULTANEAS', '51'],
      ['SIG_LOTE_CONCORRENCIA', '0'],
      ['SIG_LOTE_PAUSA_MS', '-1'],
    ])
      expect(() => lerConfig({ ...base, [k]: v })).toThrow(k);
  });

  it('trusts no proxy unless told; takes addresses, CIDR blocks and named ranges; refuses anything else', () => {
    expect(lerConfig(base)).toMatchObject({ proxiesConfiaveis: [], sessaoMaximaDias: 30, limitesRequisicao: true });
    expect(
      lerConfig({ ...base, SIG_TRUSTED_PROXIES: ' 10.0.0.1, 10.8.0.0/16 ,fd00::/8,loopback' }).proxiesConfiaveis,
    ).toEqual(['10.0.0.1', '10.8.0.0/16', 'fd00::/8', 'loopback']);
    for (const ruim of ['*', 'true', '10.0.0.0/33', 'proxy.local', '10.0.0.1/8/1'])
      expect(() => lerConfig({ ...base, SIG_TRUSTED_PROXIES: ruim })).toThrow(/SIG_TRUSTED_PROXIES/);
    expect(lerConfig({ ...base, SIG_SESSION_MAX_DAYS: '7', SIG_RATE_LIMIT: 'off' })).toMatchObject({
      sessaoMaximaDias: 7,
      limitesRequisicao: false,
    });
    expect(() => lerConfig({ ...base, SIG_SESSION_MAX_DAYS: '0' })).toThrow(/SIG_SESSION_MAX_DAYS/);
  });

  it('treats empty variables as unset and derives PUBLIC_URL from PORT', () => {
    const c = lerConfig({ ...base, DATABASE_URL: '', PORT: '8080', PUBLIC_URL: '' });
    expect(c.databaseUrl).toBeUndefined();
    expect(c.publicUrl).toBe('http://localhost:8080');
  });

  it('refuses a short admin password or secret', () => {
    expect(() => lerConfig({ ...base, SIG_ADMIN_PASSWORD: 'curta' })).toThrow(/SIG_ADMIN_PASSWORD/);
    expect(() => lerConfig({ ...base, SIG_SECRET: 'curto' })).toThrow(/SIG_SECRET/);
  });

  it('reads SIG_ANALYTICS as off, console or a collector reached over TLS', () => {
    expect(lerConfig({ ...base, SIG_ANALYTICS: '' }).analitica).toEqual({ modo: 'off' });
    expect(lerConfig({ ...base, SIG_ANALYTICS: 'console' }).analitica).toEqual({ modo: 'console' });
    const url = 'https://coletor.exemplo.org/v1/paginas';
    expect(lerConfig({ ...base, SIG_ANALYTICS: url }).analitica).toEqual({ modo: 'coletor', url });
    const local = 'http://127.0.0.1:9000/paginas';
    expect(lerConfig({ ...base, SIG_ANALYTICS: local }).analitica).toEqual({ modo: 'coletor', url: local });
    for (const ruim of ['on', 'http://coletor.exemplo.org/paginas', 'ftp://localhost/x', 'https://'])
      expect(() => lerConfig({ ...base, SIG_ANALYTICS: ruim }), ruim).toThrow(/SIG_ANALYTICS/);
  });

  it('runs against the embedded fake without ASAAS_API_KEY, and needs the key when ASAAS_URL is set', () => {
    expect(lerConfig(base).asaas).toEqual({ modo: 'demo' });
    const chave = '$aact_prod_chave_bem_longa';
    expect(lerConfig({ ...base, ASAAS_API_KEY: chave }).asaas).toEqual({
      modo: 'real',
      url: 'https://api.asaas.com/v3',
      chave,
    });
    const sandbox = 'https://api-sandbox.asaas.com/v3';
    expect(lerConfig({ ...base, ASAAS_URL: sandbox, ASAAS_API_KEY: chave }).asaas).toMatchObject({ url: sandbox });
    expect(() => lerConfig({ ...base, ASAAS_URL: sandbox })).toThrow(/ASAAS_API_KEY/);
    expect(() => lerConfig({ ...base, ASAAS_URL: 'http://asaas.exemplo.org/v3', ASAAS_API_KEY: chave })).toThrow(
      /ASAAS_URL/,
    );
  });
});
