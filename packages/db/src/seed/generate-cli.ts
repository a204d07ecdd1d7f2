import path from 'node:path';
import { parseArgs } from 'node:util';
import { abrirBanco, migrar } from '../index.js';
import { garantirBase } from './base.js';
import { gerar } from './gerador.js';

/** `npm run generate -- --people N`: a national data set on an empty or base-only database. */
const { values } = parseArgs({
  options: { people: { type: 'string', default: '10000' }, pessoas: { type: 'string' } },
  allowPositionals: false,
});
const pessoas = Number(values.pessoas ?? values.people);
if (!Number.isInteger(pessoas) || pessoas < 0 || pessoas > 5_000_000) {
  console.error('--people must be an integer between 0 and 5,000,000');
  process.exit(1);
}

const inicio = Date.now();
const desde = () => `${((Date.now() - inicio) / 1000).toFixed(1)} s`;
const banco = await abrirBanco({
  url: process.env.DATABASE_URL,
  dataDir: path.join(process.env.DATA_DIR ?? './data', 'pglite'),
});
try {
  console.log(`database: ${banco.tipo}`);
  await migrar(banco);
  const base = await garantirBase(banco.db, {
    adminEmail: process.env.SIG_ADMIN_EMAIL ?? 'admin@sig.local',
    adminSenha: process.env.SIG_ADMIN_PASSWORD,
  });
  if (base.adminSenhaGerada) console.log(`Administrator: ${base.adminEmail} / ${base.adminSenhaGerada}  <- shown once`);
  console.log(`migrations and base ready (${desde()})`);
  const r = await gerar(banco.db, { pessoas, log: (m) => console.log(`[${desde()}] ${m}`) });
  console.log(
    `done in ${desde()}: ${r.sinodos} synods, ${r.paroquias} parishes, ${r.comunidades} communities, ` +
      `${r.outras} other organizations, ${r.pessoas.toLocaleString('en')} people (${r.enderecos.toLocaleString('en')} addresses, ` +
      `${r.contatos.toLocaleString('en')} contacts, ${r.vinculosFamiliares.toLocaleString('en')} family links), ${r.usuarios.length} users`,
  );
} catch (e) {
  // Drizzle wraps the database error: show its cause, not the whole SQL text.
  const causa = e instanceof Error && e.cause instanceof Error ? e.cause : e;
  console.error(causa instanceof Error ? causa.message : causa);
  process.exitCode = 1;
} finally {
  await banco.fechar();
}
