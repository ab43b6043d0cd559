import { defineConfig } from 'vitest/config';

// Tests against the real local cluster (test/cluster); run by `npm run test:cluster`.
export default defineConfig({
  test: {
    include: ['test/live/**/*.test.ts'],
    testTimeout: 240_000,
    hookTimeout: 240_000,
    pool: 'forks',
    fileParallelism: false,
  },
});
