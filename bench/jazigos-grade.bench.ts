/**
 * The plot grid of a 2,000-plot block (issue 20: renders in ≤ 1 s). bench/README.md, "Plot grid".
 *
 *   npm run build && npx tsx bench/jazigos-grade.bench.ts [--fileiras 20] [--jazigos 100] [--execucoes 7]
 *
 * The built product on a fresh PGlite database (bench/produto.ts); through the API, a cemetery
 * with one block of fileiras × jazigos plots, a third of them changed by hand to the other states
 * (reserved, occupied, in exhumation, unavailable). In Debian's chromium, signed in as the
 * administrator, each run opens the cemetery's form from a blank page and takes the time from
 * the navigation's start to the frame in which the last plot cell is in the page.
 */
import { parseArgs } from 'node:util';
import { ADMIN, entrar } from './comum.js';
import { comProduto } from './produto.js';

const { values } = parseArgs({
  options: {
    fileiras: { type: 'string', default: '20' },
    jazigos: { type: 'string', default: '100' },
    execucoes: { type: 'string', default: '7' },
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
    // The first run warms the server's and the browser's caches; it is not counted.
    for (let i = 0; i <= Number(values.execucoes); i++) {
      await pagina.goto('about:blank');
      await pagina.goto(`/cemiterio/form/${cemiterioId}`, { waitUntil: 'commit' });
      // Checked at each animation frame: the time (since the navigation's start) of the first frame with every cell.
      const ms = await pagina.waitForFunction(
        (n) => document.querySelectorAll('[data-jazigo]').length >= n && performance.now(),
        total,
        { polling: 'raf', timeout: 60_000 },
      );
      // When the block's plots had arrived (the end of their answer), on the same clock.
      const chegada = await pagina.evaluate(
        () =>
          performance
            .getEntriesByType('resource')
            .find((r) => r.name.includes('/jazigos'))
            ?.toJSON().responseEnd as number,
      );
      if (i > 0) {
        const fim = Number(await ms.jsonValue());
        tempos.push(fim);
        desenho.push(fim - chegada);
      }
    }
    const linha = (nome: string, xs: number[]) => {
      xs.sort((a, b) => a - b);
      return `| ${nome} | ${xs.length} | ${xs[Math.floor(xs.length / 2)]!.toFixed(0)} | ${xs.at(-1)!.toFixed(0)} |`;
    };
    const bloco = `${total.toLocaleString('en')} plots (${fileiras} rows × ${porFileira})`;
    console.log('| grid of one block | runs | median ms | max ms |\n| --- | ---: | ---: | ---: |');
    console.log(linha(`${bloco}: navigation → last cell`, tempos));
    console.log(linha(`${bloco}: plots received → last cell`, desenho));
  });
}

await principal();
