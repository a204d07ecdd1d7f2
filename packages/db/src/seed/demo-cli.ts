import path from 'node:path';
import { abrirBanco, migrar } from '../index.js';
import { garantirBase } from './base.js';
import { SENHA_DEMO, semearDemo } from './demo.js';

const banco = await abrirBanco({
  url: process.env.DATABASE_URL,
  dataDir: path.join(process.env.DATA_DIR ?? './data', 'pglite'),
});
await migrar(banco);
const base = await garantirBase(banco.db, {
  adminEmail: process.env.SIG_ADMIN_EMAIL ?? 'admin@sig.local',
  adminSenha: process.env.SIG_ADMIN_PASSWORD,
});
if (base.adminSenhaGerada) console.log(`Administrator: ${base.adminEmail} / ${base.adminSenhaGerada}`);
const demo = await semearDemo(banco.db);
if (!demo.criado) console.log('Demo data already present (or the database holds other organizations): nothing done.');
for (const u of demo.usuarios) console.log(`Demo user: ${u.email} / ${SENHA_DEMO} (${u.perfil}, ${u.organizacao})`);
await banco.fechar();
