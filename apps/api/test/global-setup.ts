import { randomBytes, scryptSync } from 'node:crypto';
import { rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { abrirBanco, conferirSenha, type Db, migrar, pgliteDe, schema } from '@sig/db';
import { garantirBase, semearDemo } from '@sig/db/seed';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { instalarTarefas } from '../src/platform/tarefas.js';
import { ADMIN_EMAIL, ADMIN_SENHA, SENHA_DEMO } from './constantes.js';

declare module 'vitest' {
  export interface ProvidedContext {
    templatePglite: string;
    templatePostgres: string;
  }
}

/**
 * Builds one migrated, seeded database (with the job layer's schema) and hands it to every test file: a PGlite dump
 * (loaded into a fresh in-memory database per file) or, with TEST_DATABASE_URL, a
 * PostgreSQL template database (copied per file with CREATE DATABASE ... TEMPLATE).
 */
export default async function setup(project: TestProject) {
  const url = process.env.TEST_DATABASE_URL;
  const banco = await abrirBanco(url ? { url: await criarTemplatePg(url) } : { dataDir: 'memory://' });
  await migrar(banco);
  await garantirBase(banco.db, { adminEmail: ADMIN_EMAIL, adminSenha: ADMIN_SENHA });
  await semearDemo(banco.db);
  await instalarTarefas(banco);
  await senhasBaratas(banco.db);
  if (url) {
    const nome = new URL(templateUrl!).pathname.slice(1);
    await banco.fechar();
    project.provide('templatePostgres', nome);
    project.provide('templatePglite', '');
    return async () => {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      // This run's per-file copies (app-teste.ts names them after the template): another run on
      // the same server keeps its own.
      const r = await c.query<{ datname: string }>(`select datname from pg_database where datname like $1`, [
        `${nome}\\_%`,
      ]);
      for (const d of r.rows) await c.query(`drop database if exists "${d.datname}" with (force)`);
      await c.query(`drop database if exists "${nome}" with (force)`);
      await c.end();
    };
  }
  const pglite = pgliteDe(banco)!;
  await enxugar(pglite);
  const dump = await pglite.dumpDataDir('none');
  const arquivo = path.join(os.tmpdir(), `sig-template-${process.pid}.tar`);
  writeFileSync(arquivo, Buffer.from(await dump.arrayBuffer()));
  await banco.fechar();
  project.provide('templatePglite', arquivo);
  project.provide('templatePostgres', '');
  return () => rmSync(arquivo, { force: true });
}

let templateUrl: string | undefined;
async function criarTemplatePg(url: string) {
  const nome = `sig_tpl_${randomBytes(4).toString('hex')}`;
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  await c.query(`create database "${nome}"`);
  await c.end();
  const u = new URL(url);
  u.pathname = `/${nome}`;
  templateUrl = u.toString();
  return templateUrl;
}

/** scrypt's cost for the seed's passwords in the template: 1/16 of the product's N = 16384. */
const N_TESTE = 1024;

/**
 * The seed's users keep their passwords, stored at a low scrypt cost (the stored hash names its
 * own cost, so sign-in reads it): the suite signs in some 150 times, ~50 ms of CPU each at the
 * product's cost, which platform/cripto.test.ts checks. Passwords set by a test still use it.
 */
async function senhasBaratas(db: Db) {
  for (const u of await db.select({ id: schema.usuario.id, hash: schema.usuario.senhaHash }).from(schema.usuario)) {
    for (const senha of [ADMIN_SENHA, SENHA_DEMO]) {
      if (!(await conferirSenha(senha, u.hash))) continue;
      const sal = randomBytes(16);
      const hash = scryptSync(senha, sal, 32, { N: N_TESTE, r: 8, p: 1 });
      const senhaHash = `scrypt$${N_TESTE}$8$1$${sal.toString('base64')}$${hash.toString('base64')}`;
      await db.update(schema.usuario).set({ senhaHash }).where(eq(schema.usuario.id, u.id));
      break;
    }
  }
}

/**
 * Every test file loads the dump into a new PGlite (~120 a run), and its cost follows its size and
 * file count: without the two template databases (the tests create none) and the WAL segments
 * a checkpoint no longer needs, 72 MB become 41 MB and a load takes half the time
 * (bench/README.md, "npm test wall time").
 */
async function enxugar(pglite: NonNullable<ReturnType<typeof pgliteDe>>) {
  // One statement a call: DROP DATABASE refuses the transaction a multi-statement call runs in.
  for (const modelo of ['template0', 'template1']) {
    await pglite.exec(`alter database ${modelo} is_template false`);
    await pglite.exec(`drop database ${modelo}`);
  }
  await pglite.exec('set wal_recycle = off');
  // The second switch and checkpoint leave only the segment the last checkpoint starts from.
  for (let i = 0; i < 2; i++) {
    await pglite.exec('select pg_switch_wal()');
    await pglite.exec('checkpoint');
  }
}
