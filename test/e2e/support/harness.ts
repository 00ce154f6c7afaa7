import { test as base, type Page } from '@playwright/test';
import { buildSync } from 'esbuild';
import { mkdtempSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openCore, operatorName, type Core } from '../../../electron/main/core/core';
import { createDispatch } from '../../../electron/main/ipc/dispatch';
import { createHandlers } from '../../../electron/main/ipc/handlers';
import { startSandbox, type Sandbox } from '../../../electron/sandbox/server';
import { serveFolder } from './static-server';

const RENDERER = 'out/renderer';

/**
 * The preload, bundled from the same shared code as electron/preload/index.ts, over a Playwright
 * binding instead of ipcRenderer.
 */
const preloadShim = buildSync({
  stdin: {
    contents: `import { API_KEY, buildApi } from './shared/ipc/api';
      window[API_KEY] = buildApi((channel, request) => window.__feedDeskIpc(channel, request));`,
    resolveDir: process.cwd(),
    loader: 'ts',
  },
  bundle: true,
  format: 'iife',
  write: false,
}).outputFiles[0]!.text;

/** What each test gets: a page on the built renderer, the real core and sandbox behind it. */
export interface Desk {
  page: Page;
  core: Core;
  sandbox: Sandbox;
  /** Every IPC answer the page received, as JSON text (to prove no secret crosses). */
  answers: string[];
  open(hash?: string): Promise<void>;
}

export const test = base.extend<{ desk: Desk }>({
  desk: async ({ page }, use) => {
    if (!existsSync(join(RENDERER, 'index.html'))) throw new Error('Build the renderer first: npm run build');
    const sandbox = await startSandbox();
    const home = mkdtempSync(join(tmpdir(), 'feed-desk-e2e-'));
    const core = openCore({ home, sandboxUrl: () => sandbox.url, retry: { baseMs: 50, capMs: 200, maxAttempts: 3 } });
    const dispatch = createDispatch(
      createHandlers(core, { version: 'e2e', operator: operatorName(), sandboxUrl: () => sandbox.url }),
    );
    const server = await serveFolder(RENDERER);
    const answers: string[] = [];
    await page.exposeBinding('__feedDeskIpc', async (source, channel: string, request: unknown) => {
      if (source.frame !== page.mainFrame())
        return { ok: false, error: { code: 'forbidden', message: 'not our frame' } };
      const answer = await dispatch(channel, request);
      answers.push(JSON.stringify(answer));
      return answer;
    });
    await page.addInitScript({ content: preloadShim });
    const errors: string[] = [];
    page.on('pageerror', (err) => errors.push(err.message));
    page.on('console', (msg) => {
      if (msg.type() === 'error') errors.push(msg.text());
    });
    await use({
      page,
      core,
      sandbox,
      answers,
      open: async (hash = '#/new-entry') => {
        await page.goto(`${server.url}/index.html${hash}`);
      },
    });
    await core.close();
    await sandbox.close();
    await server.close();
    if (errors.length) throw new Error(`The page reported errors:\n${errors.join('\n')}`);
  },
});

export { expect } from '@playwright/test';
