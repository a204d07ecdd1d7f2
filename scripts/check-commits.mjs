// Fails when a commit subject is longer than 72 characters or not scoped by folder ("api/auth: …",
// "web, docs: …"). Only commits from the one that added this script on are checked: the history
// before it keeps its subjects.
import { execFileSync } from 'node:child_process';

const git = (...args) => execFileSync('git', args, { encoding: 'utf8' }).trim();
const MAXIMO = 72;
const ESCOPO = /^[a-z0-9][a-z0-9._-]*(\/[a-z0-9._-]+)*(, [a-z0-9][a-z0-9._-]*(\/[a-z0-9._-]+)*)*: \S/;

const marco = git('log', '--diff-filter=A', '--format=%H', '--', 'scripts/check-commits.mjs').split('\n').pop();
if (!marco) {
  console.log('commits: this history does not have the commit that added the check yet');
  process.exit(0);
}
const linhas = git('log', '--no-merges', '--format=%h %s', `${marco}^..HEAD`).split('\n').filter(Boolean);
const erros = [];
for (const l of linhas) {
  const [hash, ...resto] = l.split(' ');
  const assunto = resto.join(' ');
  if (assunto.length > MAXIMO)
    erros.push(`${hash} subject has ${assunto.length} characters (at most ${MAXIMO}): ${assunto}`);
  if (!ESCOPO.test(assunto)) erros.push(`${hash} subject is not scoped by folder ("<folder>: …"): ${assunto}`);
}
if (erros.length) {
  console.error(erros.join('\n'));
  process.exit(1);
}
console.log(`commits: ${linhas.length} subjects checked since ${marco.slice(0, 7)}`);
