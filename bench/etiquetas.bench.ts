/**
 * Label PDF of many people, end to end (bench/README.md "Labels").
 *
 *   npx tsx bench/etiquetas.bench.ts [--pg] [--pessoas 10000]
 *
 * The real app (in this process: memory is what is measured) over a generated database —
 * PGlite in a temporary folder, or with --pg a fresh database on the local PostgreSQL
 * (BENCH_PG_URL) dropped afterwards. It prints every generated person's label (all of the
 * national church, Pimaco 6180 sheet), reading the PDF as a client would, and reports the time
 * to the last byte and the process's resident memory before and at its peak, for the full run
 * and for a tenth of it: flat memory means the peak does not grow with the count.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { abrirBanco, migrar } from '@sig/db';
import { garantirBase } from '@sig/db/seed';
import pg from 'pg';
import { construirApp } from '../apps/api/src/app.js';
import { lerConfig } from '../apps/api/src/config.js';
import { gerar } from '../packages/db/src/seed/gerador.js';

const ADMIN = { login: 'admin@sig.local', senha: 'Bench@2026x' };
const { values } = parseArgs({
  options: { pg: { type: 'boolean', default: false }, pessoas: { type: 'string', default: '10000' } },
});
const pessoas = Number(values.pessoas);
const dados = mkdtempSync(path.join(os.tmpdir(), 'sig-bench-etq-'));
const baseUrl = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const nomeBanco = `sig_bench_etq_${randomBytes(4).toString('hex')}`;

async function comBancoPg<T>(f: (url: string) => Promise<T>): Promise<T> {
  const adm = new pg.Client({ connectionString: baseUrl });
  await adm.connect();
  await adm.query(`create database ${nomeBanco}`);
  try {
    const u = new URL(baseUrl);
    u.pathname = `/${nomeBanco}`;
    return await f(u.toString());
  } finally {
    await adm.query(`drop database if exists ${nomeBanco} with (force)`);
    await adm.end();
  }
}

async function medir(base: string, token: string, configuracaoId: number, query: string) {
  const rssAntes = process.memoryUsage().rss;
  let pico = rssAntes;
  const amostras = setInterval(() => {
    pico = Math.max(pico, process.memoryUsage().rss);
  }, 20);
  const t0 = performance.now();
  const r = await fetch(
    `${base}/api/emissao-etiquetas/pdf?configuracaoId=${configuracaoId}&somenteComEndereco=false&${query}`,
    {
      headers: { authorization: `Bearer ${token}` },
    },
  );
  if (!r.ok) throw new Error(`${r.status} ${await r.text()}`);
  let bytes = 0;
  for await (const parte of r.body!) bytes += (parte as Uint8Array).length;
  const ms = performance.now() - t0;
  clearInterval(amostras);
  return {
    etiquetas: Number(r.headers.get('x-total-etiquetas')),
    ms: Math.round(ms),
    kb: Math.round(bytes / 1024),
    rssAntesMb: Math.round(rssAntes / 2 ** 20),
    picoMb: Math.round(pico / 2 ** 20),
  };
}

async function executar(url?: string) {
  const banco = await abrirBanco(url ? { url, maxConexoes: 10 } : { dataDir: path.join(dados, 'pglite') });
  await migrar(banco);
  await garantirBase(banco.db, { adminEmail: ADMIN.login, adminSenha: ADMIN.senha });
  const t0 = performance.now();
  await gerar(banco.db, { pessoas });
  console.log(`${pessoas} people generated in ${((performance.now() - t0) / 1000).toFixed(1)} s (${banco.tipo})`);
  const config = lerConfig({
    SIG_ENV: 'production',
    SIG_SECRET: 'segredo-do-benchmark-com-32-caracteres',
    SIG_ADMIN_EMAIL: ADMIN.login,
    SIG_ADMIN_PASSWORD: ADMIN.senha,
    DATA_DIR: dados,
    LOG_LEVEL: 'silent',
  });
  const app = await construirApp({ config, banco, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  try {
    const login = await fetch(`${base}/api/Autenticacao/autenticar`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(ADMIN),
    });
    const { accessToken } = (await login.json()) as { accessToken: string };
    const layouts = await fetch(`${base}/api/configuracao-etiquetas/select`, {
      headers: { authorization: `Bearer ${accessToken}` },
    });
    const [pimaco] = (await layouts.json()) as { value: number; label: string }[];
    // Warm-up (plans, fonts), then a tenth of the people (born before 1940 is about that), then everyone.
    await medir(base, accessToken, pimaco!.value, 'nome=silva');
    const parte = await medir(base, accessToken, pimaco!.value, 'nascimentoAte=1945-12-31');
    const todos = await medir(base, accessToken, pimaco!.value, '');
    console.log(`| database | labels | time to last byte | PDF | RSS before → peak |`);
    console.log(`| --- | ---: | ---: | ---: | ---: |`);
    for (const m of [parte, todos])
      console.log(
        `| ${banco.tipo} | ${m.etiquetas.toLocaleString('en')} | ${m.ms.toLocaleString('en')} ms | ${m.kb.toLocaleString('en')} KB | ${m.rssAntesMb} → ${m.picoMb} MB |`,
      );
  } finally {
    await app.close();
    await banco.fechar();
  }
}

try {
  if (values.pg) await comBancoPg(executar);
  else await executar();
} finally {
  rmSync(dados, { recursive: true, force: true });
}
