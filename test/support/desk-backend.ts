import { buildSync } from 'esbuild';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { openCore, type Core } from '@main/core/core';
import { createDispatch } from '@main/ipc/dispatch';
import { createHandlers } from '@main/ipc/handlers';
import { publishEvents } from '@main/ipc/events';
import { startSandbox, type Sandbox } from '../../electron/sandbox/server';
import { serveFolder } from './static-server';
import type { JournalStore } from '@main/journal/store';
import { testDesktop } from './desktop';
import { pdfFooter, type ConfirmOptions } from '@main/ipc/desktop';

/**
 * The preload, bundled from the same shared code as electron/preload/index.ts, over a Playwright
 * binding instead of ipcRenderer.
 */
export const preloadShim = buildSync({
  stdin: {
    contents: `import { API_KEY, buildApi } from './shared/ipc/api';
      import { startupReads } from './shared/ipc/startup-reads';
      const listeners = new Map();
      window.__feedDeskEmit = (event, payload) => (listeners.get(event) ?? []).forEach((l) => l(payload));
      window[API_KEY] = buildApi(
        // Main answers in JSON text: one string crosses Playwright's protocol, not an object tree
        // walked value by value (which cost ~200 ms for a 200-row page; Electron's IPC takes ~1 ms).
        (channel, request) => window.__feedDeskIpc(channel, request).then((text) => JSON.parse(text)),
        (event, listener) => {
          listeners.set(event, [...(listeners.get(event) ?? []), listener]);
          return () => listeners.set(event, (listeners.get(event) ?? []).filter((l) => l !== listener));
        },
        // Not on about:blank between the tests' pages, nor on a page that asks main for nothing
        // (the benchmarks' minimal form, loaded with ?no-startup-reads).
        window.location.protocol === 'about:' || new URLSearchParams(window.location.search).has('no-startup-reads')
          ? []
          : startupReads(window.location.hash),
      );`,
    resolveDir: process.cwd(),
    loader: 'ts',
  },
  bundle: true,
  format: 'iife',
  write: false,
}).outputFiles[0]!.text;

/** The main process as the page sees it: real core, real sandbox, real handlers, built renderer. */
export interface DeskBackend {
  core: Core;
  sandbox: Sandbox;
  url: string;
  answers: string[];
  /** Paths the save dialog stand-in returned (exports, summary PDFs), in order. */
  saved: string[];
  /** The kinds of file the save dialog stand-in "chooses" next ('csv'), first first; empty: the default kind. */
  saveAs: string[];
  /** Files the open dialog stand-in "chooses" next (push a path before the page asks); empty: cancelled. */
  toOpen: string[];
  /** What the native confirm dialog stand-in was asked, in order. */
  asked: ConfirmOptions[];
  /** How the person answers the next confirm dialogs, first first; empty: cancelled. */
  confirmAnswers: boolean[];
  /** Folders the file manager stand-in was asked to show. */
  opened: string[];
  close(): Promise<void>;
}

/** Starts the backend and binds a page's preload API to its handlers (sender checked per call). */
export async function startDeskBackend(
  page: Page,
  rendererDir: string,
  options: { journal?: () => Promise<JournalStore>; sandbox?: Sandbox; home?: string } = {},
): Promise<DeskBackend> {
  const sandbox = options.sandbox ?? (await startSandbox());
  // A data folder given again is the same desk started anew (a restart of main).
  const home = options.home ?? mkdtempSync(join(tmpdir(), 'feed-desk-e2e-'));
  const core = await openCore({
    home,
    ...(options.journal ? { journal: options.journal } : {}),
    sandboxUrl: () => sandbox.url,
    retry: { baseMs: 50, capMs: 200, maxAttempts: 3 },
  });
  // The save dialog picks a temporary path; "printToPDF" is Chromium's page.pdf of the page shown.
  const {
    desktop,
    saved,
    saveAs,
    toOpen,
    asked,
    answers: confirmAnswers,
    opened,
  } = testDesktop(async (footer) => page.pdf({ format: 'A4', printBackground: true, ...pdfFooter(footer) }));
  const dispatch = createDispatch(createHandlers(core, desktop));
  const server = await serveFolder(rendererDir);
  const answers: string[] = [];
  await page.exposeBinding('__feedDeskIpc', async (source, channel: string, request: unknown) => {
    if (source.frame !== page.mainFrame()) return { ok: false, error: { code: 'forbidden', message: 'not our frame' } };
    const answer = JSON.stringify(await dispatch(channel, request));
    answers.push(answer);
    return answer;
  });
  await page.addInitScript({ content: preloadShim });
  // Main's pushed events reach the page as the preload's subscription would deliver them.
  publishEvents(core, (event, payload) => {
    void page
      .evaluate(
        ([e, p]) => (window as unknown as { __feedDeskEmit(e: string, p: unknown): void }).__feedDeskEmit(e, p),
        [event, payload] as const,
      )
      .catch(() => undefined);
  });
  return {
    core,
    sandbox,
    url: server.url,
    answers,
    saved,
    saveAs,
    toOpen,
    asked,
    confirmAnswers,
    opened,
    async close() {
      await core.close();
      if (!options.sandbox) await sandbox.close();
      await server.close();
    },
  };
}
