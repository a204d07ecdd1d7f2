/**
 * Data migration at scale (issue 23): 100,000 people with addresses and contacts from one XLSX,
 * through the screen's calls against the API (apps/api/src/main.ts, worker on) on PostgreSQL.
 * Targets: dry run ≤ 60 s, import ≤ 120 s, the API's peak RSS ≤ 500 MB; a rerun of the same file
 * changes nothing (0 created, 0 updated); killed with SIGKILL halfway through the import and
 * started again, the registry ends as a run without the kill. bench/README.md, "Data migration".
 *
 *   npm run build && npx tsx bench/migracao.bench.ts [--pessoas 100000] [--matar 0.5] [--manter]
 *     [--banco mig_bench] [--so-analise] [--perfil-cpu DIR]
 *
 * Two fresh databases on BENCH_PG_URL's server (default postgres://postgres@127.0.0.1:5432/test),
 * <banco> and <banco>_kill, dropped afterwards unless --manter. `--matar 0` skips the crash run;
 * `--so-analise` stops after the first dry run. Each phase also gives the API process's CPU time
 * (utime + stime from /proc) per 1,000 rows: on a shared machine wall time says more about the
 * neighbours than about the code.
 */
import { type ChildProcess, fork } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import ExcelJS from 'exceljs';
import pg from 'pg';
import { cpfDaSequencia, entrar, portaLivre, SENHA_DEMO } from './comum.js';

const { values } = parseArgs({
  options: {
    pessoas: { type: 'string', default: '100000' },
    matar: { type: 'string', default: '0.5' },
    manter: { type: 'boolean', default: false },
    banco: { type: 'string', default: 'mig_bench' },
    'so-analise': { type: 'boolean', default: false },
    /** Folder for the API's V8 CPU profile (--cpu-prof, written when it stops; bench/resumo-cpuprofile.ts). */
    'perfil-cpu': { type: 'string' },
  },
});
const PESSOAS = Number(values.pessoas);
const MATAR = Number(values.matar);
const raiz = fileURLToPath(new URL('..', import.meta.url));
const ORIGEM = 'bench';

/** The sheet, written row by row by exceljs's streaming writer (the headers of the shipped sample). */
async function gerarPlanilha(caminho: string) {
  const livro = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: caminho, useSharedStrings: false });
  const aba = livro.addWorksheet('Membros');
  aba
    .addRow([
      'Código',
      'Nome completo',
      'CPF',
      'Data de nascimento',
      'Sexo',
      'E-mail',
      'Endereço',
      'Número',
      'Bairro',
      'CEP',
      'Cidade',
      'UF',
      'Telefone',
      'Celular',
    ])
    .commit();
  for (let i = 1; i <= PESSOAS; i++) {
    aba
      .addRow([
        `B-${i}`,
        `Membro${i} Migrado Bench`,
        cpfDaSequencia(i, 200_000_000),
        `${String(1 + (i % 28)).padStart(2, '0')}/${String(1 + (i % 12)).padStart(2, '0')}/${1940 + (i % 60)}`,
        i % 2 ? 'F' : 'M',
        `membro${i}@exemplo.com.br`,
        'Rua Bento Gonçalves',
        String(i % 2000),
        'Centro',
        '93510-000',
        'Novo Hamburgo',
        'RS',
        `(51) 3${String(i % 1000).padStart(3, '0')}-${String(i % 10000).padStart(4, '0')}`,
        `(51) 9${String(i % 10000).padStart(4, '0')}-${String((i * 7) % 10000).padStart(4, '0')}`,
      ])
      .commit();
  }
  aba.commit();
  await livro.commit();
}

/** The API's resident memory (VmRSS) in MB, and its peak so far (VmHWM). */
function memoria(pid: number) {
  const s = readFileSync(`/proc/${pid}/status`, 'utf8');
  const mb = (campo: string) => Math.round(Number(s.match(new RegExp(`${campo}:\\s+(\\d+)`))![1]) / 1024);
  return { rss: mb('VmRSS'), pico: mb('VmHWM') };
}

/** The API process's CPU seconds so far (user + system; /proc/<pid>/stat fields 14 and 15, in ticks of 1/100 s). */
function cpu(pid: number) {
  const campos = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(campos[11]) + Number(campos[12])) / 100;
}

/** CPU seconds per 1,000 rows since `desde`, with the load average beside it. */
const cpuPorMil = (pid: number, desde: number) =>
  `CPU ${(cpu(pid) - desde).toFixed(1)} s (${(((cpu(pid) - desde) * 1000) / PESSOAS).toFixed(2)} s per 1,000 rows), load ${os.loadavg()[0]!.toFixed(1)}`;

type Api = { filho: ChildProcess; base: string };

async function iniciarApi(url: string, dados: string, porta: number): Promise<Api> {
  // The bundle production runs (`npm run build` first): its memory is the figure, not tsx's.
  const filho = fork(path.join(raiz, 'apps/api/dist/main.js'), [], {
    env: {
      ...process.env,
      DATABASE_URL: url,
      PORT: String(porta),
      HOST: '127.0.0.1',
      DATA_DIR: dados,
      SIG_ENV: 'development',
      SIG_SECRET: 'segredo-do-benchmark-com-32-caracteres',
      SIG_ADMIN_PASSWORD: 'Bench@2026x',
      LOG_LEVEL: 'silent',
    },
    // The heap cap `npm start` and the deploy units run with (ADR 0034).
    execArgv: [
      '--max-old-space-size=384',
      ...(values['perfil-cpu'] ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(values['perfil-cpu'])}`] : []),
    ],
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  const base = `http://127.0.0.1:${porta}`;
  for (let i = 0; i < 3000; i++) {
    if (filho.exitCode !== null) throw new Error(`API exited with ${filho.exitCode}`);
    if (
      await fetch(`${base}/api/saude`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return { filho, base };
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('API did not start');
}

type Migracao = {
  id: number;
  status: string;
  mapeamento: Record<string, string | null>;
  linhas: number;
  criados: number;
  atualizados: number;
  ignorados: number;
  falhas: number;
  lotePendentes: number | null;
  analisadas: number;
};

function cliente(base: string, token: string) {
  const pedir = async (metodo: string, caminho: string, corpo?: object) => {
    const r = await fetch(`${base}/api/migracao${caminho}`, {
      method: metodo,
      headers: { authorization: `Bearer ${token}`, ...(corpo ? { 'content-type': 'application/json' } : {}) },
      body: corpo ? JSON.stringify(corpo) : undefined,
    });
    if (!r.ok) throw new Error(`${metodo} ${caminho}: ${r.status} ${await r.text()}`);
    return (await r.json()) as Migracao;
  };
  const enviar = async (arquivo: Buffer) => {
    const r = await fetch(`${base}/api/migracao/arquivo?tipo=PESSOAS&nomeArquivo=bench.xlsx&origem=${ORIGEM}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/octet-stream' },
      body: Uint8Array.from(arquivo),
    });
    if (r.status !== 201) throw new Error(`upload: ${r.status} ${await r.text()}`);
    return (await r.json()) as Migracao;
  };
  return { pedir, enviar };
}

/** Polls the run until `pronto`; the seconds it took. */
async function aguardar(c: ReturnType<typeof cliente>, id: number, pronto: (m: Migracao) => boolean) {
  const inicio = Date.now();
  for (;;) {
    const m = await c.pedir('GET', `/${id}`);
    if (pronto(m)) return { m, segundos: (Date.now() - inicio) / 1000 };
    await new Promise((r) => setTimeout(r, 500));
  }
}

async function criarBanco(admin: pg.Client, nome: string) {
  await admin.query(`drop database if exists "${nome}" with (force)`);
  await admin.query(`create database "${nome}"`);
  const u = new URL(process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test');
  u.pathname = `/${nome}`;
  return u.toString();
}

/** What the import left in the registry: people of the source, their addresses and contacts. */
async function contagens(url: string) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  const { rows } = await c.query(
    `select (select count(*) from pessoa where origem = $1 and excluido_em is null)::int as pessoas,
      (select count(*) from pessoa_endereco e join pessoa p on p.id = e.pessoa_id where p.origem = $1)::int as enderecos,
      (select count(*) from pessoa_contato x join pessoa p on p.id = x.pessoa_id where p.origem = $1)::int as contatos,
      (select count(*) from (select chave_legada from pessoa where origem = $1 group by chave_legada having count(*) > 1) d)::int as duplicadas`,
    [ORIGEM],
  );
  await c.end();
  return rows[0] as { pessoas: number; enderecos: number; contatos: number; duplicadas: number };
}

/** Upload, dry run, import of the file on a fresh database; with `matar`, the API killed halfway through the import. */
async function rodada(admin: pg.Client, nome: string, arquivo: Buffer, matar: number) {
  const url = await criarBanco(admin, nome);
  const dados = mkdtempSync(path.join(os.tmpdir(), 'sig-bench-mig-'));
  const porta = await portaLivre();
  // The first start seeds the demo (its treasurer runs the migration) and keeps that work's heap;
  // a production process never seeds, so the figures are those of a second start.
  const semeadora = await iniciarApi(url, dados, porta);
  semeadora.filho.kill('SIGTERM');
  await new Promise((r) => semeadora.filho.once('exit', r));
  let api = await iniciarApi(url, dados, porta);
  try {
    const c = cliente(api.base, await entrar(api.base, 'tesouraria@sig.local', SENHA_DEMO));
    const carga = os.loadavg()[0]!.toFixed(1);
    // The API at rest after its start: what the migration adds is above this.
    const repouso = memoria(api.filho.pid!);
    console.log(`[${nome}] API at rest: RSS ${repouso.rss} MB, peak ${repouso.pico} MB`);
    const enviada = await c.enviar(arquivo);
    const cpuAnalise = cpu(api.filho.pid!);
    await c.pedir('POST', `/${enviada.id}/analise`, { mapeamento: enviada.mapeamento });
    const analise = await aguardar(c, enviada.id, (m) => m.status !== 'ANALISANDO');
    const memAnalise = memoria(api.filho.pid!);
    console.log(
      `[${nome}] dry run: ${analise.segundos.toFixed(1)} s (${analise.m.linhas} rows: ${analise.m.criados} to create, ${analise.m.falhas} errors), RSS ${memAnalise.rss} MB, peak ${memAnalise.pico} MB, load at start ${carga}; ${cpuPorMil(api.filho.pid!, cpuAnalise)}`,
    );
    if (values['so-analise']) return null;
    const inicio = Date.now();
    const cpuImportacao = cpu(api.filho.pid!);
    await c.pedir('POST', `/${enviada.id}/confirmacao`);
    if (matar > 0) {
      await aguardar(c, enviada.id, (m) => (m.lotePendentes ?? PESSOAS) <= PESSOAS * (1 - matar));
      api.filho.kill('SIGKILL');
      await new Promise((r) => api.filho.once('exit', r));
      console.log(`[${nome}] killed after ${((Date.now() - inicio) / 1000).toFixed(1)} s; starting again`);
      api = await iniciarApi(url, dados, porta);
    }
    const c2 = cliente(api.base, await entrar(api.base, 'tesouraria@sig.local', SENHA_DEMO));
    const importacao = await aguardar(c2, enviada.id, (m) => m.status === 'CONCLUIDA');
    const segundos = (Date.now() - inicio) / 1000;
    const mem = memoria(api.filho.pid!);
    const feitos = await contagens(url);
    console.log(
      `[${nome}] import: ${segundos.toFixed(1)} s (${importacao.m.criados} created), peak RSS ${mem.pico} MB; ${matar > 0 ? `load ${os.loadavg()[0]!.toFixed(1)}` : cpuPorMil(api.filho.pid!, cpuImportacao)}; registry ${JSON.stringify(feitos)}`,
    );
    if (matar === 0) {
      const inicioRerun = Date.now();
      const cpuRerun = cpu(api.filho.pid!);
      const outra = await c2.enviar(arquivo);
      await c2.pedir('POST', `/${outra.id}/analise`, { mapeamento: outra.mapeamento });
      const rerun = await aguardar(c2, outra.id, (m) => m.status !== 'ANALISANDO');
      await c2.pedir('POST', `/${outra.id}/confirmacao`);
      const fim = await aguardar(c2, outra.id, (m) => m.status === 'CONCLUIDA');
      console.log(
        `[${nome}] rerun: ${((Date.now() - inicioRerun) / 1000).toFixed(1)} s, ${rerun.m.criados} created, ${rerun.m.atualizados} updated, ${rerun.m.ignorados} unchanged (${fim.m.status}); registry ${JSON.stringify(await contagens(url))}, peak RSS ${memoria(api.filho.pid!).pico} MB; ${cpuPorMil(api.filho.pid!, cpuRerun)}`,
      );
    }
    return feitos;
  } finally {
    api.filho.kill('SIGTERM');
    await new Promise((r) => api.filho.once('exit', r));
    if (!values.manter) await admin.query(`drop database if exists "${nome}" with (force)`);
    rmSync(dados, { recursive: true, force: true });
  }
}

async function principal() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'sig-bench-planilha-'));
  const caminho = path.join(dir, 'pessoas.xlsx');
  const t0 = Date.now();
  await gerarPlanilha(caminho);
  const arquivo = readFileSync(caminho);
  console.log(
    `sheet: ${PESSOAS} people, ${(arquivo.length / 1024 / 1024).toFixed(1)} MB in ${((Date.now() - t0) / 1000).toFixed(1)} s`,
  );
  const admin = new pg.Client({
    connectionString: process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test',
  });
  await admin.connect();
  try {
    const semMorte = await rodada(admin, values.banco, arquivo, 0);
    if (MATAR > 0 && !values['so-analise']) {
      const comMorte = await rodada(admin, `${values.banco}_kill`, arquivo, MATAR);
      console.log(`kill -9 run equals the run without it: ${JSON.stringify(semMorte) === JSON.stringify(comMorte)}`);
    }
  } finally {
    await admin.end();
    rmSync(dir, { recursive: true, force: true });
  }
}

await principal();
