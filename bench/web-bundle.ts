/**
 * What the built web app makes a browser download (bench/README.md, web section).
 *
 *   npm run build && npx tsx bench/web-bundle.ts [--arquivos] [--recargas 5]
 *
 * Starts the built product (apps/api/dist/main.js, API and web on one port) on a fresh
 * PGlite database in a temporary folder, drives Debian's chromium over loopback and records
 * every JS and JSON answer: for /login, for switching its language, for typing in its form
 * (the validation code comes then) and for signing in and opening the dashboard. Sizes are of the bytes as built (raw) and as served
 * compressed (gzip level 9 and brotli 11, as apps/web/comprimir.mjs writes them). Then the
 * time from a reload with a stored session until the dashboard shows the user's name.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { ADMIN } from './comum.js';
import { comProduto } from './produto.js';

const raiz = path.resolve(import.meta.dirname, '..');
const DIST = path.join(raiz, 'apps/web/dist');
const { values } = parseArgs({
  options: {
    /** Also list every file /login loads. */
    arquivos: { type: 'boolean', default: false },
    recargas: { type: 'string', default: '5' },
  },
});

type Tamanho = { raw: number; gzip: number; brotli: number };
const medir = (dados: Buffer): Tamanho => ({
  raw: dados.length,
  gzip: gzipSync(dados, { level: 9 }).length,
  brotli: brotliCompressSync(dados, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
});
const somar = (ts: Tamanho[]): Tamanho =>
  ts.reduce((a, t) => ({ raw: a.raw + t.raw, gzip: a.gzip + t.gzip, brotli: a.brotli + t.brotli }), {
    raw: 0,
    gzip: 0,
    brotli: 0,
  });
const kb = (n: number) => (n / 1024).toFixed(1);
const descrever = (n: number, t: Tamanho) =>
  `${n} files · ${kb(t.raw)} KB raw · **${kb(t.gzip)} KB gzip** · ${kb(t.brotli)} KB brotli`;

const eArquivo = (url: string) => {
  const { pathname } = new URL(url);
  return !pathname.startsWith('/api') && /\.(m?js|json)$/.test(pathname);
};

/**
 * Records the JS and JSON files the page downloads (API answers left out), each counted in the
 * step where it first arrives. `passo()` waits until no such file has been in flight for
 * 500 ms, then hands over the step's files.
 */
function registrar(pagina: Page) {
  const vistos = new Set<string>();
  let doPasso = new Map<string, Promise<Tamanho>>();
  let emVoo = 0;
  let ultimo = performance.now();
  pagina.on('request', (r) => {
    if (eArquivo(r.url())) emVoo++;
  });
  const terminou = (r: { url: () => string }) => {
    if (!eArquivo(r.url())) return;
    emVoo--;
    ultimo = performance.now();
  };
  pagina.on('requestfinished', terminou);
  pagina.on('requestfailed', terminou);
  pagina.on('response', (r) => {
    const { pathname } = new URL(r.url());
    if (!eArquivo(r.url()) || vistos.has(pathname)) return;
    vistos.add(pathname);
    doPasso.set(pathname, r.body().then(medir));
  });
  return async () => {
    while (emVoo > 0 || performance.now() - ultimo < 500) await new Promise((r) => setTimeout(r, 50));
    const arquivos = doPasso;
    doPasso = new Map();
    const lista = await Promise.all([...arquivos].map(async ([nome, t]) => ({ nome, ...(await t) })));
    return lista.sort((a, b) => b.gzip - a.gzip);
  };
}

async function principal() {
  await comProduto(async (navegador, base) => {
    const contexto = await navegador.newContext({ baseURL: base, locale: 'pt-BR' });
    const pagina = await contexto.newPage();

    const passo = registrar(pagina);

    await pagina.goto('/login');
    await pagina.locator('form').first().waitFor();
    const login = await passo();

    await pagina.getByTestId('idioma').selectOption('en');
    await pagina.getByRole('button', { name: 'Sign in' }).waitFor();
    const idioma = await passo();
    await pagina.evaluate(() => localStorage.removeItem('idioma'));
    await pagina.reload();
    await pagina.getByRole('button', { name: 'Entrar' }).waitFor();
    await passo();

    await pagina.getByLabel('E-mail ou CPF').fill(ADMIN.login);
    await pagina.getByLabel('Senha', { exact: true }).fill(ADMIN.senha);
    const digitacao = await passo();

    await pagina.getByRole('button', { name: 'Entrar' }).click();
    await pagina.waitForURL('**/dashboard');
    await pagina.getByTestId('boas-vindas').waitFor();
    const painel = await passo();

    // A reload with a stored session: the served files come from the browser's cache, as for a returning user.
    const tempos: number[] = [];
    for (let i = 0; i < Number(values.recargas); i++) {
      const inicio = performance.now();
      await pagina.reload({ waitUntil: 'commit' });
      await pagina.getByTestId('organizacao-atual').filter({ hasText: /\S/ }).waitFor();
      await pagina.getByTestId('boas-vindas').filter({ hasText: /\S/ }).waitFor();
      tempos.push(performance.now() - inicio);
    }
    tempos.sort((a, b) => a - b);

    const todos = readdirSync(path.join(DIST, 'assets'))
      .filter((n) => n.endsWith('.js'))
      .map((n) => medir(readFileSync(path.join(DIST, 'assets', n))));

    console.log('| figure | value |\n| --- | ---: |');
    console.log(`| JS loaded by \`/login\` | ${descrever(login.length, somar(login))} |`);
    console.log(`| added by switching \`/login\` to English | ${descrever(idioma.length, somar(idioma))} |`);
    console.log(`| added by typing in the form (its validation) | ${descrever(digitacao.length, somar(digitacao))} |`);
    console.log(`| added by signing in and opening the dashboard | ${descrever(painel.length, somar(painel))} |`);
    console.log(`| whole bundle (JS) | ${descrever(todos.length, somar(todos))} |`);
    console.log(
      `| dashboard, reload with a stored session → name and organization shown (${tempos.length} runs) | ` +
        `${tempos[0].toFixed(0)}–${tempos.at(-1)!.toFixed(0)} ms (median ${tempos[Math.floor(tempos.length / 2)].toFixed(0)} ms) |`,
    );
    if (values.arquivos) {
      console.log('\n/login, by gzip size:\n| file | raw KB | gzip KB |\n| --- | ---: | ---: |');
      for (const a of login) console.log(`| ${a.nome} | ${kb(a.raw)} | ${kb(a.gzip)} |`);
      console.log('\nswitching to English:');
      for (const a of idioma) console.log(`| ${a.nome} | ${kb(a.raw)} | ${kb(a.gzip)} |`);
      console.log('\ntyping in the form:');
      for (const a of digitacao) console.log(`| ${a.nome} | ${kb(a.raw)} | ${kb(a.gzip)} |`);
      console.log('\nsigning in:');
      for (const a of painel) console.log(`| ${a.nome} | ${kb(a.raw)} | ${kb(a.gzip)} |`);
    }
  });
}

await principal();
