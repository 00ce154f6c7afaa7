// Rewriting this computer's journal under another key, through a checked copy: a plain journal
// encrypted, a journal of an earlier version re-keyed to the raw key (see derived-key.ts).
import Database from 'better-sqlite3-multiple-ciphers';
import { createHash, randomBytes } from 'node:crypto';
import { closeSync, copyFileSync, fsyncSync, openSync, renameSync, rmSync } from 'node:fs';
import { dirname } from 'node:path';
import { JournalKeyError } from '../errors';
import { encryptingCopyOf, isPlainJournal, openKeyed, rawKeyText, saltOf, type DerivedKey } from './derived-key';

/** A digest of every table's rows, to check that an encrypted journal holds what its plain original held. */
function fingerprint(db: Database.Database): string {
  const hash = createHash('sha256');
  const tables = db
    .prepare(`SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name`)
    .pluck()
    .all() as string[];
  for (const table of tables) {
    hash.update(`\u0000${table}\u0000`);
    for (const row of db.prepare(`SELECT * FROM "${table}"`).raw().iterate()) hash.update(JSON.stringify(row));
  }
  return hash.digest('hex');
}

/** Flushes a file, or a folder so that a rename in it is durable (POSIX; Windows flushes no folder), to the disk. */
function flush(path: string, kind: 'file' | 'folder'): void {
  if (kind === 'folder' && process.platform === 'win32') return;
  const fd = openSync(path, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/**
 * Rewrites a journal under another key through a copy (its caller holds the key lock): the journal,
 * opened as `original`, is held from its first read on (exclusive locking: no other process reads
 * or writes it meanwhile; opening it read-write rolled back a transaction a crash left half-written,
 * and its WAL is folded in), copied, the copy re-keyed by `rekey`, read back under `check` against
 * the original, and only then renamed over it. A run stopped at any point leaves the journal as it
 * was (the half-made copy is removed, and the work begun again at the next open). False, with
 * nothing changed, when another process has the journal open.
 */
function rewriteThroughCopy(
  file: string,
  original: Database.Database,
  rekey: (copy: string) => void,
  check: { key: Buffer; keying: DerivedKey },
  lost: string,
): boolean {
  const next = encryptingCopyOf(file);
  try {
    try {
      original.pragma('locking_mode = EXCLUSIVE');
      original.pragma('wal_checkpoint(TRUNCATE)');
      original.pragma('journal_mode = DELETE');
      original.exec('BEGIN EXCLUSIVE');
    } catch (err) {
      const { code } = err as { code?: string };
      if (code === 'SQLITE_BUSY' || code === 'SQLITE_LOCKED') return false;
      throw err;
    }
    copyFileSync(file, next);
    rekey(next);
    const copy = openKeyed(next, check.key, { readonly: true }, check.keying);
    const same = (() => {
      try {
        return fingerprint(copy) === fingerprint(original);
      } finally {
        copy.close();
      }
    })();
    if (!same) throw new Error(lost);
    flush(next, 'file');
    // Windows renames over a file only once every handle on it is closed.
    if (process.platform === 'win32') original.close();
    renameSync(next, file);
    flush(dirname(file), 'folder');
    return true;
  } catch (err) {
    removeCopy(file);
    throw err;
  } finally {
    if (original.open) original.close();
  }
}

/** Removes a half-made copy a stopped rewrite left. */
const removeCopy = (file: string) =>
  [encryptingCopyOf(file), `${encryptingCopyOf(file)}-journal`].forEach((path) => rmSync(path, { force: true }));

/**
 * Encrypts a plain journal under the keychain's key as SQLCipher's raw key, with a salt of its own
 * (see rewriteThroughCopy); another process that has it open is a plain refusal.
 */
export function encryptInPlace(file: string, key: Buffer): void {
  removeCopy(file);
  if (!isPlainJournal(file)) return;
  const plain = new Database(file, { timeout: 0 });
  plain.pragma('temp_store = MEMORY');
  const salt = randomBytes(16);
  const encrypt = (copy: string) => {
    const db = openKeyed(copy, undefined);
    try {
      db.rekey(rawKeyText(key, salt));
    } finally {
      db.close();
    }
  };
  const lost = `Encrypting the journal ${file} did not keep every row; the plain journal was not changed`;
  if (!rewriteThroughCopy(file, plain, encrypt, { key, keying: { key, salt } }, lost)) {
    throw new JournalKeyError(
      `The journal ${file} is to be encrypted, and another Feed Desk (the app or the CLI) has it open. Nothing ` +
        'was changed: close the other one and start again.',
    );
  }
}

/**
 * Re-keys a journal encrypted by an earlier version (under the key SQLCipher derived from the
 * keychain's, `derived`) to the keychain's key as its raw key, so no later start derives a key (see
 * rewriteThroughCopy; the caller holds the key lock). Returns the raw key and salt; undefined when
 * another Feed Desk has the journal open (it stays as it is, and the next start tries again).
 */
export function rekeyToRaw(file: string, key: Buffer, derived: DerivedKey): DerivedKey | undefined {
  removeCopy(file);
  const salt = saltOf(file);
  if (!salt?.equals(derived.salt)) return undefined;
  const rekey = (copy: string) => {
    const db = openKeyed(copy, key, undefined, derived);
    try {
      db.rekey(rawKeyText(key, salt));
    } finally {
      db.close();
    }
  };
  const raw = { key, salt };
  const lost = `Re-keying the journal ${file} did not keep every row; the journal was not changed`;
  return rewriteThroughCopy(file, openKeyed(file, key, { timeout: 0 }, derived), rekey, { key, keying: raw }, lost)
    ? raw
    : undefined;
}
