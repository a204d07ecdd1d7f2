/**
 * The consent ledger's verification (issue 22: over 100,000 acceptances ≤ 10 s). bench/README.md,
 * "Consent terms".
 *
 *   BENCH_PG_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/termos-cadeia.bench.ts \
 *     [--aceites 100000] [--banco ter_bench_cadeia] [--vezes 3] [--manter]
 *
 * A fresh database (--banco, base data only) gets ten published terms and a tenth of --aceites
 * people, each with an accepted request of every term (set-based SQL), and their acceptances are written by the ledger's own writer
 * (`acrescentar`, the one the public page uses), 10,000 per transaction. The app runs in a child
 * process; the administrator calls `GET /api/termos/verificar-cadeia` --vezes times, each timed
 * from the request to the answer, which must say the chain holds over every row.
 */
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { ADMIN, comServidor, conectar, entrar, medirCpu, servir } from './comum.js';

const { values } = parseArgs({
  options: {
    aceites: { type: 'string', default: '100000' },
    banco: { type: 'string', default: 'ter_bench_cadeia' },
    vezes: { type: 'string', default: '3' },
    servidor: { type: 'boolean', default: false },
    url: { type: 'string' },
    dados: { type: 'string' },
    manter: { type: 'boolean', default: false },
  },
});
const TEXTO = 'Autorizo o tratamento dos meus dados pessoais pela igreja.';
/** Published terms the acceptances are spread over. */
const TERMOS = 10;
/** Ledger rows per transaction while generating. */
const POR_TRANSACAO = 10_000;

async function preparar(db: import('@sig/db').Db) {
  const { sql } = await import('drizzle-orm');
  const { sha256 } = await import('@sig/db');
  const { acrescentar } = await import('../apps/api/src/modules/termos/index.js');
  const n = Number(values.aceites);
  const linhas = <T>(r: unknown) => (r as { rows: T[] }).rows;
  const [org] = linhas<{ id: number }>(await db.execute(sql`select id from organizacao order by nivel, id limit 1`));
  // People are costly to insert (their search words and counters by trigger): fewer people, one
  // request of each of TERMOS terms.
  const pessoas = Math.ceil(n / TERMOS);
  await db.execute(sql`insert into pessoa (organizacao_id, nome, sobrenome, nome_busca, email, status)
    select ${org!.id}, 'Membro ' || g, 'Cadeia', 'membro ' || g || ' cadeia', 'membro' || g || '@cadeia.exemplo', 'ATIVO'
    from generate_series(1, ${pessoas}) g`);
  const termos = linhas<{ id: number }>(
    await db.execute(sql`insert into termo (id_compartilhado, organizacao_id, nome, categoria_termo, versao, situacao_termo,
        remetente, assunto_email, corpo_email, texto, publicado_em)
      select gen_random_uuid(), ${org!.id}, 'Consentimento ' || g || ' (bancada)', 'CONSENTIMENTO_DADOS', 1, 'PUBLICADO',
        'Secretaria', 'Consentimento', 'Responda: {{link}}', ${TEXTO}, now()
      from generate_series(1, ${TERMOS}) g
      returning id`),
  );
  const pedidos = linhas<{ id: number; pessoaId: number; termoId: number }>(
    await db.execute(sql`insert into termo_solicitacao (termo_id, pessoa_id, email, situacao_solicitacao, enviado_em, respondido_em)
      select t.id, p.id, p.email, 'ACEITO', now(), now()
      from pessoa p cross join termo t where p.email like '%@cadeia.exemplo'
      order by t.id, p.id limit ${n}
      returning id, pessoa_id as "pessoaId", termo_id as "termoId"`),
  ).sort((a, b) => a.id - b.id);
  if (!termos.length) throw new Error('no terms');
  const hashTexto = sha256(TEXTO);
  for (let i = 0; i < pedidos.length; i += POR_TRANSACAO) {
    const registradoEm = new Date();
    await db.transaction((tx) =>
      acrescentar(
        tx,
        pedidos.slice(i, i + POR_TRANSACAO).map((p, j) => ({
          solicitacaoId: p.id,
          termoId: p.termoId,
          pessoaId: p.pessoaId,
          versao: 1,
          decisao: 'ACEITO',
          hashTexto,
          registradoEm,
          ip: `10.0.${(i + j) % 256}.${j % 256}`,
          navegador: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0',
        })),
      ),
    );
  }
  await db.execute(sql`vacuum analyze`);
  return undefined;
}

async function medir(base: string, pronto: { geracao: string; pid: number }) {
  console.log(`generated ${Number(values.aceites).toLocaleString('en')} chained acceptances in ${pronto.geracao}`);
  const banco = await conectar(values.banco!);
  const token = await entrar(base, ADMIN.login, ADMIN.senha);
  console.log('| run | rows verified | valid | time | CPU app / database | load average (1 min) |');
  console.log('| --- | ---: | --- | ---: | ---: | ---: |');
  for (let i = 1; i <= Number(values.vezes); i++) {
    const cpu = await medirCpu(pronto.pid, banco);
    const t0 = performance.now();
    const r = await fetch(`${base}/api/termos/verificar-cadeia`, { headers: { authorization: `Bearer ${token}` } });
    const ms = performance.now() - t0;
    if (r.status !== 200) throw new Error(`verificar-cadeia: ${r.status} ${await r.text()}`);
    const v = (await r.json()) as { valida: boolean; total: number };
    const g = await cpu();
    if (!v.valida || v.total < Number(values.aceites))
      throw new Error(`the chain did not verify: ${JSON.stringify(v)}`);
    console.log(
      `| ${i} | ${v.total.toLocaleString('en')} | ${v.valida} | ${(ms / 1000).toFixed(2)} s | ${g.app.toFixed(1)} s / ${g.banco.toFixed(1)} s | ${g.carga[0]!.toFixed(2)} |`,
    );
  }
  await banco.end();
}

if (values.servidor) await servir(values.url!, values.dados!, preparar, { demo: false });
else
  await comServidor(
    fileURLToPath(import.meta.url),
    ['--aceites', values.aceites!, '--banco', values.banco!],
    medir,
    values.manter,
    values.banco,
  );
