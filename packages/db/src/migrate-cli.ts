import { readFileSync } from 'node:fs';
import path from 'node:path';
import { abrirBanco, BancoMaisNovo, migrar } from './index.js';

const { version } = JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as {
  version: string;
};
const banco = await abrirBanco({
  url: process.env.DATABASE_URL,
  dataDir: path.join(process.env.DATA_DIR ?? './data', 'pglite'),
});
try {
  const ultima = await migrar(banco, version);
  console.log(`migrations applied (${banco.tipo}), newest ${ultima}`);
} catch (e) {
  if (!(e instanceof BancoMaisNovo)) throw e;
  console.error(e.message);
  process.exitCode = 1;
} finally {
  await banco.fechar();
}
