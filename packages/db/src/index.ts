import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { migrarComTrava } from './migracoes.js';
import * as schema from './schema/index.js';

export { schema };
export type Schema = typeof schema;
export type { TextoTraduzivel } from './schema/financeiro.js';
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Either the database or an open transaction: services accept both. */
export type DbOuTx = Db | Tx;

const aqui = path.dirname(fileURLToPath(import.meta.url));
/** Beside the sources (`packages/db/migrations`) or beside a bundle (`dist/migrations`). */
export const MIGRATIONS_DIR =
  [path.resolve(aqui, '../migrations'), path.resolve(aqui, 'migrations')].find((d) => existsSync(d)) ??
  path.resolve(aqui, '../migrations');

export type Banco = {
  db: Db;
  tipo: 'pglite' | 'postgres';
  /** The PostgreSQL server's connection string (unset on PGlite), for what opens connections of its own (the job layer). */
  url?: string;
  /**
   * A named, prepared SQL statement straight on the driver, for the few queries that run on
   * every request (the session lookup): it skips the ORM's per-row mapping, which costs more
   * than the query itself there. Rows come back keyed by the SQL's column aliases.
   */
  consultar: <T>(nome: string, texto: string, valores: unknown[]) => Promise<T[]>;
  /**
   * LISTEN on a channel (a constant name) over a connection of its own; NOTIFY from any process
   * on the same database reaches every listener. Resolves to the function that stops listening.
   */
  ouvir: (canal: string, aoAviso: (carga: string) => void) => Promise<() => Promise<void>>;
  fechar: () => Promise<void>;
};

const CANAL = /^[a-z_]+$/;
const RECONEXAO_MIN_MS = 100;
const RECONEXAO_MAX_MS = 5_000;

export type OpcoesBanco = {
  /** postgres://... ; unset means embedded PGlite. */
  url?: string;
  /** PGlite data folder, or `memory://`. */
  dataDir?: string;
  /** A PGlite data dump (from `dumpDataDir`) to start from, for fast test databases. */
  carregarDe?: Blob;
  maxConexoes?: number;
};

export async function abrirBanco(opcoes: OpcoesBanco): Promise<Banco> {
  if (opcoes.url) {
    const pool = new pg.Pool({ connectionString: opcoes.url, max: opcoes.maxConexoes ?? 10 });
    // An idle connection the server drops (restart, terminated backend) leaves the pool, which
    // opens another when needed; unheard, that error would end the process.
    pool.on('error', () => undefined);
    const db = drizzlePg({ client: pool, schema, casing: 'snake_case' }) as unknown as Db;
    return {
      db,
      tipo: 'postgres',
      url: opcoes.url,
      consultar: async <T>(name: string, text: string, values: unknown[]) =>
        (await pool.query({ name, text, values })).rows as T[],
      ouvir: async (canal, aoAviso) => {
        if (!CANAL.test(canal)) throw new Error(`bad channel name ${canal}`);
        let conexao: pg.PoolClient | undefined;
        let parado = false;
        let tentativa: ReturnType<typeof setTimeout> | undefined;
        // A listener whose connection drops (server restart, terminated backend, network) gets a
        // new one; the waits grow to RECONEXAO_MAX_MS so a database that stays down is not hammered.
        const conectar = async (): Promise<void> => {
          const c = await pool.connect();
          const perdida = (erro: Error) => {
            if (conexao !== c) return;
            conexao = undefined;
            c.release(erro);
            if (!parado) agendar(RECONEXAO_MIN_MS);
          };
          c.on('error', perdida);
          c.on('end', () => perdida(new Error('listener connection ended')));
          c.on('notification', (m) => {
            if (m.channel === canal) aoAviso(m.payload ?? '');
          });
          try {
            await c.query(`LISTEN ${canal}`);
          } catch (erro) {
            c.release(erro as Error);
            throw erro;
          }
          if (parado) {
            c.release();
            return;
          }
          conexao = c;
        };
        const agendar = (espera: number) => {
          tentativa = setTimeout(() => {
            conectar().catch(() => {
              if (!parado) agendar(Math.min(espera * 2, RECONEXAO_MAX_MS));
            });
          }, espera);
        };
        await conectar();
        return async () => {
          parado = true;
          clearTimeout(tentativa);
          const c = conexao;
          conexao = undefined;
          if (!c) return;
          await c.query(`UNLISTEN ${canal}`).catch(() => undefined);
          c.release();
        };
      },
      fechar: () => pool.end(),
    };
  }
  const dataDir = opcoes.dataDir ?? './data/pglite';
  if (!dataDir.startsWith('memory://')) mkdirSync(dataDir, { recursive: true });
  // pg_trgm: the people search's trigram index (PostgreSQL ships it in contrib).
  const client = await PGlite.create({ dataDir, loadDataDir: opcoes.carregarDe, extensions: { pg_trgm } });
  const db = drizzlePglite({ client, schema, casing: 'snake_case' }) as unknown as Db;
  return {
    db,
    tipo: 'pglite',
    consultar: async <T>(_nome: string, texto: string, valores: unknown[]) =>
      (await client.query<T>(texto, valores)).rows,
    ouvir: async (canal, aoAviso) => {
      if (!CANAL.test(canal)) throw new Error(`bad channel name ${canal}`);
      return client.listen(canal, aoAviso);
    },
    fechar: async () => {
      if (!client.closed) await client.close();
    },
    ...{ pglite: client },
  };
}

/** The PGlite handle behind a Banco, when it is embedded (for dumps in tests). */
export const pgliteDe = (banco: Banco): PGlite | undefined => (banco as Banco & { pglite?: PGlite }).pglite;

/**
 * Applies pending migrations (once across processes starting together; a database migrated by a
 * newer version is refused with BancoMaisNovo) and answers the newest migration's tag. `versao`:
 * the app's version, recorded beside the migrations and named in that refusal.
 */
export async function migrar(banco: Banco, versao = 'unknown'): Promise<string> {
  return migrarComTrava(banco, MIGRATIONS_DIR, versao);
}

export { type ConteudoAceite, HASH_INICIAL, hashDoAceite, sha256 } from './cadeia-consentimento.js';
export { BancoMaisNovo, migracaoAtual, migracoesConhecidas } from './migracoes.js';
export { conferirSenha, hashSenha } from './senha.js';
