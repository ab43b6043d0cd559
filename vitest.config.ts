import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    exclude: ['test/cluster/**', 'test/live/**', 'node_modules/**'],
    testTimeout: 20_000,
    pool: 'forks',
    setupFiles: ['test/setup/languages.ts'],
  },
});
