import { schema } from '@sig/db';
import { desc, eq, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { type AppTeste, criarAppTeste, usarAppTeste } from '../../../test/app-teste.js';
import { LIMITE } from './bloqueio.js';

const t = usarAppTeste();
afterEach(async () => {
  await t.banco.db.delete(schema.tentativaLogin);
  await t.banco.db.delete(schema.origemConfiavel);
});

type Extra = { ip?: string; dispositivo?: string; headers?: Record<string, string> };
const entrar = (app: AppTeste, login: string, senha: string, { ip, dispositivo, headers }: Extra = {}) =>
  app.req({
    method: 'POST',
    url: '/api/Autenticacao/autenticar',
    payload: { login, senha, ...(dispositivo ? { dispositivo } : {}) },
    ...(ip ? { remoteAddress: ip } : {}),
    ...(headers ? { headers } : {}),
  });

/** Moves every recorded attempt back in time, as if the caller had waited. */
const esperar = (segundos: number) =>
  t.banco.db
    .update(schema.tentativaLogin)
    .set({ criadoEm: sql`${schema.tentativaLogin.criadoEm} - make_interval(secs => ${segundos})` });

const DISPOSITIVO = 'dispositivo-da-paula-0123456789';

describe('hole 3: the account lock is keyed by the account, not the login as typed', () => {
  it('eight spellings of one CPF share one counter', async () => {
    const grafias = [
      '111.444.777-35',
      '11144477735',
      '111 444 777 35',
      '111.444.77735',
      ' 11144477735 ',
      '111-444-777-35',
      '111.444.777.35',
      '111/444/777-35',
    ];
    const respostas = [];
    for (const login of grafias) respostas.push((await entrar(t, login, 'errada-123', { ip: '10.1.0.1' })).statusCode);
    // The free failures of the pair, then the delay: not eight fresh counters.
    expect(respostas.slice(0, LIMITE.livresPorPar)).toEqual([401, 401, 401]);
    expect(respostas.slice(LIMITE.livresPorPar).every((s) => s === 429)).toBe(true);
    const [linha] = await t.banco.db.select().from(schema.tentativaLogin).limit(1);
    expect(linha!.login).toMatch(/^u:\d+$/);
  });

  it('an e-mail in other cases and spaces is the same account too', async () => {
    for (const login of ['Paroquia@SIG.local', ' paroquia@sig.local', 'PAROQUIA@SIG.LOCAL'])
      await entrar(t, login, 'errada-123', { ip: '10.1.0.2' });
    const r = await entrar(t, 'paroquia@sig.local', 'errada-123', { ip: '10.1.0.2' });
    expect(r.statusCode).toBe(429);
  });
});

describe('hole 3: forwarded addresses', () => {
  it('without SIG_TRUSTED_PROXIES, X-Forwarded-For is ignored by the throttle and the audit', async () => {
    const falsos = ['203.0.113.1', '203.0.113.2', '203.0.113.3', '203.0.113.4', '203.0.113.5'];
    const status = [];
    for (const xff of falsos)
      status.push(
        (await entrar(t, 'tesouraria@sig.local', 'errada-123', { ip: '10.1.0.3', headers: { 'x-forwarded-for': xff } }))
          .statusCode,
      );
    expect(status).toEqual([401, 401, 401, 429, 429]);
    await t.app.deps.auditoria.descarregar();
    const auditoria = await t.banco.db
      .select({ ip: schema.auditoriaAcesso.ip })
      .from(schema.auditoriaAcesso)
      .where(eq(schema.auditoriaAcesso.evento, 'LOGIN_FALHA'))
      .orderBy(desc(schema.auditoriaAcesso.id))
      .limit(3);
    expect(auditoria.map((a) => a.ip)).toEqual(['10.1.0.3', '10.1.0.3', '10.1.0.3']);
  });

  it('behind a configured proxy, the client address it forwards is the one used and audited', async () => {
    const atras = await criarAppTeste({ SIG_TRUSTED_PROXIES: '10.9.0.0/16, 127.0.0.1' });
    try {
      const r = await entrar(atras, 'atendimento@sig.local', 'Demo@2026', {
        ip: '10.9.0.5',
        headers: { 'x-forwarded-for': '198.51.100.23' },
      });
      expect(r.statusCode).toBe(200);
      // A client cannot forge through an untrusted hop: only the proxy's own addition counts.
      const forjado = await entrar(atras, 'atendimento@sig.local', 'errada-123', {
        ip: '192.0.2.50',
        headers: { 'x-forwarded-for': '198.51.100.99' },
      });
      expect(forjado.statusCode).toBe(401);
      await atras.app.deps.auditoria.descarregar();
      const linhas = await atras.banco.db
        .select({ evento: schema.auditoriaAcesso.evento, ip: schema.auditoriaAcesso.ip })
        .from(schema.auditoriaAcesso)
        .where(eq(schema.auditoriaAcesso.login, 'atendimento@sig.local'))
        .orderBy(schema.auditoriaAcesso.id);
      expect(linhas).toEqual([
        { evento: 'LOGIN', ip: '198.51.100.23' },
        { evento: 'LOGIN_FALHA', ip: '192.0.2.50' },
      ]);
    } finally {
      await atras.fechar();
    }
  });
});

describe('hole 4: an attacker without the password cannot keep the user out', () => {
  it('the delay grows per (account, address) pair and only there', async () => {
    const atacante = '10.2.0.1';
    const respostas = [];
    for (let i = 0; i < LIMITE.livresPorPar + 1; i++)
      respostas.push(await entrar(t, 'paroquia@sig.local', `errada-${i}`, { ip: atacante }));
    expect(respostas.map((r) => r.statusCode)).toEqual([401, 401, 401, 429]);
    expect(respostas[3]!.json()).toEqual({
      codigo: 'LOGIN_AGUARDE',
      mensagem: 'Muitas tentativas de acesso. Tente novamente em 1 segundos.',
    });
    // Waiting lets one more guess through, and each failure doubles the wait.
    await esperar(1);
    expect((await entrar(t, 'paroquia@sig.local', 'errada-x', { ip: atacante })).statusCode).toBe(401);
    const dobro = await entrar(t, 'paroquia@sig.local', 'errada-y', {
      ip: atacante,
      headers: { 'accept-language': 'en' },
    });
    expect(dobro.json().mensagem).toBe('Too many sign-in attempts. Try again in 2 seconds.');
    // The user elsewhere is not slowed down by it.
    expect((await entrar(t, 'paroquia@sig.local', 'Demo@2026', { ip: '10.2.0.2' })).statusCode).toBe(200);
  });

  it('the wait is capped, and a success of the pair clears it', async () => {
    for (let i = 0; i < 20; i++) {
      await esperar(LIMITE.esperaMaximaS);
      expect((await entrar(t, 'sinodo@sig.local', 'errada-123', { ip: '10.3.0.1' })).statusCode).toBe(401);
    }
    // The window of the address lock passed with the waits; only the pair remembers.
    const r = await entrar(t, 'sinodo@sig.local', 'errada-123', { ip: '10.3.0.1' });
    expect(r.statusCode).toBe(429);
    expect(r.json().mensagem).toBe(`Muitas tentativas de acesso. Tente novamente em ${LIMITE.esperaMaximaS} segundos.`);
    await esperar(LIMITE.esperaMaximaS);
    expect((await entrar(t, 'sinodo@sig.local', 'Demo@2026', { ip: '10.3.0.1' })).statusCode).toBe(200);
    expect((await entrar(t, 'sinodo@sig.local', 'errada-123', { ip: '10.3.0.1' })).statusCode).toBe(401);
  });

  it('failures from many addresses close the account to new origins only; a known device or address passes', async () => {
    // The user signed in before from the office (address) and from a phone (device id).
    expect((await entrar(t, 'paroquia@sig.local', 'Demo@2026', { ip: '10.4.0.1' })).statusCode).toBe(200);
    expect(
      (await entrar(t, 'paroquia@sig.local', 'Demo@2026', { ip: '10.4.0.2', dispositivo: DISPOSITIVO })).statusCode,
    ).toBe(200);

    // A botnet: one guess from each of many addresses.
    for (let i = 0; i < LIMITE.falhasPorConta; i++)
      expect((await entrar(t, 'paroquia@sig.local', 'errada-123', { ip: `172.16.0.${i + 1}` })).statusCode).toBe(401);
    const novo = await entrar(t, 'paroquia@sig.local', 'Demo@2026', { ip: '172.16.1.1' });
    expect(novo.statusCode).toBe(429);
    expect(novo.json().codigo).toBe('LOGIN_BLOQUEADO');

    // The right password from the office, and from the phone on a new network, still signs in.
    expect((await entrar(t, 'paroquia@sig.local', 'Demo@2026', { ip: '10.4.0.1' })).statusCode).toBe(200);
    expect(
      (await entrar(t, 'paroquia@sig.local', 'Demo@2026', { ip: '192.0.2.77', dispositivo: DISPOSITIVO })).statusCode,
    ).toBe(200);
    // The lock itself cannot be used to tell a right password from a wrong one.
    expect((await entrar(t, 'paroquia@sig.local', 'errada-999', { ip: '172.16.1.2' })).json().codigo).toBe(
      'LOGIN_BLOQUEADO',
    );
  });

  it('a device id the account never signed in with earns nothing', async () => {
    for (let i = 0; i < LIMITE.falhasPorConta; i++)
      await entrar(t, 'tesouraria@sig.local', 'errada-123', {
        ip: `172.17.0.${i + 1}`,
        dispositivo: `forjado-${i}-abcdefghijk`,
      });
    const r = await entrar(t, 'tesouraria@sig.local', 'Demo@2026', {
      ip: '172.17.1.1',
      dispositivo: 'outro-dispositivo-qualquer-123',
    });
    expect(r.statusCode).toBe(429);
  });

  it('a completed password reset makes its device trusted, so a locked-out user on a new device gets in', async () => {
    for (let i = 0; i < LIMITE.falhasPorConta; i++)
      await entrar(t, 'atendimento@sig.local', 'errada-123', { ip: `172.18.0.${i + 1}` });
    const novoDispositivo = 'computador-novo-da-biblioteca-01';
    expect(
      (await entrar(t, 'atendimento@sig.local', 'Demo@2026', { ip: '172.18.1.1', dispositivo: novoDispositivo }))
        .statusCode,
    ).toBe(429);
    await t.req({
      method: 'POST',
      url: '/api/Autenticacao/solicitar-redefinicao-senha',
      payload: { email: 'atendimento@sig.local' },
    });
    const [m] = await t.banco.db
      .select()
      .from(schema.caixaSaida)
      .where(eq(schema.caixaSaida.para, 'atendimento@sig.local'))
      .orderBy(desc(schema.caixaSaida.id))
      .limit(1);
    const token = /token=([\w-]+)/.exec(m!.texto)![1]!;
    const reset = await t.req({
      method: 'POST',
      url: '/api/Autenticacao/redefinir-senha',
      remoteAddress: '172.18.1.1',
      payload: { token, senha: 'NovaSenha9', confirmacaoSenha: 'NovaSenha9', dispositivo: novoDispositivo },
    });
    expect(reset.statusCode).toBe(200);
    expect(
      (await entrar(t, 'atendimento@sig.local', 'NovaSenha9', { ip: '172.18.1.2', dispositivo: novoDispositivo }))
        .statusCode,
    ).toBe(200);
  });

  it('a bad device id is a field error', async () => {
    const r = await entrar(t, 'paroquia@sig.local', 'Demo@2026', { dispositivo: 'curto' });
    expect(r.statusCode).toBe(400);
    expect(r.json().campos[0].campo).toBe('dispositivo');
  });

  it('one address failing across accounts is locked after its limit, other addresses unaffected', async () => {
    const ip = '10.5.0.1';
    for (let i = 0; i < LIMITE.falhasPorIp; i++) await entrar(t, `x${i}@sig.local`, 'errada-123', { ip });
    expect((await entrar(t, 'tesouraria@sig.local', 'Demo@2026', { ip })).statusCode).toBe(429);
    expect((await entrar(t, 'tesouraria@sig.local', 'Demo@2026', { ip: '10.5.0.2' })).statusCode).toBe(200);
  });
});
