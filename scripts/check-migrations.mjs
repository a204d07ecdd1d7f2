// Fails when the Drizzle schema has changes that no migration holds. Whatever the check
// generates is removed again, so the tree is left as it was found.
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const dir = 'packages/db/migrations';
const listar = () => readdirSync(dir, { recursive: true }).map(String);
const antes = new Set(listar());
const journal = path.join(dir, 'meta/_journal.json');
const journalAntes = readFileSync(journal, 'utf8');

const out = execFileSync('npx', ['drizzle-kit', 'generate', '--config', 'packages/db/drizzle.config.ts'], {
  encoding: 'utf8',
  env: { ...process.env, FORCE_COLOR: '0' },
});
if (!/No schema changes, nothing to migrate/.test(out)) {
  for (const f of listar()) if (!antes.has(f)) rmSync(path.join(dir, f), { force: true });
  writeFileSync(journal, journalAntes);
  console.error(out);
  console.error('The schema differs from the migrations: run `npm run db:generate` and commit the new migration.');
  process.exit(1);
}
console.log('migrations: up to date with the schema');
