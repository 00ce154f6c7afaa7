import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    exclude: ['test/e2e/**'],
    testTimeout: 20_000,
    hookTimeout: 20_000,
    pool: 'forks',
    // The CLI tests start the built CLI (out/cli): built once here when stale, never by several workers at once.
    globalSetup: ['test/support/build-cli.ts'],
  },
});
