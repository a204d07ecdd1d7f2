// Bundles the API into one ESM file; npm packages stay external, workspace sources are inlined.
import { cpSync, rmSync } from 'node:fs';
import { build } from 'esbuild';

rmSync('dist', { recursive: true, force: true });

await build({
  entryPoints: ['src/main.ts'],
  outfile: 'dist/main.js',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  packages: 'external',
  alias: {
    '@sig/asaas-fake': '../../packages/asaas-fake/src/index.ts',
    '@sig/contracts': '../../packages/contracts/src/index.ts',
    '@sig/db/seed': '../../packages/db/src/seed/index.ts',
    '@sig/db': '../../packages/db/src/index.ts',
    '@sig/i18n': '../../packages/i18n/src/index.ts',
  },
  banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
  logLevel: 'warning',
});
cpSync('../../packages/db/migrations', 'dist/migrations', { recursive: true });
