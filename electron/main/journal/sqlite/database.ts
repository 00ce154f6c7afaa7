import Database from 'better-sqlite3-multiple-ciphers';
import { randomBytes } from 'node:crypto';
import { mkdirSync, statSync } from 'node:fs';
import { dirname } from 'node:path';
import { JournalKeyError, JournalVersionError } from '../errors';
import { MIGRATIONS } from './migrations';
import { isPlainJournal, openKeyed, saltOf, type DerivedKey } from './derived-key';
import { encryptInPlace } from './rewrite-key';

export {
  deriveKey,
  encryptingCopyOf,
  isPlainJournal,
  openKeyed,
  rawKeyText,
  saltOf,
  type DerivedKey,
} from './derived-key';
export { encryptInPlace, rekeyToRaw } from './rewrite-key';

/** How this computer's journal is opened: with its key (SQLCipher 4 settings) or plain. */
export interface JournalCipher {
  /** The 32-byte key from the keychain; none when no keychain can be used. */
  key?: Buffer;
  /**
   * The key SQLCipher encrypts the file with, and the file's salt: `key` itself for every journal
   * made or re-keyed since keys went raw (no derivation at all), or for an older journal the key
   * SQLCipher derived from `key` (see deriveKey). The journal's thread opens the file with it.
   */
  derived?: DerivedKey;
  /** Refuse a plain journal (an administrator's policy), rather than opening or creating one. */
  required?: boolean;
}

/** SQLite's page cache of this computer's journal, in KiB (filled only as pages are read). */
export const JOURNAL_CACHE_KIB = 65_536;

/** Reads the schema version; an unreadable file (wrong key, not a journal) is a plain refusal. */
function schemaVersion(db: Database.Database, file: string, keyed: boolean): number {
  try {
    return db.pragma('user_version', { simple: true }) as number;
  } catch (err) {
    db.close();
    if ((err as { code?: string }).code !== 'SQLITE_NOTADB') throw err;
    throw new JournalKeyError(
      keyed
        ? `The journal ${file} cannot be read with the key this computer's keychain holds for it (it was made on ` +
            'another computer or under another account, or its key was removed). Nothing was changed: restore the ' +
            'keychain that goes with it, or move the file aside to start a new journal.'
        : `The journal ${file} is encrypted and no keychain can be used to read its key. Nothing was changed: start ` +
            "the desktop's keychain (GNOME Keyring or KWallet on Linux) and open Feed Desk again.",
    );
  }
}

/**
 * Writes a new journal's first page under the key (its salt and header), in WAL mode as every open
 * sets: with `derived`, under that salt and derived key (no derivation inside SQLite).
 */
export function createEncrypted(file: string, key: Buffer, derived?: DerivedKey): void {
  mkdirSync(dirname(file), { recursive: true });
  const db = openKeyed(file, key, undefined, derived);
  db.pragma('journal_mode = WAL');
  db.close();
}

/** The lock database held while a data folder's journal key is made or its plain journal encrypted. */
export const lockOf = (file: string) => `${file}.key-lock`;

/**
 * Runs `fn` holding the key lock, waiting (blocking this thread, up to ten minutes) for a process
 * that holds it: for the journal's own thread; journalCipher waits for it without blocking.
 */
function holdingKeyLock(file: string, fn: () => void): void {
  const lock = new Database(lockOf(file), { timeout: 600_000 });
  try {
    lock.exec('BEGIN EXCLUSIVE');
    try {
      fn();
    } finally {
      lock.exec('ROLLBACK');
    }
  } finally {
    lock.close();
  }
}

/**
 * How a journal is keyed when only the keychain's key is given: a new file under it as the raw key
 * with a fresh salt, a file that opens under it as the raw key so; else (a journal of an earlier
 * version, or another key) undefined, and SQLCipher derives the key from it.
 */
export function rawKeyingOf(file: string, key: Buffer): DerivedKey | undefined {
  if ((statSync(file, { throwIfNoEntry: false })?.size ?? 0) === 0) return { key, salt: randomBytes(16) };
  const salt = saltOf(file);
  return salt && opensUnder(file, key, { key, salt }) ? { key, salt } : undefined;
}

/** Whether the journal file opens under `keying` (its key and salt as SQLCipher's raw key). */
export function opensUnder(file: string, key: Buffer, keying: DerivedKey): boolean {
  // Read-write, as the journal is opened: a WAL left by a crash is read (a read-only open may not).
  const db = openKeyed(file, key, { fileMustExist: true }, keying);
  try {
    db.pragma('user_version', { simple: true });
    return true;
  } catch (err) {
    if ((err as { code?: string }).code === 'SQLITE_NOTADB') return false;
    throw err;
  } finally {
    db.close();
  }
}

/**
 * Opens (creating if needed) the journal database: under its key when one is given (a plain
 * journal is encrypted in place first), then WAL, synchronous=FULL and foreign keys on every
 * open, then the numbered migrations. A newer schema is refused before anything is written.
 */
export function openDatabase(file: string, cipher: JournalCipher = {}): Database.Database {
  mkdirSync(dirname(file), { recursive: true });
  const { key } = cipher;
  if (!key && cipher.required) {
    throw new JournalKeyError(
      `This computer's journal must be encrypted (an administrator's setting), and no keychain can be used to ` +
        `keep its key, so ${file} was not opened. Start the desktop's keychain (GNOME Keyring or KWallet on Linux) ` +
        'and open Feed Desk again.',
    );
  }
  // Encrypted under the key lock, as journalCipher does: two processes never encrypt one journal at once.
  if (key && isPlainJournal(file)) holdingKeyLock(file, () => encryptInPlace(file, key));
  const db = openKeyed(file, key, undefined, cipher.derived ?? (key && rawKeyingOf(file, key)));
  const version = schemaVersion(db, file, key !== undefined);
  if (version > MIGRATIONS.length) {
    db.close();
    throw new JournalVersionError(
      `The journal ${file} was written by a newer Feed Desk (schema ${version}; this version knows up to ` +
        `${MIGRATIONS.length}). Update Feed Desk to open it; the journal was not changed.`,
    );
  }
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  db.pragma('busy_timeout = 5000');
  // Pages are decrypted as they enter SQLite's own cache: 64 MiB (SQLite's default is 2 MiB) keeps a
  // 100,000-row journal's pages decrypted once, not on every read (bench:journal, encrypted vs plain).
  db.pragma(`cache_size = -${JOURNAL_CACHE_KIB}`);
  // Each step reads the version inside its own IMMEDIATE transaction: two processes opening a new
  // journal at once (the app and the CLI) apply each migration once, never twice. Foreign keys are
  // off while they run (a table rebuild drops and renames a parent table) and checked before each
  // commit, as SQLite's own procedure for schema changes does.
  db.pragma('foreign_keys = OFF');
  const step = db.transaction((): boolean => {
    const current = db.pragma('user_version', { simple: true }) as number;
    if (current >= MIGRATIONS.length) return false;
    db.exec(MIGRATIONS[current] ?? '');
    const broken = db.pragma('foreign_key_check') as unknown[];
    if (broken.length > 0)
      throw new Error(`Journal migration ${current + 1} left ${broken.length} broken reference(s)`);
    db.pragma(`user_version = ${current + 1}`);
    return true;
  });
  try {
    while (step.immediate());
  } finally {
    db.pragma('foreign_keys = ON');
  }
  return db;
}
