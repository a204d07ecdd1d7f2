import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/** Where the server's and the packages' tests live; `*.int.test.ts` among them need a database. */
const servidor = ['apps/api/src/**/*.test.ts', 'packages/*/src/**/*.test.ts'];
const INTEGRACAO = '**/*.int.test.ts';

/**
 * Three lanes. `unit`: pure functions of the API and the packages (`*.test.ts`), no database, in
 * seconds. `api`: the integration tests (`*.int.test.ts`) on a real database, which their global
 * setup prepares once. `web`: the web's hooks and controls in happy-dom with Testing Library.
 * `npm run test:unit` runs `unit` and `web`; `npm test` all three.
 */
export default defineConfig({
  test: {
    // Vitest leaves one core to itself by default: on two cores that ran one file at a time while
    // the main process idled. Every core works a file (bench/README.md, "npm test wall time").
    maxWorkers: availableParallelism(),
    projects: [
      {
        test: {
          name: 'unit',
          include: servidor,
          exclude: ['**/node_modules/**', INTEGRACAO],
          // Some drive a fake server or a zip bomb: seconds alone, more on a busy machine.
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'api',
          include: servidor.map((p) => p.replace('*.test.ts', '*.int.test.ts')),
          globalSetup: ['apps/api/test/global-setup.ts'],
          testTimeout: 30_000,
          // Two files at once on two cores: building a file's database and app may wait for a core.
          hookTimeout: 120_000,
          pool: 'forks',
          // A worker runs file after file in one process: the app's modules and PGlite's WASM load
          // once per worker, not once per file (~3 s of CPU each). Each file still gets its own
          // database and app (criarAppTeste); module state is registries and WeakMaps keyed by them.
          isolate: false,
        },
      },
      {
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
          setupFiles: ['apps/web/test/preparar.ts'],
          // antd and the app's modules load once per worker, not once per file: half the lane's
          // CPU (bench/README.md, "npm test wall time"). preparar.ts resets the shared state.
          isolate: false,
          testTimeout: 15_000,
        },
      },
    ],
  },
});
