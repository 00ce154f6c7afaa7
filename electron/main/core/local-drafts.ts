import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { JournalStore } from '../journal/store';
import { openText, sealText, setAside } from '../support/sealed-file';

/** Where a desk keeps drafts its office journal has not taken yet. */
export const WAITING_DRAFTS_FILE = 'drafts-waiting.json';

type Drafts = JournalStore['drafts'];
type Waiting = Record<string, { profile: string; payload: unknown; corrects?: number | null; updatedAt: string }>;

/** The drafts waiting in a data folder for the office journal, by screen; throws when the file cannot be read with the key. */
export function readWaitingDrafts(home: string, key: Buffer | undefined): Waiting {
  const path = join(home, WAITING_DRAFTS_FILE);
  return existsSync(path) ? (JSON.parse(openText(readFileSync(path, 'utf8'), key)) as Waiting) : {};
}

/** The drafts waiting in a data folder for the office journal, by screen (none when the file cannot be read with the key). */
export function waitingDrafts(home: string, key: Buffer | undefined): Waiting {
  try {
    return readWaitingDrafts(home, key);
  } catch {
    return {};
  }
}

/**
 * An office journal's drafts, kept on this computer until the journal has taken them: a save is
 * written to a small file in the data folder first, then to the journal (which waits out a
 * restart), and leaves the file once the journal has it. A draft typed while the office database
 * is down therefore survives the outage, and even closing Feed Desk meanwhile: get() gives the
 * waiting draft first, and hands it to the journal again. With this computer's journal key the
 * file is sealed under it, so a customer typed there is no more readable than in the journal.
 */
export function keepDraftsLocally(journal: JournalStore, home: string, key?: Buffer): JournalStore {
  const path = join(home, WAITING_DRAFTS_FILE);
  // A file this key cannot open (sealed under a key the keychain no longer holds) is moved aside,
  // not overwritten by the next save: restoring that keychain makes it readable again.
  const read = (): Waiting => {
    try {
      return readWaitingDrafts(home, key);
    } catch {
      setAside(path);
      return {};
    }
  };
  const write = (waiting: Waiting) => {
    const text = JSON.stringify(waiting);
    writeFileSync(`${path}.tmp`, key ? sealText(text, key) : text, { mode: 0o600 });
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
      const corrects = waiting.corrects ?? null;
      void inner.save(screen, waiting.profile, waiting.payload, corrects).then(
        () => settle(screen, waiting.updatedAt),
        () => undefined,
      );
      return { ...waiting, corrects };
    },
    async save(screen, profile, payload, corrects = null) {
      const updatedAt = new Date().toISOString();
      write({ ...read(), [screen]: { profile, payload, corrects, updatedAt } });
      await inner.save(screen, profile, payload, corrects);
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
