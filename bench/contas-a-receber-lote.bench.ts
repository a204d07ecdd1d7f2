/**
 * Receivables in bulk at scale (issue 5 §10, bench/README.md "Receivables in bulk"): a year of
 * receivables for every person of a parish, generated through the CONTAS_A_RECEBER kind.
 *
 *   npx tsx bench/contas-a-receber-lote.bench.ts [--pessoas 8400] [--trabalhadores 1] [--manter]
 *
 * A fresh database on the local PostgreSQL (BENCH_PG_URL), migrated and demo-seeded, gets
 * `--pessoas` people in the treasurer's parish (two in three with a contribution value of their
 * own, some with a discount) and a monthly category. The real app is built in this process; the
 * treasurer creates the batch through the API (the people list's name filter, January to December),
 * and the worker is driven directly, one item after another with no pause (`--trabalhadores` N:
 * N claim loops at once, as N worker processes would). A second batch over the same months then
 * shows the idempotent path: every month is found, none is added.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { abrirBanco, migrar, schema } from '@sig/db';
import { garantirBase, semearDemo } from '@sig/db/seed';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { construirApp } from '../apps/api/src/app.js';
import { lerConfig } from '../apps/api/src/config.js';
import { tipoLote } from '../apps/api/src/modules/processamento-lote/index.js';
import { ADMIN, SENHA_DEMO } from './comum.js';

const { values } = parseArgs({
  options: {
    pessoas: { type: 'string', default: '8400' },
    trabalhadores: { type: 'string', default: '1' },
    manter: { type: 'boolean', default: false },
  },
});
const pessoas = Number(values.pessoas);
const trabalhadores = Number(values.trabalhadores);
const raiz = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const nomeBanco = `sig_bench_car_${randomBytes(4).toString('hex')}`;
const adm = new pg.Client({ connectionString: raiz });
await adm.connect();
await adm.query(`create database "${nomeBanco}"`);
const u = new URL(raiz);
u.pathname = `/${nomeBanco}`;
const dados = mkdtempSync(path.join(os.tmpdir(), 'sig-bench-car-'));
const banco = await abrirBanco({ url: u.toString(), maxConexoes: 10 });

try {
  await migrar(banco);
  await garantirBase(banco.db, { adminEmail: ADMIN.login, adminSenha: ADMIN.senha });
  await semearDemo(banco.db);
  const { db } = banco;
  const [tiago] = await db
    .select({ organizacaoId: schema.pessoa.organizacaoId })
    .from(schema.pessoa)
    .where(eq(schema.pessoa.cpf, '39053344705'));
  const paroquia = tiago!.organizacaoId;
  await db.execute(sql`insert into pessoa (nome, sobrenome, nome_busca, organizacao_id)
    select 'Bench', 'Pessoa ' || g, 'bench pessoa ' || g, ${paroquia} from generate_series(1, ${pessoas}) g`);
  await db.execute(sql`insert into pessoa_contribuicao (pessoa_id, valor, percentual_desconto)
    select id, 20 + id % 80, case when id % 5 = 0 then 10 end from pessoa where nome = 'Bench' and id % 3 <> 0`);
  const [categoria] = await db
    .insert(schema.categoriaContribuicao)
    .values({
      nome: 'Contribuição mensal',
      organizacaoId: paroquia,
      valor: '30.00',
      periodicidadeContribuicao: 'MENSAL',
      periodicidadeCobranca: 'MENSAL',
      diaVencimento: 10,
    })
    .returning({ id: schema.categoriaContribuicao.id });
  await db.execute(sql`analyze`);

  const config = lerConfig({
    SIG_ENV: 'production',
    SIG_SECRET: 'segredo-do-benchmark-com-32-caracteres',
    SIG_ADMIN_EMAIL: ADMIN.login,
    SIG_ADMIN_PASSWORD: ADMIN.senha,
    DATABASE_URL: u.toString(),
    DATA_DIR: dados,
    LOG_LEVEL: 'silent',
  });
  const app = await construirApp({ config, banco, logger: false });
  await app.ready();
  const entrar = await app.inject({
    method: 'POST',
    url: '/api/Autenticacao/autenticar',
    payload: { login: 'tesouraria@sig.local', senha: SENHA_DEMO },
  });
  const token = entrar.json().accessToken as string;
  const corpo = {
    nome: 'bench pessoa',
    categoriaContribuicaoId: categoria!.id,
    competenciaInicio: '2030-01',
    competenciaFim: '2030-12',
  };

  const contasDoLote = async (loteId: number) => {
    const r = (await db.execute(sql`select count(*)::int as n from conta_a_receber c
      join processamento_lote_item i on i.id = c.lote_item_id where i.lote_id = ${loteId}`)) as unknown as {
      rows: { n: number }[];
    };
    return r.rows[0]!.n;
  };

  // The kind's own share of the time (reading the person, the one insert), apart from the worker's claim and record.
  const tipo = tipoLote('CONTAS_A_RECEBER')!;
  const processar = tipo.processar;
  let noTipo = 0;
  tipo.processar = async (deps, item) => {
    const inicio = performance.now();
    try {
      return await processar(deps, item);
    } finally {
      noTipo += performance.now() - inicio;
    }
  };

  const rodada = async (rotulo: string) => {
    noTipo = 0;
    let t = performance.now();
    const criado = await app.inject({
      method: 'POST',
      url: '/api/contas-a-receber-lote',
      headers: { authorization: `Bearer ${token}` },
      payload: corpo,
    });
    if (criado.statusCode !== 201) throw new Error(`batch: ${criado.statusCode} ${criado.body}`);
    const lote = criado.json() as { id: number; total: number };
    const criacao = performance.now() - t;
    t = performance.now();
    await Promise.all(
      Array.from({ length: trabalhadores }, async () => {
        while (await app.lotes.processarProximo()) {}
      }),
    );
    const segundos = (performance.now() - t) / 1000;
    const [fim] = await db
      .select({ status: schema.processamentoLote.status, sucessos: schema.processamentoLote.sucessos })
      .from(schema.processamentoLote)
      .where(eq(schema.processamentoLote.id, lote.id));
    const contas = await contasDoLote(lote.id);
    console.log(
      `| ${rotulo} | ${lote.total.toLocaleString('en')} | ${contas.toLocaleString('en')} | ${(criacao / 1000).toFixed(2)} s | ${segundos.toFixed(1)} s | ${Math.round(lote.total / segundos).toLocaleString('en')} | ${Math.round(contas / segundos).toLocaleString('en')} | ${(noTipo / lote.total).toFixed(1)} ms | ${((segundos * 1000 * trabalhadores) / lote.total).toFixed(1)} ms | ${fim!.status} (${fim!.sucessos} ok) |`,
    );
    return contas;
  };

  console.log(`${pessoas.toLocaleString('en')} people, ${trabalhadores} claim loop(s), PostgreSQL ${u.host}`);
  console.log(
    '| run | items | receivables created | batch created in | worked in | items/s | receivables/s | kind per item | item per loop | batch |',
  );
  console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |');
  const primeira = await rodada('first batch: January–December');
  const segunda = await rodada('same batch again: every month already there');
  const [{ n } = { n: 0 }] = (
    (await db.execute(
      sql`select count(*)::int as n from conta_a_receber where lote_item_id is not null`,
    )) as unknown as {
      rows: { n: number }[];
    }
  ).rows;
  console.log(`receivables in the database: ${n.toLocaleString('en')} (first ${primeira}, second ${segunda})`);
  await app.close();
} finally {
  await banco.fechar();
  // The pool's clients are closed asynchronously after it ends: dropping the database sooner kills one mid-close.
  await new Promise((r) => setTimeout(r, 500));
  if (values.manter) console.log(`kept database ${nomeBanco}`);
  else await adm.query(`drop database if exists "${nomeBanco}" with (force)`);
  await adm.end();
  rmSync(dados, { recursive: true, force: true });
}
