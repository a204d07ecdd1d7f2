import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type AppTeste, criarAppTeste } from '../../../test/app-teste.js';
import { SENHA_DEMO } from '../../../test/constantes.js';

const url = '/api/analitica/pagina';
const visualizacao = { caminho: '/mural-de-avisos', titulo: 'SIG - Mural de avisos', organizacaoId: 1, pessoaId: 2 };

/** A collector on a free local port that keeps what it receives. */
async function iniciarColetor() {
  const recebidos: { metodo?: string; tipo?: string; corpo: unknown }[] = [];
  const servidor: Server = createServer((req, res) => {
    let corpo = '';
    req.on('data', (c: Buffer) => {
      corpo += c.toString();
    });
    req.on('end', () => {
      recebidos.push({ metodo: req.method, tipo: req.headers['content-type'], corpo: JSON.parse(corpo) });
      res.writeHead(202).end();
    });
  });
  await new Promise<void>((ok) => servidor.listen(0, '127.0.0.1', ok));
  const { port } = servidor.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/paginas`,
    recebidos,
    fechar: () => new Promise<void>((ok) => servidor.close(() => ok())),
  };
}

/** Signs in and keeps the whole answer: the test compares the forwarded ids with the session's. */
async function entrar(t: AppTeste, login: string) {
  const r = await t.req({ method: 'POST', url: '/api/Autenticacao/autenticar', payload: { login, senha: SENHA_DEMO } });
  expect(r.statusCode, r.body).toBe(200);
  return r.json() as { accessToken: string; organizacaoId: number; pessoaId: number };
}

describe('page views with analytics off (the default)', () => {
  let t: AppTeste;
  beforeAll(async () => {
    t = await criarAppTeste();
  });
  afterAll(() => t.fechar());

  it('the health answer says so, and a page view is accepted and goes nowhere', async () => {
    const saude = await t.req({ method: 'GET', url: '/api/saude' });
    expect(saude.json()).toMatchObject({ analitica: { ativa: false } });

    const { accessToken } = await entrar(t, 'sinodo@sig.local');
    const envio = vi.spyOn(globalThis, 'fetch');
    try {
      const r = await t.req({ method: 'POST', url, token: accessToken, payload: visualizacao });
      expect(r.statusCode, r.body).toBe(204);
      expect(envio).not.toHaveBeenCalled();
    } finally {
      envio.mockRestore();
    }
  });
});

describe('page views sent to a collector', () => {
  let t: AppTeste;
  let coletor: Awaited<ReturnType<typeof iniciarColetor>>;
  beforeAll(async () => {
    coletor = await iniciarColetor();
    t = await criarAppTeste({ SIG_ANALYTICS: coletor.url });
  });
  afterAll(async () => {
    await t.fechar();
    await coletor.fechar();
  });

  it('the health answer says analytics is on without naming the collector', async () => {
    const r = await t.req({ method: 'GET', url: '/api/saude' });
    expect(r.json()).toMatchObject({ analitica: { ativa: true } });
    expect(r.body).not.toContain('127.0.0.1');
  });

  it('forwards the page view with the ids of the session', async () => {
    const sessao = await entrar(t, 'sinodo@sig.local');
    // Ids of someone else in the body: the session's are the ones forwarded.
    const r = await t.req({
      method: 'POST',
      url,
      token: sessao.accessToken,
      payload: { ...visualizacao, organizacaoId: sessao.organizacaoId + 1, pessoaId: null },
    });
    expect(r.statusCode, r.body).toBe(204);
    await vi.waitFor(() => expect(coletor.recebidos).toHaveLength(1));
    const [recebido] = coletor.recebidos;
    expect(recebido).toMatchObject({ metodo: 'POST', tipo: 'application/json' });
    expect(recebido!.corpo).toEqual({
      caminho: visualizacao.caminho,
      titulo: visualizacao.titulo,
      organizacaoId: sessao.organizacaoId,
      pessoaId: sessao.pessoaId,
      em: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
  });

  it('refuses a malformed page view with 400 naming the fields, and forwards nothing', async () => {
    const { accessToken } = await entrar(t, 'paroquia@sig.local');
    const antes = coletor.recebidos.length;
    const r = await t.req({
      method: 'POST',
      url,
      token: accessToken,
      payload: { caminho: `/${'x'.repeat(500)}`, titulo: 'y'.repeat(201), organizacaoId: 'um', pessoaId: 1.5 },
    });
    expect(r.statusCode).toBe(400);
    const campos = (r.json().campos as { campo: string }[]).map((c) => c.campo).sort();
    expect(campos).toEqual(['caminho', 'organizacaoId', 'pessoaId', 'titulo']);
    expect(coletor.recebidos.length).toBe(antes);
  });

  it('answers 401 without a token', async () => {
    const r = await t.req({ method: 'POST', url, payload: visualizacao });
    expect(r.statusCode).toBe(401);
  });

  it('an unreachable collector never fails the request: the failure is only logged', async () => {
    const outro = await iniciarColetor();
    await outro.fechar();
    const t2 = await criarAppTeste({ SIG_ANALYTICS: outro.url });
    try {
      const aviso = vi.spyOn(t2.app.log, 'warn');
      const { accessToken } = await entrar(t2, 'sinodo@sig.local');
      const r = await t2.req({ method: 'POST', url, token: accessToken, payload: visualizacao });
      expect(r.statusCode).toBe(204);
      await vi.waitFor(() => expect(aviso).toHaveBeenCalledWith(expect.anything(), 'analytics collector unreachable'));
    } finally {
      await t2.fechar();
    }
  });
});

describe('page views written to the log (SIG_ANALYTICS=console)', () => {
  it('logs the page view with the ids of the session', async () => {
    const t = await criarAppTeste({ SIG_ANALYTICS: 'console' });
    try {
      expect((await t.req({ method: 'GET', url: '/api/saude' })).json()).toMatchObject({ analitica: { ativa: true } });
      const info = vi.spyOn(t.app.log, 'info');
      const sessao = await entrar(t, 'paroquia@sig.local');
      const r = await t.req({ method: 'POST', url, token: sessao.accessToken, payload: visualizacao });
      expect(r.statusCode).toBe(204);
      expect(info).toHaveBeenCalledWith(
        {
          analitica: expect.objectContaining({
            caminho: visualizacao.caminho,
            organizacaoId: sessao.organizacaoId,
            pessoaId: sessao.pessoaId,
          }),
        },
        'page view',
      );
    } finally {
      await t.fechar();
    }
  });
});
