import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { usarAppTeste } from '../../test/app-teste.js';
import { publicar } from './hub.js';

/** The hub keeps hearing NOTIFY after its own database connection is lost. */
const t = usarAppTeste();
let base: string;
let token: string;

beforeAll(async () => {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  token = await t.login('atendimento@sig.local');
});

/** The backends of this database that LISTEN on the hub's channel. */
const ouvintes = async () =>
  (
    await t.banco.consultar<{ pid: number }>(
      'ouvintes_hub',
      "select pid from pg_stat_activity where datname = current_database() and query = 'LISTEN sig_hub'",
      [],
    )
  ).map((r) => r.pid);

async function esperarEvento(leitor: ReadableStreamDefaultReader<Uint8Array>, id: number) {
  let texto = '';
  const alvo = `data: {"tipo":"atendimento","id":${id}}`;
  while (!texto.includes(alvo)) {
    const { value, done } = await leitor.read();
    if (done) throw new Error(`stream ended before ${alvo}: ${texto}`);
    texto += new TextDecoder().decode(value);
  }
}

describe('hub', () => {
  // PGlite runs inside the process: there is no connection to lose, only the event to hear.
  it('after its LISTEN connection is terminated, the process listens again and an open stream still gets events', async () => {
    const controle = new AbortController();
    const resposta = await fetch(`${base}/api/hub`, {
      headers: { authorization: `Bearer ${token}` },
      signal: controle.signal,
    });
    const leitor = resposta.body!.getReader();
    try {
      await publicar(t.app.deps, { tipo: 'atendimento', id: 1 });
      await esperarEvento(leitor, 1);

      if (t.banco.tipo === 'postgres') {
        const [antes] = await ouvintes();
        expect(antes).toBeDefined();
        await t.banco.db.execute(sql`select pg_terminate_backend(${antes})`);
        await expect
          .poll(
            async () => {
              const agora = await ouvintes();
              return agora.length === 1 && agora[0] !== antes;
            },
            { timeout: 10_000 },
          )
          .toBe(true);
      }

      await publicar(t.app.deps, { tipo: 'atendimento', id: 2 });
      await esperarEvento(leitor, 2);
    } finally {
      controle.abort();
    }
  });
});
