import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { JournalStore } from '../journal/store';

/** Where a desk keeps drafts its office journal has not taken yet. */
export const WAITING_DRAFTS_FILE = 'drafts-waiting.json';

type Drafts = JournalStore['drafts'];
type Waiting = Record<string, { profile: string; payload: unknown; updatedAt: string }>;

/**
 * An office journal's drafts, kept on this computer until the journal has taken them: a save is
 * written to a small file in the data folder first, then to the journal (which waits out a
 * restart), and leaves the file once the journal has it. A draft typed while the office database
 * is down therefore survives the outage, and even closing Feed Desk meanwhile: get() gives the
 * waiting draft first, and hands it to the journal again.
 */
export function keepDraftsLocally(journal: JournalStore, home: string): JournalStore {
  const path = join(home, WAITING_DRAFTS_FILE);
  const read = (): Waiting => {
    try {
      return existsSync(path) ? (JSON.parse(readFileSync(path, 'utf8')) as Waiting) : {};
    } catch {
      return {};
    }
  };
  const write = (waiting: Waiting) => {
    writeFileSync(`${path}.tmp`, JSON.stringify(waiting), { mode: 0o600 });
    renameSync(`${path}.tmp`, path);
  };
  const settle = (screen: string, updatedAt: string) => {
    const waiting = read();
    if (waiting[screen]?.updatedAt !== updatedAt) return; // typed again since: that save settles it
    delete waiting[screen];
    write(waiting);
  };
  const inner = journal.drafts;
  const drafts: Drafts = {
    async get(screen) {
      const waiting = read()[screen];
      if (!waiting) return inner.get(screen);
      void inner.save(screen, waiting.profile, waiting.payload).then(
        () => settle(screen, waiting.updatedAt),
        () => undefined,
      );
      return waiting;
    },
    async save(screen, profile, payload) {
      const updatedAt = new Date().toISOString();
      write({ ...read(), [screen]: { profile, payload, updatedAt } });
      await inner.save(screen, profile, payload);
      settle(screen, updatedAt);
    },
    async delete(screen) {
      const waiting = read();
      if (waiting[screen]) {
        delete waiting[screen];
        write(waiting);
      }
      await inner.delete(screen);
    },
  };
  return { ...journal, drafts };
}
