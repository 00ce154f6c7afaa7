// The key SQLCipher encrypts a journal file with: the keychain's 256-bit random key itself, given
// as SQLCipher's raw key with the file's salt (as Signal-Desktop does), so no start pays PBKDF2's
// 256,000 rounds. A journal made by an earlier version is encrypted under a key derived from the
// keychain's (deriveKey); it is opened so once more and re-keyed (rewrite-key.ts, rekeyToRaw).
import Database from 'better-sqlite3-multiple-ciphers';
import { pbkdf2 } from 'node:crypto';
import { closeSync, existsSync, openSync, readSync, statSync } from 'node:fs';
import { promisify } from 'node:util';

/** The first 16 bytes of every plain SQLite file; an encrypted journal starts with its random salt. */
export const PLAIN_HEADER = 'SQLite format 3\u0000';

/** A journal key as SQLCipher 4 derives it for one file: the derived key and the file's salt. */
export interface DerivedKey {
  key: Buffer;
  salt: Buffer;
}

const pbkdf2Async = promisify(pbkdf2);

/**
 * SQLCipher 4's derivation of the key a file is encrypted with from the keychain's key and the
 * file's salt (PBKDF2-HMAC-SHA512, 256,000 rounds): the costly part of opening an encrypted
 * journal, run here in the thread pool rather than inside SQLite on the thread that opens it.
 */
export async function deriveKey(key: Buffer, salt: Buffer): Promise<DerivedKey> {
  return { key: await pbkdf2Async(key, salt, 256_000, 32, 'sha512'), salt };
}

/** A journal file's first 16 bytes; undefined for a missing or shorter file. */
function headOf(file: string): Buffer | undefined {
  if (!existsSync(file)) return undefined;
  const fd = openSync(file, 'r');
  try {
    const head = Buffer.alloc(16);
    return readSync(fd, head, 0, 16, 0) === 16 ? head : undefined;
  } finally {
    closeSync(fd);
  }
}

/** The salt of an encrypted journal file (its first 16 bytes); undefined for a missing, short or plain file. */
export function saltOf(file: string): Buffer | undefined {
  const head = headOf(file);
  return head && head.toString('latin1') !== PLAIN_HEADER ? head : undefined;
}

/** A raw key as SQLCipher takes it, with the salt the file is to carry: x'<key><salt>' in hex. */
export const rawKeyText = (key: Buffer, salt: Buffer) =>
  Buffer.from(`x'${key.toString('hex')}${salt.toString('hex')}'`);

/**
 * The key as SQLCipher takes it: the derived key in its raw form (no derivation) when it is for this
 * file's salt, with the salt when the file is new; else the keychain's key, which SQLCipher derives.
 */
export function keyFor(file: string, key: Buffer, derived: DerivedKey | undefined): Buffer {
  if (!derived) return key;
  const salt = saltOf(file);
  if (salt?.equals(derived.salt)) return Buffer.from(`x'${derived.key.toString('hex')}'`);
  if ((statSync(file, { throwIfNoEntry: false })?.size ?? 0) === 0) return rawKeyText(derived.key, derived.salt);
  return key;
}

/** Whether a journal file exists and is plain SQLite (not encrypted). */
export function isPlainJournal(file: string): boolean {
  return headOf(file)?.toString('latin1') === PLAIN_HEADER;
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
