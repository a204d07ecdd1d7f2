import { defineConfig } from 'vitest/config';

/**
 * Two lanes: the API and packages on a real database (their global setup prepares it), and the
 * web's hooks and controls in happy-dom with Testing Library, which need no database.
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'api',
          include: ['apps/api/src/**/*.test.ts', 'packages/*/src/**/*.test.ts'],
          globalSetup: ['apps/api/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: 'forks',
        },
      },
      {
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
          setupFiles: ['apps/web/test/preparar.ts'],
          testTimeout: 15_000,
        },
      },
    ],
  },
});
