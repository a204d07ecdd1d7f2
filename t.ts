import { abrirBanco, migrar, pgliteDe } from './packages/db/src/index.ts';

let t = Date.now();
const b = await abrirBanco({ dataDir: 'memory://' });
console.log('open', Date.now() - t);
t = Date.now();
await migrar(b);
console.log('migrate', Date.now() - t);
t = Date.now();
const dump = await pgliteDe(b)!.dumpDataDir('none');
console.log('dump', Date.now() - t, dump.size);
t = Date.now();
const b2 = await abrirBanco({ dataDir: 'memory://', carregarDe: dump });
console.log('load', Date.now() - t);
t = Date.now();
const r = await pgliteDe(b2)!.query('select count(*) from organizacao');
console.log(r.rows);
