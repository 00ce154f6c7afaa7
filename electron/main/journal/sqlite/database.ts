import Database from 'better-sqlite3-multiple-ciphers';
import { copyFileSync, existsSync, mkdirSync, openSync, readSync, closeSync, renameSync, rmSync } from 'node:fs';
import { dirname } from 'node:path';
import { JournalKeyError, JournalVersionError } from '../errors';
import { MIGRATIONS } from './migrations';

/** How this computer's journal is opened: with its key (SQLCipher 4 settings) or plain. */
export interface JournalCipher {
  /** The 32-byte key from the keychain; none when no keychain can be used. */
  key?: Buffer;
  /** Refuse a plain journal (an administrator's policy), rather than opening or creating one. */
  required?: boolean;
}

/** SQLite's page cache of this computer's journal, in KiB (filled only as pages are read). */
export const JOURNAL_CACHE_KIB = 65_536;

/** The first 16 bytes of every plain SQLite file; an encrypted journal starts with its random salt. */
const PLAIN_HEADER = 'SQLite format 3\u0000';

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

/** Where a plain journal is kept while its encrypted copy is made and checked. */
export const plainCopyOf = (file: string) => `${file}.plain-copy`;

/** Opens a journal file with the cipher settings of this computer's journal (SQLCipher 4), keyed when a key is given. */
export function openKeyed(file: string, key: Buffer | undefined, options?: Database.Options): Database.Database {
  const db = new Database(file, options);
  db.pragma(`cipher = 'sqlcipher'`);
  db.pragma('legacy = 4');
  if (key) db.key(key);
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

/** Writes a new journal's first page under the key (its salt and header), in WAL mode as every open sets. */
export function createEncrypted(file: string, key: Buffer): void {
  mkdirSync(dirname(file), { recursive: true });
  const db = openKeyed(file, key);
  db.pragma('journal_mode = WAL');
  db.close();
}

/** Counts and contents of every table, to check that an encrypted journal holds what its plain copy held. */
function fingerprint(db: Database.Database): string {
  const tables = db
    .prepare(`SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name`)
    .pluck()
    .all() as string[];
  return JSON.stringify(
    tables.map((table) => [
      table,
      (db.prepare(`SELECT * FROM "${table}"`).raw().all() as unknown[]).map((row) => JSON.stringify(row)).sort(),
    ]),
  );
}

/**
 * Encrypts a plain journal in place: its WAL is folded in, a copy is kept, the file is rewritten
 * under the key, and the copy is removed only once the encrypted journal reads back the same
 * tables and rows. A run stopped half-way finds the copy and finishes (or restores it) next time.
 */
export function encryptInPlace(file: string, key: Buffer): void {
  const copy = plainCopyOf(file);
  if (isPlainJournal(file)) {
    const plain = new Database(file);
    plain.pragma('wal_checkpoint(TRUNCATE)');
    plain.pragma('journal_mode = DELETE');
    plain.close();
    copyFileSync(file, `${copy}.part`);
    renameSync(`${copy}.part`, copy);
    const db = openKeyed(file, undefined);
    db.rekey(key);
    db.close();
  }
  if (!existsSync(copy)) return;
  const original = new Database(copy, { readonly: true });
  const encrypted = openKeyed(file, key, { readonly: true });
  try {
    const same = fingerprint(original) === fingerprint(encrypted);
    original.close();
    encrypted.close();
    if (!same) {
      renameSync(copy, file);
      throw new Error(`Encrypting the journal ${file} did not keep every row; the plain journal was put back`);
    }
  } catch (err) {
    if (original.open) original.close();
    if (encrypted.open) encrypted.close();
    throw err;
  }
  rmSync(copy);
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
  if (key && (isPlainJournal(file) || existsSync(plainCopyOf(file)))) encryptInPlace(file, key);
  const db = key ? openKeyed(file, key) : new Database(file);
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
