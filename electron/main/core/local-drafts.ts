import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { JournalStore } from '../journal/store';

/** Where a desk keeps drafts its office journal has not taken yet. */
export const WAITING_DRAFTS_FILE = 'drafts-waiting.json';

type Drafts = JournalStore['drafts'];
type Waiting = Record<string, { profile: string; payload: unknown; updatedAt: string }>;

/** The drafts waiting in a data folder for the office journal, by screen (none when the file cannot be read with the key). */
export function waitingDrafts(home: string, key: Buffer | undefined): Waiting {
  const path = join(home, WAITING_DRAFTS_FILE);
  try {
    return existsSync(path) ? unseal(readFileSync(path, 'utf8'), key) : {};
  } catch {
    return {};
  }
}

/** The waiting drafts under this computer's journal key (AES-256-GCM: nonce, tag, then the text), as the file holds them. */
function seal(waiting: Waiting, key: Buffer): string {
  const nonce = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, nonce);
  const text = Buffer.concat([cipher.update(JSON.stringify(waiting), 'utf8'), cipher.final()]);
  return JSON.stringify({ sealed: Buffer.concat([nonce, cipher.getAuthTag(), text]).toString('base64') });
}

/** The waiting drafts from the file's text: sealed under the key, or plain (no keychain, or written by an earlier version). */
function unseal(raw: string, key: Buffer | undefined): Waiting {
  const parsed = JSON.parse(raw) as Waiting | { sealed: string };
  if (typeof parsed.sealed !== 'string') return parsed as Waiting;
  if (!key) return {};
  const bytes = Buffer.from(parsed.sealed, 'base64');
  const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, 12));
  decipher.setAuthTag(bytes.subarray(12, 28));
  return JSON.parse(Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8')) as Waiting;
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
  const read = () => waitingDrafts(home, key);
  const write = (waiting: Waiting) => {
    writeFileSync(`${path}.tmp`, key ? seal(waiting, key) : JSON.stringify(waiting), { mode: 0o600 });
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
