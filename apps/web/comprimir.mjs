// Writes .br and .gz beside every text asset of the build, served by the API as they are.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const raiz = path.resolve(import.meta.dirname, 'dist');
let n = 0;
for (const nome of readdirSync(raiz, { recursive: true }).map(String)) {
  const arquivo = path.join(raiz, nome);
  if (!/\.(js|css|html|svg|json)$/.test(nome) || statSync(arquivo).size < 1024) continue;
  const dados = readFileSync(arquivo);
  writeFileSync(`${arquivo}.gz`, gzipSync(dados, { level: 9 }));
  writeFileSync(`${arquivo}.br`, brotliCompressSync(dados, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
  n++;
}
console.log(`compressed ${n} assets (.br, .gz)`);
