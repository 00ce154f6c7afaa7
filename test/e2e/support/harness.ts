import { test as base, type Page } from '@playwright/test';
import { existsSync } from 'node:fs';
import type { Core } from '@main/core/core';
import type { ConfirmOptions } from '@main/ipc/desktop';
import type { Sandbox } from '../../../electron/sandbox/server';
import { startDeskBackend } from '@test/support/desk-backend';

/** The built renderer; FEED_DESK_RENDERER points at another build (e.g. of the previous commit, to see a test fail). */
const RENDERER = process.env.FEED_DESK_RENDERER ?? 'out/renderer';

/** What each test gets: a page on the built renderer, the real core and sandbox behind it. */
export interface Desk {
  page: Page;
  core: Core;
  sandbox: Sandbox;
  /** Every IPC answer the page received, as JSON text (to prove no secret crosses). */
  answers: string[];
  /** Paths the native save dialog stand-in returned (exports, PDFs), in order. */
  saved: string[];
  /** The kinds of file the save dialog "chooses" next ('csv'); empty: the default kind. */
  saveAs: string[];
  /** Files the native open dialog stand-in "chooses" next (push a path first); empty: the person cancels. */
  toOpen: string[];
  /** Folders the file manager stand-in was asked to show ("Open folder"). */
  opened: string[];
  /** What main's native confirm dialog stand-in was asked, in order. */
  asked: ConfirmOptions[];
  /** How the person answers the next confirm dialogs, first first; empty: cancelled. */
  confirmAnswers: boolean[];
  open(hash?: string): Promise<void>;
}

export const test = base.extend<{ desk: Desk }>({
  desk: async ({ page }, use) => {
    if (!existsSync(`${RENDERER}/index.html`)) throw new Error('Build the renderer first: npm run build');
    const backend = await startDeskBackend(page, RENDERER);
    const errors: string[] = [];
    /** Errors count while the test runs; once the backend closes, the page's failed loads are ours. */
    let closing = false;
    page.on('pageerror', (err) => closing || errors.push(err.message));
    page.on('console', (msg) => {
      if (!closing && msg.type() === 'error') errors.push(msg.text());
    });
    await use({
      page,
      core: backend.core,
      sandbox: backend.sandbox,
      answers: backend.answers,
      saved: backend.saved,
      saveAs: backend.saveAs,
      toOpen: backend.toOpen,
      opened: backend.opened,
      asked: backend.asked,
      confirmAnswers: backend.confirmAnswers,
      open: async (hash = '#/new-entry') => {
        await page.goto(`${backend.url}/index.html${hash}`);
      },
    });
    closing = true;
    await backend.close();
    if (errors.length) throw new Error(`The page reported errors:\n${errors.join('\n')}`);
  },
});

export { expect } from '@playwright/test';
