import path from 'node:path';
import { abrirBanco, migrar } from './index.js';

const banco = await abrirBanco({
  url: process.env.DATABASE_URL,
  dataDir: path.join(process.env.DATA_DIR ?? './data', 'pglite'),
});
await migrar(banco);
await banco.fechar();
console.log(`migrations applied (${banco.tipo})`);
