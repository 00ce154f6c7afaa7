import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import LongestFirst from './test/support/longest-first';

export default defineConfig({
  // `@shared/x` is shared/x, `@main/x` electron/main/x and `@test/x` test/x (tsconfig.base.json's paths).
  resolve: {
    alias: {
      '@shared': fileURLToPath(new URL('./shared', import.meta.url)),
      '@main': fileURLToPath(new URL('./electron/main', import.meta.url)),
      '@test': fileURLToPath(new URL('./test', import.meta.url)),
    },
  },
  test: {
    include: ['test/**/*.test.ts'],
    exclude: ['test/e2e/**'],
    testTimeout: 20_000,
    hookTimeout: 20_000,
    pool: 'forks',
    // Files run two at a time: each is a process of its own with its own temporary folders,
    // servers on ports from 0, PostgreSQL cluster and keychain items scoped by data folder. Four at a
    // time on two cores starved the tests that time a crash or a close (batched-claims, outbox-safety).
    maxWorkers: 2,
    sequence: { sequencer: LongestFirst },
    // The CLI tests start the built CLI (out/cli): built once here when stale, never by several workers at once.
    globalSetup: ['test/support/build-cli.ts'],
  },
});
