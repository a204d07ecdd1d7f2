/**
 * Letters for a people filter (issue 22, bench/README.md "Letters in batch"): 1,000 people of one
 * parish, an OFICIOS batch through the API, worked to the end, then its PDF read to the last byte.
 * Target: batch and PDF ≤ 60 s with flat memory (the process's peak RSS, sampled every 50 ms).
 *
 *   npx tsx bench/oficios-lote.bench.ts [--pessoas 1000]
 *
 * One process on the embedded PGlite (as a small install runs): the app, its worker driven here.
 */

import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ADMIN } from './comum.js';

const { values } = parseArgs({ options: { pessoas: { type: 'string', default: '1000' } } });
const PESSOAS = Number(values.pessoas);

const { abrirBanco, migrar, schema } = await import('@sig/db');
const { garantirBase } = await import('@sig/db/seed');
const { construirApp } = await import('../apps/api/src/app.js');
const { lerConfig } = await import('../apps/api/src/config.js');
const { sql } = await import('drizzle-orm');

const dados = mkdtempSync(path.join(os.tmpdir(), 'sig-bench-oficios-'));
const banco = await abrirBanco({ dataDir: path.join(dados, 'pg') });
await migrar(banco);
await garantirBase(banco.db, { adminEmail: ADMIN.login, adminSenha: ADMIN.senha });
const [org] = await banco.db
  .select({ id: schema.organizacao.id })
  .from(schema.organizacao)
  .orderBy(sql`${schema.organizacao.nivel} desc`, schema.organizacao.id)
  .limit(1);
const marca = 'Bancada';
await banco.db.execute(sql`insert into pessoa (organizacao_id, nome, sobrenome, nome_busca, status)
  select ${org!.id}, 'Pessoa ' || g, ${marca} || ' ' || g, lower('pessoa ' || g || ' ' || ${marca} || ' ' || g), 'ATIVO'
  from generate_series(1, ${PESSOAS}) g`);
const config = lerConfig({
  SIG_ENV: 'production',
  SIG_SECRET: 'segredo-do-benchmark-com-32-caracteres',
  SIG_ADMIN_EMAIL: ADMIN.login,
  SIG_ADMIN_PASSWORD: ADMIN.senha,
  DATA_DIR: dados,
  LOG_LEVEL: 'silent',
});
const app = await construirApp({ config, banco, logger: false });
const login = await app.inject({
  method: 'POST',
  url: '/api/Autenticacao/autenticar',
  payload: { login: ADMIN.login, senha: ADMIN.senha },
});
const token = login.json().accessToken as string;
const headers = { authorization: `Bearer ${token}` };

let pico = process.memoryUsage().rss;
const amostras = setInterval(() => {
  pico = Math.max(pico, process.memoryUsage().rss);
}, 50);
const inicio = performance.now();
const modelo = await app.inject({
  method: 'POST',
  url: '/api/template-oficio',
  headers,
  payload: {
    organizacaoId: org!.id,
    nome: 'Convite',
    tipoOficio: 'CONVITE',
    assunto: 'Convite a {{pessoa.nome}}',
    corpo:
      'Prezado(a) {{destinatario.nome}},\n\n{{organizacao.nome}} convida para o culto festivo.\n\n{{oficio.data}}.',
    tamanhoPapel: 'A4',
    orientacao: 'RETRATO',
    margemMm: 25,
  },
});
const lote = await app.inject({
  method: 'POST',
  url: '/api/oficio/lote',
  headers,
  payload: { templateId: modelo.json().id, nome: marca },
});
if (lote.statusCode !== 201) throw new Error(lote.body);
await app.lotes.processarTudo();
const emitidos = performance.now();
const pdf = await app.inject({ method: 'GET', url: `/api/oficio/lote/${lote.json().id}/pdf`, headers });
const fim = performance.now();
clearInterval(amostras);
const paginas = pdf.rawPayload.toString('latin1').match(/\/Type \/Page\b/g)?.length ?? 0;
console.log(
  JSON.stringify({
    pessoas: PESSOAS,
    total: lote.json().total,
    paginas,
    emissaoS: +((emitidos - inicio) / 1000).toFixed(1),
    pdfS: +((fim - emitidos) / 1000).toFixed(1),
    totalS: +((fim - inicio) / 1000).toFixed(1),
    pdfMiB: +(pdf.rawPayload.length / 2 ** 20).toFixed(1),
    picoRssMiB: Math.round(pico / 2 ** 20),
  }),
);
await app.close();
await banco.fechar();
rmSync(dados, { recursive: true, force: true });
