import { register } from 'node:module';
import { defineConfig } from '@playwright/test';
import { CHROMIUM_LAUNCH } from './test/support/chromium';

// The harness loads the main-process handlers from source, whose office schema is .sql files
// imported as text (bin/sql-text-hooks.mjs); every process that reads this file registers it.
register('./bin/sql-text-hooks.mjs', import.meta.url);

/** End-to-end tests: the built renderer in Debian's Chromium, its API bound to the real main handlers. */
export default defineConfig({
  testDir: 'test/e2e',
  timeout: 30_000,
  // Two workers, each its own browser and its own main-process handlers, data folders and servers
  // (ports from 0), over one built renderer (out/renderer, read only).
  workers: 2,
  reporter: [['list'], ['json']],
  outputDir: 'test-results/e2e',
  use: {
    viewport: { width: 1280, height: 800 },
    launchOptions: CHROMIUM_LAUNCH,
  },
});
