import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['apps/e2e/specs/**/*.spec.ts'],
    globalSetup: ['apps/e2e/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 180_000,
    pool: 'forks',
    fileParallelism: false,
    // A cold first page (chunks parsed, database warming up) can take seconds on a busy CI machine.
    expect: { poll: { timeout: 15_000, interval: 100 } },
  },
});
