import { schema } from '@sig/db';
import { eq, like, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { usarAppTeste } from '../../test/app-teste.js';
import { construirApp } from '../app.js';
import type { RegraLimite } from './limites.js';

const t = usarAppTeste({ SIG_RATE_LIMIT: 'on' });

const emails = async (para: string) =>
  (
    await t.banco.db
      .select({ n: sql<number>`count(*)::int` })
      .from(schema.caixaSaida)
      .where(eq(schema.caixaSaida.para, para))
  )[0]!.n;

const pedirRedefinicao = (email: string, ip: string, idioma?: string) =>
  t.req({
    method: 'POST',
    url: '/api/Autenticacao/solicitar-redefinicao-senha',
    payload: { email },
    remoteAddress: ip,
    ...(idioma ? { idioma } : {}),
  });

describe('hole 7: request limits of the public routes', () => {
  it('20 password-reset requests for one victim from 20 addresses send 3 e-mails', async () => {
    const antes = await emails('tesouraria@sig.local');
    const status = [];
    for (let i = 0; i < 20; i++)
      status.push((await pedirRedefinicao('tesouraria@sig.local', `10.20.0.${i + 1}`)).statusCode);
    expect(status.slice(0, 3)).toEqual([200, 200, 200]);
    expect(status.slice(3).every((s) => s === 429)).toBe(true);
    expect((await emails('tesouraria@sig.local')) - antes).toBe(3);
    // The same victim in other letters is the same target.
    expect((await pedirRedefinicao('Tesouraria@SIG.local', '10.20.1.1')).statusCode).toBe(429);
  });

  it('answers 429 in the error shape, localized, with Retry-After', async () => {
    const r = await pedirRedefinicao('tesouraria@sig.local', '10.21.0.1', 'en');
    expect(r.statusCode).toBe(429);
    const segundos = Number(r.headers['retry-after']);
    expect(segundos).toBeGreaterThan(0);
    expect(segundos).toBeLessThanOrEqual(3600);
    expect(r.json()).toEqual({
      codigo: 'LIMITE_REQUISICOES',
      mensagem: `Too many requests. Try again in ${segundos} seconds.`,
    });
    const br = await pedirRedefinicao('tesouraria@sig.local', '10.21.0.2');
    expect(br.json().mensagem).toMatch(/^Muitas solicitações\. Tente novamente em \d+ segundos\.$/);
  });

  it('one address asking for many victims is stopped after its limit', async () => {
    const status = [];
    for (let i = 0; i < 11; i++)
      status.push((await pedirRedefinicao(`pessoa${i}@exemplo.com`, '10.22.0.1')).statusCode);
    expect(status).toEqual([...Array(10).fill(200), 429]);
    expect((await pedirRedefinicao('pessoa99@exemplo.com', '10.22.0.2')).statusCode).toBe(200);
  });

  it('15 registrations from one address: 10 get through; one e-mail or CPF at most 3 times', async () => {
    const cadastro = (i: number, ip: string, extra: object = {}) =>
      t.req({
        method: 'POST',
        url: '/api/Autenticacao/cadastrar',
        remoteAddress: ip,
        payload: {
          nome: 'Visitante',
          sobrenome: `Número ${i}`,
          cpf: '00000000000',
          email: `visitante${i}@exemplo.com`,
          organizacaoId: 0,
          senha: 'MinhaSenha1',
          confirmacaoSenha: 'MinhaSenha1',
          aceiteTermos: true,
          ...extra,
        },
      });
    const porIp = [];
    for (let i = 0; i < 15; i++) porIp.push((await cadastro(i, '10.23.0.1')).statusCode);
    // Counted before validation: bad input spends the address's budget too.
    expect(porIp.slice(10)).toEqual([429, 429, 429, 429, 429]);
    expect(porIp.slice(0, 10).every((s) => s !== 429)).toBe(true);

    const [comunidade] = await t.banco.db
      .select({ id: schema.organizacao.id })
      .from(schema.organizacao)
      .where(eq(schema.organizacao.aceitaCadastro, true))
      .limit(1);
    const mesmoEmail = [];
    for (let i = 0; i < 5; i++)
      mesmoEmail.push(
        (
          await cadastro(100 + i, `10.24.0.${i + 1}`, {
            email: 'alvo@exemplo.com',
            cpf: '935.411.347-80',
            organizacaoId: comunidade!.id,
          })
        ).statusCode,
      );
    expect(mesmoEmail[0]).toBe(201);
    expect(mesmoEmail.slice(1, 3).every((s) => s !== 429)).toBe(true);
    expect(mesmoEmail.slice(3)).toEqual([429, 429]);
  });

  it('the counters live in PostgreSQL: a second API process on the same database sees them', async () => {
    const outro = await construirApp({ config: t.app.deps.config, banco: t.banco, logger: false });
    await outro.ready();
    try {
      const status = [];
      for (let i = 0; i < 4; i++) {
        const app = i % 2 ? outro : t.app;
        status.push(
          (
            await app.inject({
              method: 'POST',
              url: '/api/Autenticacao/solicitar-redefinicao-senha',
              payload: { email: 'sinodo@sig.local' },
              remoteAddress: `10.26.0.${i + 1}`,
            })
          ).statusCode,
        );
      }
      expect(status).toEqual([200, 200, 200, 429]);
    } finally {
      await outro.close();
    }
    const [linha] = await t.banco.db
      .select()
      .from(schema.limiteRequisicao)
      .where(like(schema.limiteRequisicao.chave, 'redefinicao-email:sinodo@sig.local'));
    expect(linha!.contagem).toBe(4);
  });

  it('a window that ended starts again from zero', async () => {
    await t.banco.db
      .update(schema.limiteRequisicao)
      .set({ expiraEm: sql`now() - interval '1 second'` })
      .where(eq(schema.limiteRequisicao.chave, 'redefinicao-email:sinodo@sig.local'));
    expect((await pedirRedefinicao('sinodo@sig.local', '10.27.0.1')).statusCode).toBe(200);
  });

  it('sign-in has a limit per address, none per login (one anyone could spend to keep the owner out)', async () => {
    const status = [];
    for (let i = 0; i < 61; i++)
      status.push(
        (
          await t.req({
            method: 'GET',
            url: '/api/Autenticacao/token-valido?token=x',
            remoteAddress: '10.28.0.1',
          })
        ).statusCode,
      );
    expect(status.slice(0, 60).every((s) => s === 200)).toBe(true);
    expect(status[60]).toBe(429);
    const rotas = t.app.rotasRegistradas.filter((r) => r.url === '/api/Autenticacao/autenticar');
    const { limites } = rotas[0]!.declaracao as { limites?: RegraLimite[] };
    expect(limites?.map((l) => l.por)).toEqual(['ip']);
  });
});
