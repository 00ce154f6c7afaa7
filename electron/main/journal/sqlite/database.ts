import Database from 'better-sqlite3-multiple-ciphers';
import { createHash, randomBytes } from 'node:crypto';
import {
  closeSync,
  copyFileSync,
  existsSync,
  fsyncSync,
  mkdirSync,
  openSync,
  readSync,
  renameSync,
  rmSync,
  statSync,
} from 'node:fs';
import { dirname } from 'node:path';
import { JournalKeyError, JournalVersionError } from '../errors';
import { MIGRATIONS } from './migrations';
import { keyFor, PLAIN_HEADER, rawKeyText, saltOf, type DerivedKey } from './derived-key';

export { deriveKey, rawKeyText, saltOf, type DerivedKey } from './derived-key';

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

/** Whether a journal file exists and is plain SQLite (not encrypted). */
export function isPlainJournal(file: string): boolean {
  if (!existsSync(file)) return false;
  const fd = openSync(file, 'r');
  try {
    const head = Buffer.alloc(16);
    return readSync(fd, head, 0, 16, 0) === 16 && head.toString('latin1') === PLAIN_HEADER;
  } finally {
    closeSync(fd);
  }
}

/** Where a plain journal's encrypted copy is made and checked before it replaces the journal. */
export const encryptingCopyOf = (file: string) => `${file}.encrypting`;

/** Opens a journal file with the cipher settings of this computer's journal (SQLCipher 4), keyed when a key is given. */
export function openKeyed(
  file: string,
  key: Buffer | undefined,
  options?: Database.Options,
  derived?: DerivedKey,
): Database.Database {
  const keying = key && keyFor(file, key, derived);
  const db = new Database(file, options);
  // Sorts and temporary tables stay in memory: a temporary file would hold journal contents in plain.
  db.pragma('temp_store = MEMORY');
  db.pragma(`cipher = 'sqlcipher'`);
  db.pragma('legacy = 4');
  if (keying) db.key(keying);
  return db;
}

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
 * Encrypts a plain journal (its caller holds the key lock): the plain journal is held (no other
 * process reads or writes it meanwhile), copied, the copy rewritten under the key and read back
 * against the original, and only then renamed over it. A run stopped at any point leaves the plain journal as it was (the
 * half-made copy is removed and the work begun again at the next open).
 */
export function encryptInPlace(file: string, key: Buffer): void {
  const next = encryptingCopyOf(file);
  const leftovers = () => [next, `${next}-journal`].forEach((path) => rmSync(path, { force: true }));
  leftovers();
  if (!isPlainJournal(file)) return;
  // Opening it read-write rolls back a transaction a crash left half-written and folds the WAL in.
  // Held from its first read on (exclusive locking): no other process opens it until it is replaced.
  const plain = new Database(file, { timeout: 0 });
  try {
    plain.pragma('temp_store = MEMORY');
    try {
      plain.pragma('locking_mode = EXCLUSIVE');
      plain.pragma('wal_checkpoint(TRUNCATE)');
      plain.pragma('journal_mode = DELETE');
      plain.exec('BEGIN EXCLUSIVE');
    } catch (err) {
      const { code } = err as { code?: string };
      if (code !== 'SQLITE_BUSY' && code !== 'SQLITE_LOCKED') throw err;
      throw new JournalKeyError(
        `The journal ${file} is to be encrypted, and another Feed Desk (the app or the CLI) has it open. Nothing ` +
          'was changed: close the other one and start again.',
      );
    }
    copyFileSync(file, next);
    // Under the keychain's key as SQLCipher's raw key (no derivation), with a salt of its own.
    const salt = randomBytes(16);
    const encrypted = openKeyed(next, undefined);
    try {
      encrypted.rekey(rawKeyText(key, salt));
    } finally {
      encrypted.close();
    }
    const check = openKeyed(next, key, { readonly: true }, { key, salt });
    const same = (() => {
      try {
        return fingerprint(check) === fingerprint(plain);
      } finally {
        check.close();
      }
    })();
    if (!same)
      throw new Error(`Encrypting the journal ${file} did not keep every row; the plain journal was not changed`);
    flush(next, 'file');
    // Windows renames over a file only once every handle on it is closed.
    if (process.platform === 'win32') plain.close();
    renameSync(next, file);
    flush(dirname(file), 'folder');
  } catch (err) {
    leftovers();
    throw err;
  } finally {
    if (plain.open) plain.close();
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
 * Re-keys a journal encrypted by an earlier version (under the key SQLCipher derived from the
 * keychain's, `derived`) to the keychain's key as its raw key, so no later start derives a key: the
 * journal is held (no other process reads or writes it meanwhile), copied, the copy re-keyed and
 * read back against the original, and only then renamed over it, as encryptInPlace does. A run
 * stopped at any point leaves the journal as it was. The caller holds the key lock. Returns the raw
 * key and salt; undefined when another Feed Desk has the journal open (it stays as it is, and the
 * next start tries again).
 */
export function rekeyToRaw(file: string, key: Buffer, derived: DerivedKey): DerivedKey | undefined {
  const next = encryptingCopyOf(file);
  const leftovers = () => [next, `${next}-journal`].forEach((path) => rmSync(path, { force: true }));
  leftovers();
  const salt = saltOf(file);
  if (!salt?.equals(derived.salt)) return undefined;
  const old = openKeyed(file, key, { timeout: 0 }, derived);
  try {
    try {
      old.pragma('locking_mode = EXCLUSIVE');
      old.pragma('wal_checkpoint(TRUNCATE)');
      old.pragma('journal_mode = DELETE');
      old.exec('BEGIN EXCLUSIVE');
    } catch (err) {
      const { code } = err as { code?: string };
      if (code === 'SQLITE_BUSY' || code === 'SQLITE_LOCKED') return undefined;
      throw err;
    }
    copyFileSync(file, next);
    const copy = openKeyed(next, key, undefined, derived);
    try {
      copy.rekey(rawKeyText(key, salt));
    } finally {
      copy.close();
    }
    const raw = { key, salt };
    const check = openKeyed(next, key, { readonly: true }, raw);
    const same = (() => {
      try {
        return fingerprint(check) === fingerprint(old);
      } finally {
        check.close();
      }
    })();
    if (!same) throw new Error(`Re-keying the journal ${file} did not keep every row; the journal was not changed`);
    flush(next, 'file');
    if (process.platform === 'win32') old.close();
    renameSync(next, file);
    flush(dirname(file), 'folder');
    return raw;
  } catch (err) {
    leftovers();
    throw err;
  } finally {
    if (old.open) old.close();
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
