import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { ADMIN_SENHA } from './fixtures/constantes.js';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
    /** The demo's embedded Asaas fake (its sandbox calls pay a charge), as the server's start line gives it. */
    asaasFakeURL: string;
    /** The server's DATA_DIR: the embedded fake keeps its accounts there (a sub-account's key, shown nowhere else). */
    dataDir: string;
  }
}

const raiz = path.resolve(import.meta.dirname, '../..');

const portaLivre = () =>
  new Promise<number>((ok, falha) => {
    const s = net.createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => ok(port));
    });
    s.on('error', falha);
  });

/** The newest modification time under a folder (0 when it does not exist). */
function maisRecente(pasta: string): number {
  if (!existsSync(pasta)) return 0;
  let t = 0;
  for (const e of readdirSync(pasta, { withFileTypes: true, recursive: true })) {
    if (e.isFile()) t = Math.max(t, statSync(path.join(e.parentPath, e.name)).mtimeMs);
  }
  return t;
}

/**
 * Whether the build is missing or older than a source it is made of: a stale build would test
 * old code and pass or fail for nothing the change did.
 */
function construcaoVelha(): boolean {
  const saidas = ['apps/api/dist/main.js', 'apps/web/dist/index.html'].map((f) => path.join(raiz, f));
  if (!saidas.every((f) => existsSync(f))) return true;
  const construido = Math.min(...saidas.map((f) => statSync(f).mtimeMs));
  const pacotes = readdirSync(path.join(raiz, 'packages')).flatMap((p) =>
    ['src', 'locales', 'migrations'].map((d) => `packages/${p}/${d}`),
  );
  const fontes = ['apps/api/src', 'apps/web/src', 'apps/web/index.html', 'apps/api/build.mjs', ...pacotes];
  return fontes.some((f) => {
    const p = path.join(raiz, f);
    if (!existsSync(p)) return false;
    const s = statSync(p);
    return (s.isDirectory() ? maisRecente(p) : s.mtimeMs) > construido;
  });
}

/**
 * Starts the built product (API + web on one port) on a fresh embedded database, seeded with
 * the demo data, and hands its address to the specs.
 */
export default async function setup(project: TestProject) {
  if (construcaoVelha()) execFileSync('npm', ['run', 'build'], { cwd: raiz, stdio: 'inherit' });
  const dados = mkdtempSync(path.join(os.tmpdir(), 'sig-e2e-'));
  const porta = await portaLivre();
  // The heap cap production runs with (ADR 0034), so every story runs under it.
  const servidor: ChildProcess = spawn(process.execPath, ['--max-old-space-size=384', 'apps/api/dist/main.js'], {
    cwd: raiz,
    env: {
      ...process.env,
      PORT: String(porta),
      HOST: '127.0.0.1',
      DATA_DIR: dados,
      DATABASE_URL: '',
      SIG_ENV: 'development',
      SIG_ADMIN_PASSWORD: ADMIN_SENHA,
      SIG_SECRET: 'segredo-dos-testes-e2e-1234567890',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let asaasFakeURL = '';
  servidor.stdout!.on('data', (pedaco: Buffer) => {
    process.stdout.write(pedaco);
    asaasFakeURL ||= /embedded Asaas fake on (\S+?),/.exec(pedaco.toString())?.[1] ?? '';
  });
  const baseURL = `http://127.0.0.1:${porta}`;
  const esperaMs = 120_000;
  const limite = Date.now() + esperaMs;
  // A set-up that gives up takes its server and folder with it: nothing left listening for the next run.
  const desistir = (motivo: string) => {
    servidor.kill('SIGKILL');
    rmSync(dados, { recursive: true, force: true });
    return new Error(motivo);
  };
  for (;;) {
    if (servidor.exitCode !== null) throw desistir(`the server exited with ${servidor.exitCode}`);
    try {
      const r = await fetch(`${baseURL}/api/saude`);
      if (r.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > limite) throw desistir(`the server did not answer within ${esperaMs / 1000} s`);
    await new Promise((r) => setTimeout(r, 500));
  }
  // The start line comes right after the server listens.
  while (!asaasFakeURL && Date.now() < limite && servidor.exitCode === null)
    await new Promise((r) => setTimeout(r, 100));
  project.provide('baseURL', baseURL);
  project.provide('asaasFakeURL', asaasFakeURL);
  project.provide('dataDir', dados);
  return async () => {
    servidor.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 500));
    rmSync(dados, { recursive: true, force: true });
  };
}
