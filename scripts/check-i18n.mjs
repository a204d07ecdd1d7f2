// Fails when pt-BR and en do not have identical key sets, a locale file is not valid JSON, or an
// object repeats a key (JSON.parse keeps the last one silently: a merge can hide a translation).
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const raiz = 'packages/i18n/locales';

/** The keys an object of the JSON text repeats, as `a.b`, read by a scanner aware of strings. */
function repetidas(texto) {
  const out = [];
  const pilha = [];
  let ultima = null;
  for (let i = 0; i < texto.length; i++) {
    const c = texto[i];
    if (c === '"') {
      let j = i + 1;
      while (texto[j] !== '"') j += texto[j] === '\\' ? 2 : 1;
      ultima = JSON.parse(texto.slice(i, j + 1));
      i = j;
    } else if (c === ':' && pilha.length && ultima !== null) {
      const topo = pilha.at(-1);
      if (topo.chaves.has(ultima)) out.push([...pilha.map((p) => p.nome).slice(1), ultima].join('.'));
      topo.chaves.add(ultima);
      topo.atual = ultima;
      ultima = null;
    } else if (c === '{') {
      pilha.push({ nome: pilha.at(-1)?.atual ?? '', chaves: new Set(), atual: null });
      ultima = null;
    } else if (c === '}') pilha.pop();
  }
  return out;
}

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
    const texto = readFileSync(path.join(raiz, idioma, f), 'utf8');
    for (const k of repetidas(texto)) out.add(`!repeated ${idioma}/${ns}:${k}`);
    andar(JSON.parse(texto), '');
  }
  return out;
};
const pt = chaves('pt-BR');
const en = chaves('en');
const soPt = [...pt].filter((k) => !k.startsWith('!') && !en.has(k));
const soEn = [...en].filter((k) => !k.startsWith('!') && !pt.has(k));
const vazias = [...pt, ...en].filter((k) => k.startsWith('!'));
if (soPt.length || soEn.length || vazias.length) {
  console.error('i18n keys differ:');
  for (const k of soPt) console.error(`  only in pt-BR: ${k}`);
  for (const k of soEn) console.error(`  only in en: ${k}`);
  for (const k of vazias) console.error(`  ${k.slice(1)}`);
  process.exit(1);
}
console.log(`i18n: ${pt.size} keys, pt-BR and en identical`);
