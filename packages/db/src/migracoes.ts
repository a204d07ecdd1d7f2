import { readFileSync } from 'node:fs';
import path from 'node:path';
import { type SQL, sql } from 'drizzle-orm';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';

/** What migrating needs of a Banco (index.ts), named here so the two files do not import each other. */
type Banco = { tipo: 'pglite' | 'postgres'; url?: string; db: { execute: (consulta: SQL) => Promise<unknown> } };

/**
 * Upgrades (docs/deploy.md): pending migrations are applied by whichever process takes the
 * advisory lock first, the others wait and then find nothing to do; a database already migrated
 * by a newer SIG is refused, since this version's code would misread its tables.
 */

/** The advisory lock's key ("SIG" + 1), held by one migrating session at a time. */
const CHAVE_TRAVA = 0x53_49_47_01;

export type Migracao = { tag: string; quando: number };

/** This version's migrations, from the journal drizzle-kit writes beside them. */
export function migracoesConhecidas(pasta: string): Migracao[] {
  const journal = JSON.parse(readFileSync(path.join(pasta, 'meta/_journal.json'), 'utf8')) as {
    entries: { tag: string; when: number }[];
  };
  return journal.entries.map((e) => ({ tag: e.tag, quando: e.when }));
}

/** Thrown when the database holds migrations this version does not know. */
export class BancoMaisNovo extends Error {}

type Linha = Record<string, unknown>;
const linhas = async (banco: Banco, consulta: SQL) =>
  ((await banco.db.execute(consulta)) as unknown as { rows: Linha[] }).rows;

/** When the newest migration applied to the database was written (drizzle's `created_at`), or null on an empty one. */
export async function ultimaAplicada(banco: Banco): Promise<number | null> {
  const [existe] = await linhas(banco, sql`select to_regclass('drizzle.__drizzle_migrations') is not null as existe`);
  if (!existe?.existe) return null;
  const [l] = await linhas(banco, sql`select max(created_at)::text as quando from drizzle.__drizzle_migrations`);
  return l?.quando ? Number(l.quando) : null;
}

/** The version that applied the newest migration, as `drizzle.sig_versao` recorded it. */
async function versaoRegistrada(banco: Banco): Promise<{ versao: string; migracao: string } | undefined> {
  const [existe] = await linhas(banco, sql`select to_regclass('drizzle.sig_versao') is not null as existe`);
  if (!existe?.existe) return undefined;
  const [l] = await linhas(banco, sql`select versao, migracao from drizzle.sig_versao order by id desc limit 1`);
  return l ? { versao: String(l.versao), migracao: String(l.migracao) } : undefined;
}

/** Refuses a database whose newest migration is later than this version's newest. */
export async function conferirNaoMaisNovo(banco: Banco, pasta: string, versao: string): Promise<void> {
  const conhecidas = migracoesConhecidas(pasta);
  const nossa = conhecidas.at(-1);
  const aplicada = await ultimaAplicada(banco);
  if (aplicada === null || !nossa || aplicada <= nossa.quando) return;
  const deles = await versaoRegistrada(banco);
  throw new BancoMaisNovo(
    `The database was migrated by a newer SIG${deles ? ` (${deles.versao}, migration ${deles.migracao})` : ''}; ` +
      `this is SIG ${versao}, whose last migration is ${nossa.tag}. ` +
      'Run the newer version, or restore a backup made by this one (docs/deploy.md).',
  );
}

/**
 * Applies pending migrations once however many processes start together: on PostgreSQL under an
 * advisory lock held by a connection of its own (ended, and so released, even if this process
 * dies). Records which version migrated. Answers the tag of the database's newest migration.
 */
export async function migrarComTrava(banco: Banco, pasta: string, versao: string): Promise<string> {
  let trava: pg.Client | undefined;
  if (banco.tipo === 'postgres') {
    trava = new pg.Client({ connectionString: banco.url });
    await trava.connect();
    await trava.query('select pg_advisory_lock($1)', [CHAVE_TRAVA]);
  }
  try {
    await conferirNaoMaisNovo(banco, pasta, versao);
    const config = { migrationsFolder: pasta };
    if (banco.tipo === 'postgres') await migratePg(banco.db as unknown as Parameters<typeof migratePg>[0], config);
    else await migratePglite(banco.db as unknown as Parameters<typeof migratePglite>[0], config);
    const ultima = migracoesConhecidas(pasta).at(-1)!.tag;
    await banco.db.execute(sql`create table if not exists drizzle.sig_versao (
      id serial primary key, versao text not null, migracao text not null, em timestamptz not null default now())`);
    const antes = await versaoRegistrada(banco);
    if (antes?.versao !== versao || antes.migracao !== ultima)
      await banco.db.execute(sql`insert into drizzle.sig_versao (versao, migracao) values (${versao}, ${ultima})`);
    return ultima;
  } finally {
    if (trava) {
      await trava.query('select pg_advisory_unlock($1)', [CHAVE_TRAVA]).catch(() => undefined);
      await trava.end();
    }
  }
}

/** The tag of the database's newest applied migration among this version's, or null. */
export async function migracaoAtual(banco: Banco, pasta: string): Promise<string | null> {
  const quando = await ultimaAplicada(banco);
  if (quando === null) return null;
  return migracoesConhecidas(pasta).find((m) => m.quando === quando)?.tag ?? null;
}
