import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { abrirBanco, type Banco, MIGRATIONS_DIR, migracaoAtual, migracoesConhecidas, pgliteDe } from '@sig/db';
import { strFromU8, strToU8, unzipSync, type Zippable, zipSync } from 'fflate';
import pg from 'pg';

/**
 * Backups (docs/deploy.md): one zip holding the database (PostgreSQL: pg_dump's custom format;
 * PGlite: its own data-folder dump), the files of DATA_DIR (ticket attachments, the key file)
 * and a manifest: the version, the schema's migration, each table's row count and checksum, each
 * file's hash. A restore refuses an archive of a newer schema and checks the manifest afterwards.
 * The archive is built in memory (fflate's zipSync): fine for a synod's database; a national
 * one's PostgreSQL dump is kept whole in memory too, so give the process room (see deploy.md).
 */

const FORMATO = 1;
const ENTRADA_MANIFESTO = 'manifesto.json';
const ENTRADA_POSTGRES = 'banco/postgres.dump';
const ENTRADA_PGLITE = 'banco/pglite.tar.gz';
const PREFIXO_ARQUIVOS = 'arquivos/';
/** The embedded database's folder in DATA_DIR: carried as its dump, not as files. */
const PASTA_PGLITE = 'pglite';

type SomaTabela = { linhas: number; soma: string };

export type Manifesto = {
  formato: number;
  versao: string;
  migracao: string | null;
  banco: 'postgres' | 'pglite';
  criadoEm: string;
  /** `schema.table` → its rows and an order-free checksum of their text. */
  tabelas: Record<string, SomaTabela>;
  /** Path under DATA_DIR → its SHA-256. */
  arquivos: Record<string, string>;
};

/** A problem an operator can act on (no tools, newer archive, non-empty target, manifest mismatch). */
export class CopiaInvalida extends Error {}

const sha256 = (dados: Uint8Array) => createHash('sha256').update(dados).digest('hex');

/**
 * Every table's rows and checksum: the sum of each row's md5 (its first 64 bits) is independent
 * of row order and of physical layout, so a restored copy answers the same. The session settings
 * fix how values print (time zone, dates, floats).
 */
const AJUSTES = [
  "set local timezone = 'UTC'",
  "set local datestyle = 'ISO, YMD'",
  "set local intervalstyle = 'postgres'",
  'set local extra_float_digits = 1',
  "set local bytea_output = 'hex'",
];
const TABELAS = `select n.nspname as esquema, c.relname as tabela from pg_class c
  join pg_namespace n on n.oid = c.relnamespace
  where c.relkind = 'r' and n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg_toast%'
  order by 1, 2`;
const aspas = (nome: string) => `"${nome.replaceAll('"', '""')}"`;
const somaDe = (esquema: string, tabela: string) =>
  `select count(*)::text as linhas, coalesce(sum(('x' || left(md5(r__::text), 16))::bit(64)::bigint::numeric), 0)::text as soma
   from ${aspas(esquema)}.${aspas(tabela)} r__`;

type Consulta = (texto: string) => Promise<Record<string, string>[]>;

async function somarTabelas(consultar: Consulta): Promise<Record<string, SomaTabela>> {
  for (const a of AJUSTES) await consultar(a);
  const tabelas: Record<string, SomaTabela> = {};
  for (const { esquema, tabela } of await consultar(TABELAS)) {
    const [l] = await consultar(somaDe(esquema!, tabela!));
    tabelas[`${esquema}.${tabela}`] = { linhas: Number(l!.linhas), soma: l!.soma! };
  }
  return tabelas;
}

/** The checksums of a database as it is now, in one read-only transaction. */
async function somasDoBanco(banco: Banco): Promise<Record<string, SomaTabela>> {
  const pglite = pgliteDe(banco);
  if (pglite)
    return pglite.transaction(async (tx) =>
      somarTabelas(async (t) => (await tx.query<Record<string, string>>(t)).rows),
    );
  const c = new pg.Client({ connectionString: banco.url });
  await c.connect();
  try {
    await c.query('begin isolation level repeatable read read only');
    return await somarTabelas(async (t) => (await c.query(t)).rows);
  } finally {
    await c.query('rollback').catch(() => undefined);
    await c.end();
  }
}

const executar = promisify(execFile);

/** Runs a PostgreSQL client tool, saying plainly when it is not installed. */
async function ferramenta(nome: 'pg_dump' | 'pg_restore', args: string[]) {
  try {
    return await executar(nome, args, { maxBuffer: 64 * 1024 * 1024 });
  } catch (e) {
    const erro = e as NodeJS.ErrnoException & { stderr?: string };
    if (erro.code === 'ENOENT')
      throw new CopiaInvalida(
        `${nome} is not installed: backups of a PostgreSQL database need the PostgreSQL client tools ` +
          "of the server's major version or newer (Debian/Ubuntu: apt-get install postgresql-client).",
      );
    throw new CopiaInvalida(`${nome} failed: ${(erro.stderr ?? erro.message).trim()}`);
  }
}

/** DATA_DIR's files (relative paths), but the embedded database's folder and `excluir` (the backups' folder). */
function arquivosDe(dataDir: string, excluir: string[]): string[] {
  if (!existsSync(dataDir)) return [];
  const fora = excluir.map((p) => path.resolve(p));
  const out: string[] = [];
  const visitar = (rel: string) => {
    for (const nome of readdirSync(path.join(dataDir, rel))) {
      const r = path.join(rel, nome);
      const abs = path.join(dataDir, r);
      if ((!rel && nome === PASTA_PGLITE) || fora.some((f) => abs === f || abs.startsWith(f + path.sep))) continue;
      const st = statSync(abs);
      if (st.isDirectory()) visitar(r);
      else if (st.isFile()) out.push(r.split(path.sep).join('/'));
    }
  };
  visitar('');
  return out.sort();
}

export type OpcoesCopia = {
  banco: Banco;
  dataDir: string;
  versao: string;
  /** Folders inside DATA_DIR left out (where the backups themselves are written). */
  excluir?: string[];
};

/** Backs up the database and DATA_DIR into the zip `destino` (mode 600: it holds the key file). Answers the manifest. */
export async function fazerCopia(destino: string, { banco, dataDir, versao, excluir = [] }: OpcoesCopia) {
  const entradas: Zippable = {};
  let tabelas: Record<string, SomaTabela>;
  const pglite = pgliteDe(banco);
  if (pglite) {
    // The dump is what is checked: loaded into a scratch database, so the sums describe exactly it.
    const dump = new Uint8Array(await (await pglite.dumpDataDir('gzip')).arrayBuffer());
    const copia = await abrirBanco({ dataDir: 'memory://', carregarDe: new Blob([dump]) });
    try {
      tabelas = await somasDoBanco(copia);
    } finally {
      await copia.fechar();
    }
    entradas[ENTRADA_PGLITE] = [dump, { level: 0 }];
  } else {
    // The sums and pg_dump read one snapshot: the manifest describes exactly what was dumped.
    const c = new pg.Client({ connectionString: banco.url });
    await c.connect();
    const temp = path.join(os.tmpdir(), `sig-copia-${process.pid}-${Date.now()}.dump`);
    try {
      await c.query('begin isolation level repeatable read read only');
      const [{ snapshot }] = (await c.query<{ snapshot: string }>('select pg_export_snapshot() as snapshot')).rows as [
        { snapshot: string },
      ];
      tabelas = await somarTabelas(async (t) => (await c.query(t)).rows);
      await ferramenta('pg_dump', [
        '-Fc',
        '--no-owner',
        '--no-privileges',
        `--snapshot=${snapshot}`,
        '-f',
        temp,
        banco.url!,
      ]);
      entradas[ENTRADA_POSTGRES] = [new Uint8Array(readFileSync(temp)), { level: 0 }];
    } finally {
      await c.query('rollback').catch(() => undefined);
      await c.end();
      rmSync(temp, { force: true });
    }
  }
  const arquivos: Record<string, string> = {};
  for (const rel of arquivosDe(dataDir, excluir)) {
    const dados = new Uint8Array(readFileSync(path.join(dataDir, rel)));
    arquivos[rel] = sha256(dados);
    entradas[PREFIXO_ARQUIVOS + rel] = dados;
  }
  const manifesto: Manifesto = {
    formato: FORMATO,
    versao,
    migracao: await migracaoAtual(banco, MIGRATIONS_DIR),
    banco: banco.tipo,
    criadoEm: new Date().toISOString(),
    tabelas,
    arquivos,
  };
  entradas[ENTRADA_MANIFESTO] = strToU8(JSON.stringify(manifesto, null, 2));
  mkdirSync(path.dirname(path.resolve(destino)), { recursive: true });
  writeFileSync(destino, zipSync(entradas, { level: 6 }), { mode: 0o600 });
  return manifesto;
}

/** The manifest of an archive, or why it is not one. */
function lerArquivo(origem: string) {
  let entradas: Record<string, Uint8Array>;
  try {
    entradas = unzipSync(new Uint8Array(readFileSync(origem)));
  } catch (e) {
    throw new CopiaInvalida(`${origem} is not a SIG backup: ${(e as Error).message}`);
  }
  const bruto = entradas[ENTRADA_MANIFESTO];
  if (!bruto) throw new CopiaInvalida(`${origem} is not a SIG backup: it has no ${ENTRADA_MANIFESTO}`);
  const manifesto = JSON.parse(strFromU8(bruto)) as Manifesto;
  if (manifesto.formato !== FORMATO)
    throw new CopiaInvalida(`${origem} has backup format ${manifesto.formato}; this SIG reads format ${FORMATO}`);
  return { manifesto, entradas };
}

/** Refuses an archive whose schema is newer than this version's migrations. */
function conferirMigracao(manifesto: Manifesto, versao: string) {
  const conhecidas = migracoesConhecidas(MIGRATIONS_DIR);
  if (manifesto.migracao && !conhecidas.some((m) => m.tag === manifesto.migracao))
    throw new CopiaInvalida(
      `The backup was made by SIG ${manifesto.versao} at migration ${manifesto.migracao}, newer than this ` +
        `SIG ${versao} (last migration ${conhecidas.at(-1)?.tag}): restore it with SIG ${manifesto.versao} or later.`,
    );
}

export type OpcoesRestauro = {
  /** postgres://… of the target (created, empty), or unset for the embedded database in DATA_DIR. */
  url?: string;
  dataDir: string;
  versao: string;
  /** Drops what the target holds first; without it a non-empty target is refused. */
  substituir?: boolean;
};

/**
 * Restores an archive into an empty database (and DATA_DIR), then checks every table's count
 * and checksum and every file's hash against the manifest. Answers the manifest.
 */
export async function restaurarCopia(origem: string, { url, dataDir, versao, substituir = false }: OpcoesRestauro) {
  const { manifesto, entradas } = lerArquivo(origem);
  conferirMigracao(manifesto, versao);
  const tipo = url ? 'postgres' : 'pglite';
  if (manifesto.banco !== tipo)
    throw new CopiaInvalida(
      `The backup holds a ${manifesto.banco} database and the target is ${tipo} ` +
        `(${url ? 'DATABASE_URL is set' : 'DATABASE_URL is unset'}); restore it into the same kind.`,
    );
  let banco: Banco;
  if (url) {
    await esvaziarPostgres(url, substituir);
    const temp = path.join(os.tmpdir(), `sig-restauro-${process.pid}-${Date.now()}.dump`);
    writeFileSync(temp, entradas[ENTRADA_POSTGRES] ?? new Uint8Array(), { mode: 0o600 });
    try {
      await ferramenta('pg_restore', ['--no-owner', '--no-privileges', '--exit-on-error', '-d', url, temp]);
    } finally {
      rmSync(temp, { force: true });
    }
    banco = await abrirBanco({ url, maxConexoes: 2 });
  } else {
    const pasta = path.join(dataDir, PASTA_PGLITE);
    if (existsSync(pasta) && readdirSync(pasta).length) {
      if (!substituir)
        throw new CopiaInvalida(`${pasta} already holds a database: restore into an empty DATA_DIR, or pass --replace`);
      rmSync(pasta, { recursive: true, force: true });
    }
    const dump = entradas[ENTRADA_PGLITE];
    if (!dump) throw new CopiaInvalida(`${origem} has no ${ENTRADA_PGLITE}`);
    banco = await abrirBanco({ dataDir: pasta, carregarDe: new Blob([dump as Uint8Array<ArrayBuffer>]) });
  }
  const diferencas: string[] = [];
  try {
    const agora = await somasDoBanco(banco);
    for (const nome of new Set([...Object.keys(manifesto.tabelas), ...Object.keys(agora)])) {
      const a = manifesto.tabelas[nome];
      const b = agora[nome];
      if (a?.linhas !== b?.linhas || a?.soma !== b?.soma)
        diferencas.push(`${nome}: ${a?.linhas ?? 'absent'} rows in the manifest, ${b?.linhas ?? 'absent'} restored`);
    }
  } finally {
    await banco.fechar();
  }
  for (const [rel, hash] of Object.entries(manifesto.arquivos)) {
    const dados = entradas[PREFIXO_ARQUIVOS + rel];
    if (!dados || sha256(dados) !== hash) {
      diferencas.push(`${rel}: differs from the manifest`);
      continue;
    }
    const destino = path.join(dataDir, rel);
    if (!path.resolve(destino).startsWith(path.resolve(dataDir) + path.sep)) throw new CopiaInvalida(`bad path ${rel}`);
    mkdirSync(path.dirname(destino), { recursive: true });
    writeFileSync(destino, dados, { mode: 0o600 });
  }
  if (diferencas.length)
    throw new CopiaInvalida(`The restored copy differs from the backup's manifest:\n  ${diferencas.join('\n  ')}`);
  return manifesto;
}

/** The schemas SIG's database has: drizzle's tables, its migrations and the job layer's. */
const ESQUEMAS = ['public', 'drizzle', 'pgboss'];

async function esvaziarPostgres(url: string, substituir: boolean) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    const { rows } = await c.query<{ n: number }>(
      `select count(*)::int as n from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where c.relkind in ('r', 'p') and n.nspname = any($1)`,
      [ESQUEMAS],
    );
    if (!rows[0]?.n) return;
    if (!substituir)
      throw new CopiaInvalida(
        'The target database is not empty: restore into a new one (createdb), or pass --replace to drop what it holds',
      );
    await c.query(`drop schema if exists ${ESQUEMAS.join(', ')} cascade`);
    await c.query('create schema public');
  } finally {
    await c.end();
  }
}

/** The scheduled backups in `pasta`, newest first (their names sort by time). */
export function copiasGuardadas(pasta: string): string[] {
  if (!existsSync(pasta)) return [];
  return readdirSync(pasta)
    .filter((n) => /^sig-copia-.*\.zip$/.test(n))
    .sort()
    .reverse();
}

/** The scheduled backup: a new archive in `pasta`, then only the newest `manter` kept. */
export async function copiaAgendada(pasta: string, manter: number, opcoes: OpcoesCopia) {
  const nome = `sig-copia-${new Date().toISOString().replace(/[:.]/g, '-')}.zip`;
  const destino = path.join(pasta, nome);
  const manifesto = await fazerCopia(destino, { ...opcoes, excluir: [...(opcoes.excluir ?? []), pasta] });
  const removidas = copiasGuardadas(pasta).slice(manter);
  for (const n of removidas) rmSync(path.join(pasta, n), { force: true });
  return { arquivo: destino, bytes: statSync(destino).size, tabelas: Object.keys(manifesto.tabelas).length, removidas };
}
