/**
 * The check-in's camera at the door (bench/README.md, "Check-in camera", docs/adr/0029).
 *
 *   npm run build && npx tsx bench/check-in-camera.bench.ts [--leituras 5]
 *
 * Starts the built product on a fresh PGlite database, registers someone for a free event through
 * the API, and opens the check-in page in Debian's chromium whose camera films the registration's
 * QR code (a Y4M video, as the e2e story writes it). Records the JS the page fetches when the
 * camera opens (the lazy chunks: reader, qr-scanner, its worker), and the time from pressing
 * "Ler QR pela câmera" until the registrant is shown present, first with those chunks still to
 * fetch, then `--leituras` times with them in the browser's cache (page reloaded each time).
 */
import { rmSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { chromium, type Page } from 'playwright-core';
import { flagsDaCameraFalsa, videoDoQr } from '../apps/e2e/fixtures/video-qr.js';
import { ADMIN, entrar } from './comum.js';
import { FLAGS, iniciarServidor } from './produto.js';

const { values } = parseArgs({ options: { leituras: { type: 'string', default: '5' } } });

/** A call of the API as the administrator. */
async function chamar<T>(base: string, token: string, metodo: string, caminho: string, corpo?: unknown) {
  const r = await fetch(`${base}/api/${caminho}`, {
    method: metodo,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: corpo === undefined ? undefined : JSON.stringify(corpo),
  });
  if (!r.ok) throw new Error(`${metodo} ${caminho}: ${r.status} ${await r.text()}`);
  return (await r.json()) as T;
}

/** From pressing the camera's button until the registrant's card shows, in ms. */
async function lerUmaVez(pagina: Page) {
  await pagina.goto('/inscricoes-de-eventos/check-in');
  const botao = pagina.getByTestId('check-in-abrir-camera');
  await botao.waitFor();
  const inicio = performance.now();
  await botao.click();
  await pagina.getByTestId('check-in-inscrito').waitFor({ timeout: 60_000 });
  return performance.now() - inicio;
}

async function principal() {
  const { base, parar } = await iniciarServidor();
  let video: string | undefined;
  try {
    const token = await entrar(base, ADMIN.login, ADMIN.senha);
    const sessao = await chamar<{ organizacaoId: number }>(base, token, 'PUT', 'Autenticacao/autorizacao', {});
    const ano = new Date().getUTCFullYear() + 1;
    const marca = Date.now().toString(36);
    const evento = await chamar<{ id: number }>(base, token, 'POST', 'evento-com-inscricao', {
      organizacaoId: sessao.organizacaoId,
      tipoEvento: 'ENCONTRO',
      codigo: `bench-${marca}`,
      nome: `Encontro ${marca}`,
      inicio: `${ano}-05-09T08:00:00-03:00`,
      fim: `${ano}-05-09T18:00:00-03:00`,
      prazoInscricao: `${ano}-05-05T23:59:00-03:00`,
      formasPagamento: ['PIX'],
      lotes: [{ numero: 1, valor: '0.00', quantidade: 50, inicio: null, fim: null }],
    });
    const inscricao = await chamar<{ codigo: string }>(base, token, 'POST', 'inscricoes-de-eventos', {
      eventoId: evento.id,
      nome: `Ana ${marca}`,
      email: `ana.${marca}@example.org`,
    });
    video = videoDoQr(inscricao.codigo);
    const navegador = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [...FLAGS, ...flagsDaCameraFalsa(video)],
    });
    try {
      const pagina = await navegador.newPage({ baseURL: base, locale: 'pt-BR' });
      await pagina.goto('/login');
      await pagina.getByLabel('E-mail ou CPF').fill(ADMIN.login);
      await pagina.getByLabel('Senha', { exact: true }).fill(ADMIN.senha);
      await pagina.getByRole('button', { name: 'Entrar' }).click();
      await pagina.getByTestId('boas-vindas').waitFor();

      await pagina.goto('/inscricoes-de-eventos/check-in');
      await pagina.getByTestId('check-in-abrir-camera').waitFor();
      const js: Buffer[] = [];
      const aoResponder = async (r: { url: () => string; body: () => Promise<Buffer> }) => {
        if (r.url().endsWith('.js')) js.push(await r.body());
      };
      pagina.on('response', aoResponder);
      const inicio = performance.now();
      await pagina.getByTestId('check-in-abrir-camera').click();
      await pagina.getByTestId('check-in-inscrito').waitFor({ timeout: 60_000 });
      const primeira = performance.now() - inicio;
      pagina.off('response', aoResponder);

      const tempos: number[] = [];
      for (let i = 0; i < Number(values.leituras); i++) tempos.push(await lerUmaVez(pagina));
      tempos.sort((a, b) => a - b);
      const raw = js.reduce((s, b) => s + b.length, 0);
      const gzip = js.reduce((s, b) => s + gzipSync(b, { level: 9 }).length, 0);
      console.log('| figure | value |\n| --- | ---: |');
      console.log(
        `| JS fetched when the camera opens | ${js.length} files · ${(raw / 1024).toFixed(1)} KB raw · **${(gzip / 1024).toFixed(1)} KB gzip** |`,
      );
      console.log(`| press "Ler QR pela câmera" → registrant shown present, first time | ${primeira.toFixed(0)} ms |`);
      console.log(
        `| the same, chunks cached (${tempos.length} runs) | ${tempos[0]!.toFixed(0)}–${tempos.at(-1)!.toFixed(0)} ms ` +
          `(median ${tempos[Math.floor(tempos.length / 2)]!.toFixed(0)} ms) |`,
      );
    } finally {
      await navegador.close();
    }
  } finally {
    if (video) rmSync(path.dirname(video), { recursive: true, force: true });
    await parar();
  }
}

await principal();
