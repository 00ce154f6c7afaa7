// The desk's updates: the feed address it follows (kept in its data folder, `update-feed.txt`, one
// line), and what makes an install wait (rows of this desk being sent, rows of an import still
// queued). The app hands in electron-updater's updater; nothing here imports Electron.
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AppUpdater } from 'electron-updater';
import type { Core } from '../core/core';
import { Updates, type UpdateHost } from './updates';

/** The file of the data folder that names the update feed this desk follows. */
export const FEED_FILE = 'update-feed.txt';

/** The feed address this desk follows, if one is set. */
export function deskFeed(home: string): string | undefined {
  const path = join(home, FEED_FILE);
  const line = existsSync(path) ? readFileSync(path, 'utf8').split('\n')[0]!.trim() : '';
  return line || undefined;
}

/** Sets (or, with undefined, removes) the feed address this desk follows. */
export function writeDeskFeed(home: string, feed: string | undefined): void {
  const path = join(home, FEED_FILE);
  if (feed === undefined) rmSync(path, { force: true });
  else writeFileSync(path, `${feed}\n`, { mode: 0o600 });
}

/** What makes an install wait on this desk: its rows being sent, and an import's rows still queued. */
export function deskHost(core: Core): UpdateHost {
  const operator = core.journal.location.user;
  return {
    async busy() {
      const [sending, queued] = await Promise.all(
        (['sending', 'queued'] as const).map(
          async (state) =>
            (await core.journal.list({ states: [state], operator, limit: 1 }, { countUpTo: 1000 })).total,
        ),
      );
      if (!sending && !queued) return undefined;
      const parts = [sending && `${sending} row(s) are being sent`, queued && `${queued} row(s) are queued`];
      return parts.filter(Boolean).join(' and ');
    },
    drained: () => core.outbox.drain(),
  };
}

/** The feed a desk follows: the office's, when its journal is an office's that names one; else its own. */
async function followedFeed(core: Core): Promise<string | undefined> {
  const office = core.journal.updateFeed ? (await core.journal.updateFeed.get()).url : null;
  return office ?? deskFeed(core.home);
}

/** The desk's updates, checking at start and every few hours (off, and saying why, without a feed). */
export async function startDeskUpdates(core: Core, updater: AppUpdater): Promise<Updates> {
  const feed = await followedFeed(core).catch(() => deskFeed(core.home));
  const updates = new Updates(updater, deskHost(core), feed);
  updates.start();
  return updates;
}
