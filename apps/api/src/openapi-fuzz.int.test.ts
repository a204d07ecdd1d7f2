import { schema } from '@sig/db';
import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type AppTeste, criarAppTeste } from '../test/app-teste.js';
import { corpoProfundo, operacoes, type Pedido, pedidos } from '../test/fuzz.js';

/**
 * Every operation of the OpenAPI document, signed in as the administrator and as a parish
 * secretary, with hostile values (see test/fuzz.ts): no answer may be a 5xx. Seeded, so a
 * failure repeats; SIG_FUZZ_PEDIDOS sets the request budget (a longer local run:
 * `SIG_FUZZ_PEDIDOS=100000 SIG_FUZZ_SEMENTE=7 npx vitest run apps/api/src/openapi-fuzz.int.test.ts`).
 */
const PEDIDOS = Number(process.env.SIG_FUZZ_PEDIDOS ?? 3000);
const SEMENTE = Number(process.env.SIG_FUZZ_SEMENTE ?? 20_261_125);

/** Not fuzzed: an event stream never ends (the hub has its own test). */
const FORA = new Set(['GET /api/hub/']);

const PERFIS = [
  { nome: 'administrador', email: 'admin@sig.local' },
  { nome: 'secretaria paroquial', email: 'paroquia@sig.local' },
];

let t: AppTeste;
const tokens = new Map<string, string>();

beforeAll(async () => {
  t = await criarAppTeste();
  tokens.set(PERFIS[0]!.email, await t.loginAdmin());
  tokens.set(PERFIS[1]!.email, await t.login(PERFIS[1]!.email));
}, 120_000);
afterAll(() => t?.fechar());

/**
 * Fuzzed writes may sign the session out, deactivate the user or turn 2FA on: the session is
 * put back as it was, so the rest of the run stays signed in.
 */
async function restaurar(email: string) {
  const [u] = await t.banco.db
    .select({ id: schema.usuario.id })
    .from(schema.usuario)
    .where(eq(schema.usuario.email, email));
  await t.banco.db.update(schema.usuario).set({ ativo: true, trocarSenha: false }).where(eq(schema.usuario.id, u!.id));
  await t.banco.db.execute(
    sql`update sessao set revogado_em = null, pendente2_fa = false, ultimo_uso_em = now() where usuario_id = ${u!.id}`,
  );
}

type Falha = { perfil: string; operacao: string; pedido: Pedido; status: number; corpo: string };

it('no operation answers 5xx to hostile input', { timeout: 600_000 }, async () => {
  const inicio = Date.now();
  const doc = t.app.swagger() as unknown as Parameters<typeof operacoes>[0];
  const ops = operacoes(doc).filter((o) => !FORA.has(`${o.metodo.toUpperCase()} ${o.caminho}`));
  const porOperacao = Math.max(PERFIS.length, Math.floor(PEDIDOS / ops.length));
  const falhas: Falha[] = [];
  let enviados = 0;
  const statusVistos = new Map<number, number>();

  const enviar = async (perfil: (typeof PERFIS)[number], operacao: string, pedido: Pedido, bruto?: string) => {
    const opcoes = {
      method: pedido.method as 'GET',
      url: pedido.url,
      token: tokens.get(perfil.email),
      ...(bruto !== undefined
        ? { payload: bruto, headers: { 'content-type': 'application/json' } }
        : pedido.payload !== undefined
          ? { payload: JSON.stringify(pedido.payload), headers: { 'content-type': 'application/json' } }
          : {}),
    };
    let r = await t.req(opcoes);
    enviados++;
    if (r.statusCode === 401 || r.body.includes('TROCA_SENHA_OBRIGATORIA')) {
      // An earlier request may have signed the session out (or forced a new password): try again once.
      await restaurar(perfil.email);
      r = await t.req(opcoes);
      enviados++;
    }
    statusVistos.set(r.statusCode, (statusVistos.get(r.statusCode) ?? 0) + 1);
    if (r.statusCode >= 500)
      falhas.push({
        perfil: perfil.nome,
        operacao,
        pedido: { ...pedido, ...(bruto ? { payload: `${bruto.slice(0, 40)}…` } : {}) },
        status: r.statusCode,
        corpo: r.body.slice(0, 300),
      });
  };

  for (const [i, op] of ops.entries()) {
    const nome = `${op.metodo.toUpperCase()} ${op.caminho}`;
    const amostras = fc.sample(pedidos(op), { seed: SEMENTE + i, numRuns: porOperacao });
    for (const [j, pedido] of amostras.entries()) await enviar(PERFIS[j % PERFIS.length]!, nome, pedido);
    if (op.corpo) {
      const url = op.caminho.replace(/\{[^}]+\}/g, '1');
      await enviar(PERFIS[i % PERFIS.length]!, nome, { method: op.metodo.toUpperCase(), url }, corpoProfundo(5000));
    }
  }

  const segundos = ((Date.now() - inicio) / 1000).toFixed(1);
  console.info(
    `fuzz: ${ops.length} operations, ${enviados} requests, ${segundos} s, seed ${SEMENTE}; answers ${JSON.stringify(Object.fromEntries(statusVistos))}`,
  );
  const porOp = new Map<string, Falha>();
  for (const f of falhas) if (!porOp.has(f.operacao)) porOp.set(f.operacao, f);
  const relato = [...porOp.values()].map(
    (f) =>
      `${f.status} ${f.operacao} as ${f.perfil}: ${f.pedido.method} ${f.pedido.url}${
        f.pedido.payload !== undefined ? ` ${JSON.stringify(f.pedido.payload).slice(0, 2000)}` : ''
      }\n    → ${f.corpo}`,
  );
  expect(relato, `${falhas.length} answers ≥ 500 on ${porOp.size} operations`).toEqual([]);
});
