// Fails when pt-BR and en do not have identical key sets, or a locale file is not valid JSON.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const raiz = 'packages/i18n/locales';
const chaves = (idioma) => {
  const out = new Set();
  for (const f of readdirSync(path.join(raiz, idioma)).filter((x) => x.endsWith('.json'))) {
    const ns = f.replace(/\.json$/, '');
    const andar = (o, pre) => {
      for (const [k, v] of Object.entries(o)) {
        const chave = pre ? `${pre}.${k}` : k;
        if (v && typeof v === 'object') andar(v, chave);
        else if (typeof v !== 'string' || !v.trim()) out.add(`!empty ${ns}:${chave}`);
        else out.add(`${ns}:${chave}`);
      }
    };
    andar(JSON.parse(readFileSync(path.join(raiz, idioma, f), 'utf8')), '');
  }
  return out;
};
const pt = chaves('pt-BR');
const en = chaves('en');
const soPt = [...pt].filter((k) => !en.has(k));
const soEn = [...en].filter((k) => !pt.has(k));
const vazias = [...pt, ...en].filter((k) => k.startsWith('!empty'));
if (soPt.length || soEn.length || vazias.length) {
  console.error('i18n keys differ:');
  for (const k of soPt) console.error(`  only in pt-BR: ${k}`);
  for (const k of soEn) console.error(`  only in en: ${k}`);
  for (const k of vazias) console.error(`  empty: ${k}`);
  process.exit(1);
}
console.log(`i18n: ${pt.size} keys, pt-BR and en identical`);
