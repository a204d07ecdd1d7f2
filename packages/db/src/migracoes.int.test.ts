import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, inject, it } from 'vitest';
import { abrirBanco, BancoMaisNovo, MIGRATIONS_DIR, migracaoAtual, migracoesConhecidas, migrar } from './index.js';

const ultima = migracoesConhecidas(MIGRATIONS_DIR).at(-1)!;

describe('migrar', () => {
  it('refuses a database migrated by a newer version, naming both', async () => {
    // The PGlite template when the suite runs on PGlite; on PostgreSQL there is none: migrate from scratch.
    const template = inject('templatePglite');
    const banco = await abrirBanco({
      dataDir: 'memory://',
      carregarDe: template ? new Blob([readFileSync(template)]) : undefined,
    });
    try {
      expect(await migrar(banco, '2.14.2')).toBe(ultima.tag);
      expect(await migracaoAtual(banco, MIGRATIONS_DIR)).toBe(ultima.tag);
      // What a later version leaves behind: a migration this one does not know, and its record.
      await banco.db.execute(
        sql`insert into drizzle.__drizzle_migrations (hash, created_at) values ('futura', ${ultima.quando + 1000})`,
      );
      await banco.db.execute(sql`insert into drizzle.sig_versao (versao, migracao) values ('9.0.0', '0099_futura')`);
      const recusa = await migrar(banco, '2.14.2').catch((e: unknown) => e);
      expect(recusa).toBeInstanceOf(BancoMaisNovo);
      expect((recusa as Error).message).toContain('9.0.0');
      expect((recusa as Error).message).toContain('0099_futura');
      expect((recusa as Error).message).toContain(`SIG 2.14.2, whose last migration is ${ultima.tag}`);
    } finally {
      await banco.fechar();
    }
  }, 60_000);
});

/** A PostgreSQL server on which the test creates (and drops) databases of its own; skipped without one. */
const servidor = process.env.SIG_TEST_PG_MULTI;

describe.skipIf(!servidor)('migrar on PostgreSQL, two processes at once', () => {
  it('migrates once when two processes start together on a fresh database', async () => {
    const nome = `sig_ops_mig_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: servidor });
    await admin.connect();
    await admin.query(`create database "${nome}"`);
    const u = new URL(servidor!);
    u.pathname = `/${nome}`;
    try {
      const processo = () =>
        promisify(execFile)('npx', ['tsx', 'packages/db/src/migrate-cli.ts'], {
          env: { ...process.env, DATABASE_URL: u.toString() },
        });
      const saidas = await Promise.all([processo(), processo()]);
      for (const s of saidas) expect(s.stdout).toContain(`newest ${ultima.tag}`);
      const c = new pg.Client({ connectionString: u.toString() });
      await c.connect();
      const aplicadas = await c.query('select created_at from drizzle.__drizzle_migrations');
      const versoes = await c.query('select versao from drizzle.sig_versao');
      await c.end();
      expect(aplicadas.rowCount).toBe(migracoesConhecidas(MIGRATIONS_DIR).length);
      expect(versoes.rowCount).toBe(1);
    } finally {
      await admin.query(`drop database if exists "${nome}" with (force)`);
      await admin.end();
    }
  }, 120_000);
});
