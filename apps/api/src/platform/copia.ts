import { execFile, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { once } from 'node:events';
import {
  createReadStream,
  createWriteStream,
  existsSync,
  mkdirSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
  type WriteStream,
} from 'node:fs';
import { open } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline, Readable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { promisify } from 'node:util';
import { createInflateRaw } from 'node:zlib';
import { abrirBanco, type Banco, MIGRATIONS_DIR, migracaoAtual, migracoesConhecidas, pgliteDe } from '@sig/db';
import { Zip, ZipDeflate, ZipPassThrough } from 'fflate';
import pg from 'pg';

/**
 * Backups (docs/deploy.md): one zip holding the database (PostgreSQL: pg_dump's custom format;
 * PGlite: its own data-folder dump), the files of DATA_DIR (ticket attachments, the key file)
 * and a manifest: the version, the schema's migration, each table's row count and checksum, each
 * file's hash. A restore refuses an archive of a newer schema and checks the manifest afterwards.
 * Both stream: pg_dump's output goes into the archive as it comes and a restore reads each entry
 * from its place in the file, so a national database passes through a few buffers, never whole
 * (the embedded database's dump is held in memory: PGlite makes and loads it so). The zip has no
 * ZIP64 records: an entry or archive past 4 GiB is refused rather than written unreadable.
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

/** The zip format's limit without ZIP64 records, which fflate does not write. */
const LIMITE_ZIP = 0xffff_ffff;

/**
 * A zip written as it goes (fflate's streaming Zip): each entry's bytes go to the file as they
 * come, waiting for the disk when it lags; only the central directory stays in memory.
 */
class EscritorZip {
  private readonly zip: Zip;
  private readonly saida: WriteStream;
  private readonly fim: Promise<void>;
  private erro: Error | null = null;
  private escritos = 0;

  constructor(private readonly destino: string) {
    this.saida = createWriteStream(destino, { mode: 0o600 });
    this.fim = finished(this.saida);
    this.fim.catch((e: Error) => {
      this.erro ??= e;
    });
    this.zip = new Zip((err, dados, final) => {
      if (err) this.erro ??= err;
      else {
        this.escritos += dados.length;
        this.saida.write(dados);
      }
      if (final || err) this.saida.end();
    });
  }

  private async vazao() {
    if (this.erro) throw this.erro;
    if (this.escritos > LIMITE_ZIP)
      throw new CopiaInvalida(`${this.destino} would pass 4 GiB, which this backup format cannot hold`);
    if (this.saida.writableNeedDrain) await once(this.saida, 'drain');
  }

  /** Adds an entry from `fonte`; answers its SHA-256. Compressed unless it already is. */
  async entrada(
    nome: string,
    fonte: AsyncIterable<Uint8Array> | Iterable<Uint8Array>,
    comprimir: boolean,
  ): Promise<string> {
    const e = comprimir ? new ZipDeflate(nome, { level: 6 }) : new ZipPassThrough(nome);
    this.zip.add(e);
    const hash = createHash('sha256');
    for await (const pedaco of fonte) {
      hash.update(pedaco);
      e.push(pedaco);
      await this.vazao();
    }
    e.push(new Uint8Array(0), true);
    await this.vazao();
    return hash.digest('hex');
  }

  async fechar() {
    this.zip.end();
    await this.fim;
    if (this.erro) throw this.erro;
  }

  /** Stops writing after a failure (the caller removes the file). */
  abortar() {
    this.zip.terminate();
    this.saida.destroy();
  }
}

/** A client tool's output as it comes (pg_dump's); fails with its own words when it fails. */
async function* saidaDe(nome: 'pg_dump', args: string[]): AsyncGenerator<Uint8Array> {
  await ferramenta(nome, ['--version']);
  const filho = spawn(nome, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  const erros: string[] = [];
  filho.stderr.on('data', (d) => erros.push(String(d)));
  const fim = new Promise<number | null>((ok, falha) => {
    filho.on('error', falha);
    filho.on('close', ok);
  });
  fim.catch(() => undefined);
  let lido = false;
  try {
    yield* filho.stdout;
    lido = true;
  } finally {
    // Only a backup given up halfway stops it; one read to the end waits for it to exit.
    if (!lido) filho.kill();
  }
  const codigo = await fim.catch((e: Error) => {
    throw new CopiaInvalida(`${nome} failed: ${e.message}`);
  });
  if (codigo !== 0) throw new CopiaInvalida(`${nome} failed: ${erros.join('').trim()}`);
}

/** Backs up the database and DATA_DIR into the zip `destino` (mode 600: it holds the key file). Answers the manifest. */
export async function fazerCopia(destino: string, { banco, dataDir, versao, excluir = [] }: OpcoesCopia) {
  mkdirSync(path.dirname(path.resolve(destino)), { recursive: true });
  // Written beside the destination and renamed when whole: a failed backup leaves no archive that looks good.
  const parcial = `${destino}.parcial`;
  const zip = new EscritorZip(parcial);
  try {
    let tabelas: Record<string, SomaTabela>;
    const pglite = pgliteDe(banco);
    if (pglite) {
      // The dump is what is checked: loaded into a scratch database, so the sums describe exactly it.
      const dump = await pglite.dumpDataDir('gzip');
      const copia = await abrirBanco({ dataDir: 'memory://', carregarDe: dump });
      try {
        tabelas = await somasDoBanco(copia);
      } finally {
        await copia.fechar();
      }
      await zip.entrada(ENTRADA_PGLITE, dump.stream() as unknown as AsyncIterable<Uint8Array>, false);
    } else {
      // The sums and pg_dump read one snapshot: the manifest describes exactly what was dumped.
      const c = new pg.Client({ connectionString: banco.url });
      await c.connect();
      try {
        await c.query('begin isolation level repeatable read read only');
        const [{ snapshot }] = (await c.query<{ snapshot: string }>('select pg_export_snapshot() as snapshot'))
          .rows as [{ snapshot: string }];
        tabelas = await somarTabelas(async (t) => (await c.query(t)).rows);
        const args = ['-Fc', '--no-owner', '--no-privileges', `--snapshot=${snapshot}`, banco.url!];
        // pg_dump's custom format is compressed already.
        await zip.entrada(ENTRADA_POSTGRES, saidaDe('pg_dump', args), false);
      } finally {
        await c.query('rollback').catch(() => undefined);
        await c.end();
      }
    }
    const arquivos: Record<string, string> = {};
    for (const rel of arquivosDe(dataDir, excluir))
      arquivos[rel] = await zip.entrada(PREFIXO_ARQUIVOS + rel, createReadStream(path.join(dataDir, rel)), true);
    const manifesto: Manifesto = {
      formato: FORMATO,
      versao,
      migracao: await migracaoAtual(banco, MIGRATIONS_DIR),
      banco: banco.tipo,
      criadoEm: new Date().toISOString(),
      tabelas,
      arquivos,
    };
    await zip.entrada(ENTRADA_MANIFESTO, [Buffer.from(JSON.stringify(manifesto, null, 2))], true);
    await zip.fechar();
    renameSync(parcial, destino);
    return manifesto;
  } catch (e) {
    zip.abortar();
    rmSync(parcial, { force: true });
    throw e;
  }
}

type EntradaZip = { metodo: number; comprimido: number; inicio: number };

/**
 * The entries of a zip from its central directory (where a streamed zip keeps the sizes), each
 * with where its data starts; nothing of the data is read.
 */
async function indiceZip(origem: string): Promise<Map<string, EntradaZip>> {
  const naoE = (porque: string) => new CopiaInvalida(`${origem} is not a SIG backup: ${porque}`);
  let arquivo: Awaited<ReturnType<typeof open>>;
  try {
    arquivo = await open(origem, 'r');
  } catch (e) {
    throw naoE((e as Error).message);
  }
  try {
    const ler = async (inicio: number, n: number) => {
      const b = Buffer.alloc(n);
      const { bytesRead } = await arquivo.read(b, 0, n, inicio);
      if (bytesRead < n) throw naoE('it is cut short');
      return b;
    };
    const { size } = await arquivo.stat();
    const cauda = Math.min(size, 22 + 0xffff);
    const fim = await ler(size - cauda, cauda);
    let i = cauda - 22;
    while (i >= 0 && fim.readUInt32LE(i) !== 0x06054b50) i--;
    if (i < 0) throw naoE('it is not a zip archive');
    const cd = await ler(fim.readUInt32LE(i + 16), fim.readUInt32LE(i + 12));
    const entradas = new Map<string, EntradaZip>();
    for (let k = 0, p = 0; k < fim.readUInt16LE(i + 10); k++) {
      if (cd.readUInt32LE(p) !== 0x02014b50) throw naoE('its central directory is damaged');
      const nome = cd.toString('utf8', p + 46, p + 46 + cd.readUInt16LE(p + 28));
      const local = cd.readUInt32LE(p + 42);
      const cabecalho = await ler(local, 30);
      entradas.set(nome, {
        metodo: cd.readUInt16LE(p + 10),
        comprimido: cd.readUInt32LE(p + 20),
        inicio: local + 30 + cabecalho.readUInt16LE(26) + cabecalho.readUInt16LE(28),
      });
      p += 46 + cd.readUInt16LE(p + 28) + cd.readUInt16LE(p + 30) + cd.readUInt16LE(p + 32);
    }
    return entradas;
  } finally {
    await arquivo.close();
  }
}

/** An entry's bytes, read from its place in the archive and inflated as they come. */
function fluxoDaEntrada(origem: string, e: EntradaZip): Readable {
  const bruto = e.comprimido
    ? createReadStream(origem, { start: e.inicio, end: e.inicio + e.comprimido - 1 })
    : Readable.from([]);
  if (e.metodo === 0) return bruto;
  if (e.metodo !== 8) throw new CopiaInvalida(`${origem}: an entry uses zip method ${e.metodo}, not one SIG writes`);
  return pipeline(bruto, createInflateRaw(), () => undefined);
}

async function lerEntrada(origem: string, e: EntradaZip): Promise<Buffer> {
  const pedacos: Buffer[] = [];
  for await (const p of fluxoDaEntrada(origem, e)) pedacos.push(p as Buffer);
  return Buffer.concat(pedacos);
}

/** An entry into the file `destino` (mode 600); answers its SHA-256. */
async function gravarEntrada(origem: string, e: EntradaZip, destino: string): Promise<string> {
  const hash = createHash('sha256');
  const fluxo = fluxoDaEntrada(origem, e);
  fluxo.on('data', (p: Buffer) => hash.update(p));
  await new Promise<void>((ok, falha) =>
    pipeline(fluxo, createWriteStream(destino, { mode: 0o600 }), (err) => (err ? falha(err) : ok())),
  );
  return hash.digest('hex');
}

/** The manifest of an archive and where its entries are, or why it is not one. */
async function lerArquivo(origem: string) {
  const entradas = await indiceZip(origem);
  const bruto = entradas.get(ENTRADA_MANIFESTO);
  if (!bruto) throw new CopiaInvalida(`${origem} is not a SIG backup: it has no ${ENTRADA_MANIFESTO}`);
  const manifesto = JSON.parse((await lerEntrada(origem, bruto)).toString('utf8')) as Manifesto;
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
  const { manifesto, entradas } = await lerArquivo(origem);
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
    const dump = entradas.get(ENTRADA_POSTGRES);
    if (!dump) throw new CopiaInvalida(`${origem} has no ${ENTRADA_POSTGRES}`);
    // pg_restore reads a file it can seek in; the entry is copied there as it is read.
    const temp = path.join(os.tmpdir(), `sig-restauro-${process.pid}-${Date.now()}.dump`);
    try {
      await gravarEntrada(origem, dump, temp);
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
    const dump = entradas.get(ENTRADA_PGLITE);
    if (!dump) throw new CopiaInvalida(`${origem} has no ${ENTRADA_PGLITE}`);
    banco = await abrirBanco({
      dataDir: pasta,
      carregarDe: new Blob([(await lerEntrada(origem, dump)) as Uint8Array<ArrayBuffer>]),
    });
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
    const entrada = entradas.get(PREFIXO_ARQUIVOS + rel);
    const destino = path.join(dataDir, rel);
    if (!path.resolve(destino).startsWith(path.resolve(dataDir) + path.sep)) throw new CopiaInvalida(`bad path ${rel}`);
    if (!entrada) {
      diferencas.push(`${rel}: missing from the archive`);
      continue;
    }
    mkdirSync(path.dirname(destino), { recursive: true });
    // Written beside its place and moved there only when its hash is the manifest's.
    const parcial = `${destino}.parcial`;
    if ((await gravarEntrada(origem, entrada, parcial)) === hash) renameSync(parcial, destino);
    else {
      rmSync(parcial, { force: true });
      diferencas.push(`${rel}: differs from the manifest`);
    }
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
