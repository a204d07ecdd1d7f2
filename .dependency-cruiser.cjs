/**
 * Import rules checked by `npm run check` (docs/adr/0008-dependency-cruiser.md): no cycle anywhere
 * in apps/ and packages/, and a module of apps/api used by any other code only through its
 * index.ts.
 */
const MODULO = '^apps/api/src/modules/([^/]+)/';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'sem-ciclos',
      comment: 'An import cycle ties files (and modules) so neither can change or load alone.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'modulo-pelo-index',
      comment:
        "Another module's files are its own: use what its index.ts exports. The composition root " +
        '(modules/index.ts) is the one place that may reach past a face.',
      severity: 'error',
      from: { path: MODULO },
      to: {
        path: '^apps/api/src/modules/[^/]+/',
        pathNot: ['^apps/api/src/modules/$1/', '^apps/api/src/modules/[^/]+/index\\.ts$'],
      },
    },
    {
      name: 'modulo-pelo-index-de-fora',
      comment: 'Outside the modules (app, platform, tests, benches), a module is used through its index.ts too.',
      severity: 'error',
      from: { pathNot: ['^apps/api/src/modules/'] },
      to: { path: '^apps/api/src/modules/[^/]+/', pathNot: '^apps/api/src/modules/[^/]+/index\\.ts$' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['node_modules', '(^|/)dist/'] },
    tsConfig: { fileName: 'tsconfig.json' },
    tsPreCompilationDeps: true,
    combinedDependencies: true,
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
