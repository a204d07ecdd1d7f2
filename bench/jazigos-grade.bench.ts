/**
 * The plot grid of a 2,000-plot block (issue 20: renders in ≤ 1 s). bench/README.md, "Plot grid".
 *
 *   npm run build && npx tsx bench/jazigos-grade.bench.ts [--fileiras 20] [--jazigos 100] [--execucoes 7] [--perfil DIR]
 *
 * The built product on a fresh PGlite database (bench/produto.ts); through the API, a cemetery
 * with one block of fileiras × jazigos plots, a third of them changed by hand to the other states
 * (reserved, occupied, in exhumation, unavailable). In Debian's chromium, signed in as the
 * administrator, three runs each time to the frame in which the block's last plot cell is in the
 * page: the cemetery's form opened from a blank page (from the navigation's start); from inside
 * the app, the cemeteries' list loaded and the cemetery's edit button clicked (from the click);
 * and on the open form, block A chosen back after a one-plot block B (from the click).
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { Locator } from 'playwright-core';
import { ADMIN, entrar } from './comum.js';
import { comProduto } from './produto.js';

const { values } = parseArgs({
  options: {
    fileiras: { type: 'string', default: '20' },
    jazigos: { type: 'string', default: '100' },
    execucoes: { type: 'string', default: '7' },
    // A folder: the browser's CPU profile and trace of one more block switch and opening from the list, there.
    perfil: { type: 'string' },
  },
});
const fileiras = Number(values.fileiras);
const porFileira = Number(values.jazigos);
const total = fileiras * porFileira;
const SITUACOES = ['RESERVADO', 'OCUPADO', 'EM_EXUMACAO', 'INDISPONIVEL'] as const;

/** The cemetery and its block, made through the API as a secretary would; its id. */
async function preparar(base: string) {
  const token = await entrar(base, ADMIN.login, ADMIN.senha);
  const api = async (metodo: string, url: string, corpo?: object) => {
    const r = await fetch(`${base}${url}`, {
      method: metodo,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: corpo && JSON.stringify(corpo),
    });
    if (!r.ok) throw new Error(`${metodo} ${url}: ${r.status} ${await r.text()}`);
    return r.json();
  };
  const [organizacao] = (await api('GET', '/api/organizacao/select')) as { value: number }[];
  const { id } = await api('POST', '/api/cemiterio', { organizacaoId: organizacao!.value, nome: 'Cemitério da grade' });
  await api('POST', `/api/cemiterio/${id}/jazigos`, {
    quadra: 'A',
    fileiraDe: 1,
    fileiraAte: fileiras,
    numeroDe: 1,
    numeroAte: porFileira,
    tipoJazigo: 'SEPULTURA',
    capacidade: 2,
  });
  // A one-plot block beside it, so the form can switch blocks.
  await api('POST', `/api/cemiterio/${id}/jazigos`, { quadra: 'B', fileiraAte: 1, numeroAte: 1 });
  const { jazigos } = (await api('GET', `/api/cemiterio/${id}/jazigos?quadra=A`)) as {
    jazigos: { id: number }[];
  };
  // A third of the plots in the other states, one after another, the rest free.
  for (const [i, j] of jazigos.entries())
    if (i % 3 === 0)
      await api('PUT', `/api/jazigo/${j.id}`, {
        tipoJazigo: 'SEPULTURA',
        capacidade: 2,
        situacaoJazigo: SITUACOES[(i / 3) % SITUACOES.length],
      });
  return id as number;
}

async function principal() {
  await comProduto(async (navegador, base) => {
    const cemiterioId = await preparar(base);
    const pagina = await (await navegador.newContext({ baseURL: base, locale: 'pt-BR' })).newPage();
    await pagina.goto('/login');
    await pagina.getByLabel('E-mail ou CPF').fill(ADMIN.login);
    await pagina.getByLabel('Senha', { exact: true }).fill(ADMIN.senha);
    await pagina.getByRole('button', { name: 'Entrar' }).click();
    await pagina.waitForURL('**/dashboard');
    const tempos: number[] = [];
    const desenho: number[] = [];
    const chegadas: number[] = [];
    const daLista: number[] = [];
    const troca: number[] = [];
    // Checked at each animation frame: the time (performance.now()) of the first frame with n cells.
    const celulas = async (n: number) =>
      Number(
        await (
          await pagina.waitForFunction(
            (n) => document.querySelectorAll('[data-jazigo]').length === n && performance.now(),
            n,
            { polling: 'raf', timeout: 60_000 },
          )
        ).jsonValue(),
      );
    // The next click's time on the same clock, taken by the page as the click is dispatched.
    const marcarClique = () =>
      pagina.evaluate(() =>
        document.addEventListener(
          'click',
          (e) => {
            (window as unknown as { clique: number }).clique = e.timeStamp;
          },
          { capture: true, once: true },
        ),
      );
    // From a click to the first frame with n cells: the frames watched from before the click (a
    // watch started after it would begin late, after the round trip, and find the cells there).
    const clicarEContar = async (alvo: Locator, n: number) => {
      await marcarClique();
      const fim = celulas(n);
      await alvo.click();
      const ate = await fim;
      return ate - (await pagina.evaluate(() => (window as unknown as { clique: number }).clique));
    };
    // On the open form: block B, then block A again (asked for by name: its request and its drawing).
    const trocarQuadra = async () => {
      const grade = pagina.getByTestId('grade-jazigos');
      const quadra = (q: string) => grade.locator('.ant-segmented-item').filter({ hasText: new RegExp(`^${q}$`) });
      await quadra('B').click();
      await celulas(1);
      return clicarEContar(quadra('A'), total);
    };
    // The app open on the cemeteries' list (loaded afresh: no cached plots), then the cemetery opened.
    const abrirDaLista = async () => {
      await pagina.goto('/cemiterio');
      const editar = pagina
        .getByRole('row', { name: /Cemitério da grade/ })
        .getByRole('button', { name: 'Editar', exact: true });
      await editar.waitFor();
      return clicarEContar(editar, total);
    };
    // The first run warms the server's and the browser's caches; it is not counted.
    for (let i = 0; i <= Number(values.execucoes); i++) {
      await pagina.goto('about:blank');
      await pagina.goto(`/cemiterio/form/${cemiterioId}`, { waitUntil: 'commit' });
      const fim = await celulas(total);
      // When the block's plots had arrived (the end of their answer), on the same clock.
      const chegada = await pagina.evaluate(
        () =>
          performance
            .getEntriesByType('resource')
            .find((r) => r.name.includes('/jazigos'))
            ?.toJSON().responseEnd as number,
      );
      const tempoTroca = await trocarQuadra();
      const tempoLista = await abrirDaLista();
      if (i > 0) {
        tempos.push(fim);
        desenho.push(fim - chegada);
        chegadas.push(chegada);
        troca.push(tempoTroca);
        daLista.push(tempoLista);
      }
    }
    if (values.perfil) {
      const cdp = await pagina.context().newCDPSession(pagina);
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
      for (const [nome, passo] of [
        ['troca', trocarQuadra],
        ['lista', abrirDaLista],
      ] as const) {
        await cdp.send('Profiler.start');
        await passo();
        const { profile } = await cdp.send('Profiler.stop');
        writeFileSync(path.join(values.perfil, `jazigos-${nome}.cpuprofile`), JSON.stringify(profile));
        // The renderer's own work too (style, layout, paint), for chromium's performance panel.
        await navegador.startTracing(pagina, {
          path: path.join(values.perfil, `jazigos-${nome}.trace.json`),
          categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline'],
        });
        await passo();
        await navegador.stopTracing();
      }
    }
    const linha = (nome: string, xs: number[]) => {
      xs.sort((a, b) => a - b);
      return `| ${nome} | ${xs.length} | ${xs[Math.floor(xs.length / 2)]!.toFixed(0)} | ${xs.at(-1)!.toFixed(0)} |`;
    };
    const bloco = `${total.toLocaleString('en')} plots (${fileiras} rows × ${porFileira})`;
    console.log('| grid of one block | runs | median ms | max ms |\n| --- | ---: | ---: | ---: |');
    console.log(linha(`${bloco}: navigation → last cell`, tempos));
    console.log(linha(`${bloco}: navigation → plots received`, chegadas));
    console.log(linha(`${bloco}: plots received → last cell`, desenho));
    console.log(linha(`${bloco}: list loaded, cemetery clicked → last cell`, daLista));
    console.log(linha(`${bloco}: form open, block A clicked after B → last cell`, troca));
  });
}

await principal();
