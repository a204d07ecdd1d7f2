/**
 * `npm run backup -- --to FILE` and `npm run restore -- --from FILE [--replace]` (docs/deploy.md):
 * the database of DATABASE_URL (or the embedded one in DATA_DIR) and DATA_DIR's files. The
 * embedded database is opened here, so the app must be stopped; a PostgreSQL one may be backed
 * up while it runs. DATA_DIR and DATABASE_URL are read as given, without the app's config (which
 * would write a new key file into the DATA_DIR a restore is about to fill).
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { abrirBanco } from '@sig/db';
import { CopiaInvalida, fazerCopia, restaurarCopia } from './platform/copia.js';
import { VERSAO } from './versao.js';

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: { to: { type: 'string' }, from: { type: 'string' }, replace: { type: 'boolean', default: false } },
});
const dataDir = path.resolve(process.env.DATA_DIR || './data');
const url = process.env.DATABASE_URL || undefined;

async function principal() {
  const inicio = Date.now();
  if (positionals[0] === 'backup' && values.to) {
    const banco = await abrirBanco({ url, dataDir: path.join(dataDir, 'pglite'), maxConexoes: 2 });
    try {
      const m = await fazerCopia(values.to, { banco, dataDir, versao: VERSAO });
      const linhas = Object.values(m.tabelas).reduce((s, t) => s + t.linhas, 0);
      console.log(
        `backup written to ${values.to}: ${m.banco}, migration ${m.migracao}, ${Object.keys(m.tabelas).length} tables ` +
          `(${linhas} rows), ${Object.keys(m.arquivos).length} files, ${Date.now() - inicio} ms`,
      );
    } finally {
      await banco.fechar();
    }
    return;
  }
  if (positionals[0] === 'restore' && values.from) {
    const m = await restaurarCopia(values.from, { url, dataDir, versao: VERSAO, substituir: values.replace });
    console.log(
      `restored ${values.from} (SIG ${m.versao}, migration ${m.migracao}, made ${m.criadoEm}): ` +
        `${Object.keys(m.tabelas).length} tables and ${Object.keys(m.arquivos).length} files match the manifest, ` +
        `${Date.now() - inicio} ms. Start SIG to apply any newer migrations.`,
    );
    return;
  }
  console.error('usage: npm run backup -- --to FILE | npm run restore -- --from FILE [--replace]');
  process.exitCode = 2;
}

try {
  await principal();
} catch (e) {
  if (!(e instanceof CopiaInvalida)) throw e;
  console.error(e.message);
  process.exitCode = 1;
}
