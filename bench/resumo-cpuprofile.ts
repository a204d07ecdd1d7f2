/**
 * Self time of a V8 CPU profile grouped by package / source area, then the top functions:
 *   npx tsx bench/resumo-cpuprofile.ts FILE.cpuprofile [top]
 */
import { readFileSync } from 'node:fs';

type No = { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; hitCount?: number };
type Perfil = { nodes: No[]; samples: number[]; timeDeltas: number[] };

const [arquivo, topo = '25'] = process.argv.slice(2);
const p = JSON.parse(readFileSync(arquivo!, 'utf8')) as Perfil;
const porNo = new Map<number, number>();
for (const [i, id] of p.samples.entries()) porNo.set(id, (porNo.get(id) ?? 0) + (p.timeDeltas[i] ?? 0));
const total = [...porNo.values()].reduce((a, b) => a + b, 0);

const area = (url: string, nome: string) => {
  if (!url) return nome.startsWith('(') ? nome : '(native)';
  const m = url.match(/node_modules\/((@[^/]+\/)?[^/]+)/);
  if (m) return m[1]!;
  if (url.startsWith('node:')) return url;
  const s = url.match(/\/(apps|packages)\/[^/]+\/src\/([^/]+)/);
  return s ? `sig:${s[2]}` : url.replace(/^file:\/\//, '');
};
const porArea = new Map<string, number>();
const porFuncao = new Map<string, number>();
for (const n of p.nodes) {
  const t = porNo.get(n.id) ?? 0;
  if (!t) continue;
  const a = area(n.callFrame.url, n.callFrame.functionName);
  porArea.set(a, (porArea.get(a) ?? 0) + t);
  const f = `${n.callFrame.functionName || '(anonymous)'} ${a}:${n.callFrame.lineNumber + 1}`;
  porFuncao.set(f, (porFuncao.get(f) ?? 0) + t);
}
const pct = (t: number) => `${((100 * t) / total).toFixed(1).padStart(5)}%`;
console.log(`total ${(total / 1e6).toFixed(1)} s sampled\n\nby area:`);
for (const [a, t] of [...porArea].sort((x, y) => y[1] - x[1]).slice(0, 20)) console.log(`${pct(t)}  ${a}`);
console.log('\nby function:');
for (const [f, t] of [...porFuncao].sort((x, y) => y[1] - x[1]).slice(0, Number(topo))) console.log(`${pct(t)}  ${f}`);

// Inclusive time of SIG's own functions (and what they call): which request step costs what.
type NoCompleto = No & { children?: number[] };
const nos = new Map((p.nodes as NoCompleto[]).map((n) => [n.id, n]));
const inclusivo = new Map<string, number>();
const visitar = (id: number, pilha: Set<string>): number => {
  const n = nos.get(id)!;
  let t = porNo.get(id) ?? 0;
  const chave = /\/(apps|packages)\//.test(n.callFrame.url)
    ? `${n.callFrame.functionName || '(anonymous)'} ${n.callFrame.url.replace(/^.*\/(apps|packages)\//, '')}:${n.callFrame.lineNumber + 1}`
    : null;
  const nova = chave && !pilha.has(chave) ? new Set(pilha).add(chave) : pilha;
  for (const c of n.children ?? []) t += visitar(c, nova);
  if (chave && !pilha.has(chave)) inclusivo.set(chave, (inclusivo.get(chave) ?? 0) + t);
  return t;
};
visitar(p.nodes[0]!.id, new Set());
console.log('\nSIG functions, inclusive:');
for (const [f, t] of [...inclusivo].sort((x, y) => y[1] - x[1]).slice(0, Number(topo))) console.log(`${pct(t)}  ${f}`);
