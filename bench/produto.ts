/**
 * The built product (apps/api/dist/main.js: API and web on one port) on a fresh PGlite database
 * in a temporary folder, and the chromium flags the browser benches use (`npm run build` first).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Browser, chromium } from 'playwright-core';
import { ADMIN, portaLivre } from './comum.js';

const raiz = path.resolve(import.meta.dirname, '..');

// The same flags as the e2e suite: no network beyond loopback on these machines.
export const FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export async function iniciarServidor(): Promise<{ base: string; parar: () => Promise<void> }> {
  const dados = mkdtempSync(path.join(os.tmpdir(), 'sig-produto-'));
  const porta = await portaLivre();
  const servidor: ChildProcess = spawn(process.execPath, ['apps/api/dist/main.js'], {
    cwd: raiz,
    env: {
      ...process.env,
      PORT: String(porta),
      HOST: '127.0.0.1',
      DATA_DIR: dados,
      DATABASE_URL: '',
      SIG_ENV: 'development',
      SIG_ADMIN_EMAIL: ADMIN.login,
      SIG_ADMIN_PASSWORD: ADMIN.senha,
      SIG_SECRET: 'segredo-do-benchmark-com-32-caracteres',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${porta}`;
  const parar = async () => {
    servidor.kill('SIGTERM');
    await new Promise((r) => servidor.once('exit', r));
    rmSync(dados, { recursive: true, force: true });
  };
  // A fresh database gets the whole demo first: minutes on a busy machine.
  const limite = Date.now() + 300_000;
  for (;;) {
    if (servidor.exitCode !== null) throw new Error(`the server exited with ${servidor.exitCode}`);
    const pronto = await fetch(`${base}/api/saude`).catch(() => null);
    if (pronto?.ok) return { base, parar };
    if (Date.now() > limite) {
      await parar();
      throw new Error('the server did not answer within 300 s');
    }
    await new Promise((r) => setTimeout(r, 300));
  }
}

/** `fn` with Debian's chromium and the built product at `base`, both closed afterwards. */
export async function comProduto<T>(fn: (navegador: Browser, base: string) => Promise<T>): Promise<T> {
  const navegador = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: FLAGS,
  });
  const { base, parar } = await iniciarServidor().catch(async (e) => {
    await navegador.close();
    throw e;
  });
  try {
    return await fn(navegador, base);
  } finally {
    await navegador.close();
    await parar();
  }
}
